/**
 * Aggregate SQL over the outbox and events. Each query reads one campaign's (or workspace's) slice
 * of an index that holds every column it needs; unique counts are distinct leads, plus one per
 * event whose lead has since been deleted.
 */
import type { CampaignStatus } from "@prospector/contracts";
import { sql } from "drizzle-orm";
import type { Tx } from "./campaigns.repository.ts";

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
const num = (v: unknown) => Number(v ?? 0);

export interface EventTotals {
  opens: number;
  unique_opens: number;
  bot_opens: number;
  clicks: number;
  unique_clicks: number;
  bot_clicks: number;
  replies: number;
  bounces: number;
  unsubscribes: number;
  meetings: number;
}

const uniq = (cond: string) =>
  sql.raw(`count(distinct lead_id) filter (where ${cond}) + count(*) filter (where ${cond} and lead_id is null)`);

const EVENT_TOTALS = sql`
  count(*) filter (where type = 'open' and not is_bot) as opens,
  ${uniq("type = 'open' and not is_bot")} as unique_opens,
  count(*) filter (where type = 'open' and is_bot) as bot_opens,
  count(*) filter (where type = 'click' and not is_bot) as clicks,
  ${uniq("type = 'click' and not is_bot")} as unique_clicks,
  count(*) filter (where type = 'click' and is_bot) as bot_clicks,
  ${uniq("type = 'reply'")} as replies,
  ${uniq("type = 'bounce'")} as bounces,
  ${uniq("type = 'unsubscribe'")} as unsubscribes,
  ${uniq("type = 'meeting'")} as meetings`;

const toTotals = (r: Record<string, unknown> | undefined): EventTotals => ({
  opens: num(r?.opens),
  unique_opens: num(r?.unique_opens),
  bot_opens: num(r?.bot_opens),
  clicks: num(r?.clicks),
  unique_clicks: num(r?.unique_clicks),
  bot_clicks: num(r?.bot_clicks),
  replies: num(r?.replies),
  bounces: num(r?.bounces),
  unsubscribes: num(r?.unsubscribes),
  meetings: num(r?.meetings),
});

/** Event totals of one campaign, or of a workspace since a time. */
export async function eventTotals(db: Tx, scope: { campaignId: string } | { workspaceId: string; since: Date }): Promise<EventTotals> {
  const where =
    "campaignId" in scope
      ? sql`campaign_id = ${scope.campaignId}`
      : sql`workspace_id = ${scope.workspaceId} and occurred_at >= ${scope.since.toISOString()}`;
  const res = await db.execute(sql`select ${EVENT_TOTALS} from campaign_events where ${where}`);
  return toTotals(rowsOf<Record<string, unknown>>(res)[0]);
}

export async function messageTotals(
  db: Tx,
  campaignId: string,
): Promise<{ sent: number; queued: number; failed: number; last_sent_at: Date | null }> {
  const res = await db.execute(sql`
    select count(sent_at) as sent,
      count(*) filter (where status in ('queued', 'sending')) as queued,
      count(*) filter (where status = 'failed') as failed,
      max(sent_at) as last_sent_at
    from campaign_messages where campaign_id = ${campaignId}`);
  const r = rowsOf<Record<string, unknown>>(res)[0];
  return {
    sent: num(r?.sent),
    queued: num(r?.queued),
    failed: num(r?.failed),
    last_sent_at: r?.last_sent_at ? new Date(r.last_sent_at as string) : null,
  };
}

export async function sentSince(db: Tx, column: "campaign_id" | "workspace_id", id: string, from: Date, to?: Date): Promise<number> {
  const res = await db.execute(sql`
    select count(*) as n from campaign_messages
    where ${sql.identifier(column)} = ${id} and sent_at >= ${from.toISOString()} ${to ? sql`and sent_at < ${to.toISOString()}` : sql``}`);
  return num(rowsOf<{ n: unknown }>(res)[0]?.n);
}

export interface DayRow {
  day: string;
  sent: number;
  delivered: number;
  opens: number;
  unique_opens: number;
  clicks: number;
  replies: number;
  bounces: number;
  unsubscribes: number;
  meetings: number;
}

/** Whose figures: one campaign's slice of the indexes, or the whole workspace's. */
export type Scope = "campaign_id" | "workspace_id";

/**
 * Per local calendar day in `tz`, for one campaign or a workspace: sent and delivered (not
 * bounced) by send day from the outbox, the rest by when they happened from events. Both read
 * only an index: (scope, sent_at, …, status) and (scope, occurred_at, type, is_bot, …, lead_id).
 */
export async function dailySeries(db: Tx, scope: Scope, id: string, tz: string, from: Date, to: Date): Promise<DayRow[]> {
  const col = sql.identifier(scope);
  const [events, sent] = await Promise.all([
    db.execute(sql`
      select to_char(occurred_at at time zone ${tz}, 'YYYY-MM-DD') as day,
        count(*) filter (where type = 'open' and not is_bot) as opens,
        ${uniq("type = 'open' and not is_bot")} as unique_opens,
        count(*) filter (where type = 'click' and not is_bot) as clicks,
        ${uniq("type = 'reply'")} as replies,
        ${uniq("type = 'bounce'")} as bounces,
        ${uniq("type = 'unsubscribe'")} as unsubscribes,
        ${uniq("type = 'meeting'")} as meetings
      from campaign_events
      where ${col} = ${id} and occurred_at >= ${from.toISOString()} and occurred_at < ${to.toISOString()}
      group by 1`),
    db.execute(sql`
      select to_char(sent_at at time zone ${tz}, 'YYYY-MM-DD') as day, count(*) as sent,
        count(*) filter (where status <> 'bounced') as delivered
      from campaign_messages
      where ${col} = ${id} and sent_at >= ${from.toISOString()} and sent_at < ${to.toISOString()}
      group by 1`),
  ]);
  const byDay = new Map<string, DayRow>();
  const get = (d: string) => {
    let row = byDay.get(d);
    if (!row) {
      row = { day: d, sent: 0, delivered: 0, opens: 0, unique_opens: 0, clicks: 0, replies: 0, bounces: 0, unsubscribes: 0, meetings: 0 };
      byDay.set(d, row);
    }
    return row;
  };
  for (const r of rowsOf<Record<string, unknown>>(events)) {
    Object.assign(get(String(r.day)), {
      opens: num(r.opens),
      unique_opens: num(r.unique_opens),
      clicks: num(r.clicks),
      replies: num(r.replies),
      bounces: num(r.bounces),
      unsubscribes: num(r.unsubscribes),
      meetings: num(r.meetings),
    });
  }
  for (const r of rowsOf<Record<string, unknown>>(sent))
    Object.assign(get(String(r.day)), { sent: num(r.sent), delivered: num(r.delivered) });
  return [...byDay.values()];
}

export interface CampaignPeriodRow {
  sent: number;
  delivered: number;
  events: EventTotals;
}

/**
 * Each campaign of the workspace with sends or events in [from, to): the same totals as one
 * campaign's metrics, grouped by campaign over the workspace's slice of the covering indexes.
 */
export async function campaignPeriodTotals(db: Tx, workspaceId: string, from: Date, to: Date): Promise<Map<string, CampaignPeriodRow>> {
  const f = from.toISOString();
  const t = to.toISOString();
  const [events, sent] = await Promise.all([
    db.execute(sql`
      select campaign_id, ${EVENT_TOTALS} from campaign_events
      where workspace_id = ${workspaceId} and occurred_at >= ${f} and occurred_at < ${t}
      group by campaign_id`),
    db.execute(sql`
      select campaign_id, count(*) as sent, count(*) filter (where status <> 'bounced') as delivered
      from campaign_messages
      where workspace_id = ${workspaceId} and sent_at >= ${f} and sent_at < ${t}
      group by campaign_id`),
  ]);
  const out = new Map<string, CampaignPeriodRow>();
  for (const r of rowsOf<Record<string, unknown>>(events)) out.set(String(r.campaign_id), { sent: 0, delivered: 0, events: toTotals(r) });
  for (const r of rowsOf<Record<string, unknown>>(sent)) {
    const id = String(r.campaign_id);
    out.set(id, { events: out.get(id)?.events ?? toTotals(undefined), sent: num(r.sent), delivered: num(r.delivered) });
  }
  return out;
}

/** Names and states of some of the workspace's campaigns. */
export async function campaignNames(
  db: Tx,
  workspaceId: string,
  ids: string[],
): Promise<Map<string, { name: string; status: CampaignStatus }>> {
  if (ids.length === 0) return new Map();
  const res = await db.execute(sql`
    select id, name, status from campaigns
    where workspace_id = ${workspaceId} and id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  return new Map(
    rowsOf<{ id: string; name: string; status: CampaignStatus }>(res).map((r) => [String(r.id), { name: r.name, status: r.status }]),
  );
}

export interface Bucket {
  bucket: number;
  sent: number;
  opens: number;
  clicks: number;
  replies: number;
  bounces: number;
}

/** Counts per `seconds`-wide bucket from `from` (bucket 0) to now. Opens and clicks are human only. */
export async function buckets(db: Tx, campaignId: string, from: Date, seconds: number): Promise<Bucket[]> {
  const f = from.toISOString();
  const [events, sent] = await Promise.all([
    db.execute(sql`
      select floor(extract(epoch from occurred_at - ${f}::timestamptz) / ${seconds})::int as bucket,
        count(*) filter (where type = 'open' and not is_bot) as opens,
        count(*) filter (where type = 'click' and not is_bot) as clicks,
        count(*) filter (where type = 'reply') as replies,
        count(*) filter (where type = 'bounce') as bounces
      from campaign_events where campaign_id = ${campaignId} and occurred_at >= ${f}::timestamptz group by 1`),
    db.execute(sql`
      select floor(extract(epoch from sent_at - ${f}::timestamptz) / ${seconds})::int as bucket, count(*) as sent
      from campaign_messages where campaign_id = ${campaignId} and sent_at >= ${f}::timestamptz group by 1`),
  ]);
  const out = new Map<number, Bucket>();
  const get = (b: number) => {
    let row = out.get(b);
    if (!row) {
      row = { bucket: b, sent: 0, opens: 0, clicks: 0, replies: 0, bounces: 0 };
      out.set(b, row);
    }
    return row;
  };
  for (const r of rowsOf<Record<string, unknown>>(events)) {
    Object.assign(get(num(r.bucket)), { opens: num(r.opens), clicks: num(r.clicks), replies: num(r.replies), bounces: num(r.bounces) });
  }
  for (const r of rowsOf<Record<string, unknown>>(sent)) get(num(r.bucket)).sent = num(r.sent);
  return [...out.values()];
}

export async function statusCounts(db: Tx, workspaceId: string): Promise<Record<string, number>> {
  const res = await db.execute(sql`select status, count(*) as n from campaigns where workspace_id = ${workspaceId} group by status`);
  return Object.fromEntries(rowsOf<{ status: string; n: unknown }>(res).map((r) => [r.status, num(r.n)]));
}

/** The workspace's campaigns with the most replies since `from`, with what they sent in that time. */
export async function topCampaigns(db: Tx, workspaceId: string, from: Date, limit: number) {
  const f = from.toISOString();
  const res = await db.execute(sql`
    with replies as (
      select campaign_id, count(distinct lead_id) + count(*) filter (where lead_id is null) as replies
      from campaign_events
      where workspace_id = ${workspaceId} and occurred_at >= ${f} and type = 'reply'
      group by campaign_id order by 2 desc limit ${limit}
    )
    select c.id, c.name, c.status, r.replies,
      (select count(*) from campaign_messages m where m.campaign_id = c.id and m.sent_at >= ${f}) as sent
    from replies r join campaigns c on c.id = r.campaign_id
    order by r.replies desc, c.name`);
  return rowsOf<Record<string, unknown>>(res).map((r) => ({
    id: String(r.id),
    name: String(r.name),
    status: r.status as "active",
    sent: num(r.sent),
    replies: num(r.replies),
  }));
}
