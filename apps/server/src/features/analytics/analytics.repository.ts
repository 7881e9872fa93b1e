/**
 * SQL of the analytics engine (docs/analytics.md "The engine"). One definition of every mail
 * figure — MESSAGE_FACTS, a row per sent campaign message with its 0/1 flags — feeds both the live
 * recount and the analytics_daily rollup, so the two agree exactly. Leads and deals are read live
 * over their (workspace, created_at) indexes.
 */
import type { DimensionKey } from "@prospector/contracts";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";

export type { Db };

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** The mail counts the rollup keeps (delivered = sent − bounced). */
export const MAIL_COUNTS = ["sent", "bounced", "opened", "clicked", "replied", "meetings", "unsubscribed", "complaints"] as const;
export type MailCount = (typeof MAIL_COUNTS)[number];

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** Each counted event type's bit in a message's flags. */
const BITS = { open: 1, click: 2, reply: 4, meeting: 8, unsubscribe: 16, complaint: 32 } as const;
const TYPE_BIT = sql.raw(
  `case e.type ${Object.entries(BITS)
    .map(([t, b]) => `when '${t}' then ${b}`)
    .join(" ")} else 0 end`,
);
const flag = (bit: number) => sql.raw(`(f.flags & ${bit} > 0)::int`);

/**
 * One row per sent message of the workspace matching `where` (over campaign_messages m): its grain
 * and 0/1 flags. A person's event counts for a message when recorded on it; an event recorded
 * without one (a meeting marked on the lead) counts for the lead's latest message in the campaign
 * sent at or before it (every such message on a tie). Bots and mail-privacy proxies never count;
 * auto-replies are not replies. `orphansFrom`: no message matching `where` was sent before it.
 */
export const messageFacts = (workspaceId: string, where: SQL, orphansFrom: SQL) => sql`
  select f.day, f.campaign_id, f.inbox_id, f.step, f.variant, 1 as sent, f.bounced,
    ${flag(BITS.open)} as opened, ${flag(BITS.click)} as clicked, ${flag(BITS.reply)} as replied,
    ${flag(BITS.meeting)} as meetings, ${flag(BITS.unsubscribe)} as unsubscribed, ${flag(BITS.complaint)} as complaints
  from (
    select (m.sent_at at time zone 'UTC')::date as day, m.campaign_id, m.inbox_id, m.step, m.variant,
      (m.status = 'bounced')::int as bounced,
      coalesce((select bit_or(${TYPE_BIT}) from campaign_events e where e.message_id = m.id and not e.is_bot), 0)
        | coalesce(o.flags, 0) as flags
    from campaign_messages m
    left join (
      select n.id, bit_or(${TYPE_BIT}) as flags
      from campaign_events e
      join campaign_messages n on n.campaign_id = e.campaign_id and n.lead_id = e.lead_id
        and n.sent_at = (select max(n2.sent_at) from campaign_messages n2
          where n2.campaign_id = e.campaign_id and n2.lead_id = e.lead_id and n2.sent_at <= e.occurred_at)
      where e.workspace_id = ${workspaceId} and e.occurred_at >= ${orphansFrom} and e.message_id is null and not e.is_bot
      group by n.id
    ) o on o.id = m.id
    where m.sent_at is not null and ${where}
  ) f`;

export interface MailFilters {
  campaignIds?: string[];
  inboxIds?: string[];
  ownerIds?: string[];
}

/**
 * A dimension: the value grouped by (`raw`, cheap to hash: a date, a uuid, a number) and how the
 * grouped value is written out (`fmt`, applied once per group, not once per row).
 */
interface Dim {
  raw: SQL;
  fmt: (k: SQL) => SQL;
}
const asText = (k: SQL) => sql`${k}::text`;

/** A time dimension over a UTC timestamp (or date) expression `at`. */
function timeDim(d: DimensionKey, at: SQL): Dim | null {
  switch (d) {
    case "day":
      return { raw: sql`(${at})::date`, fmt: (k) => sql`to_char(${k}, 'YYYY-MM-DD')` };
    case "week":
      return { raw: sql`date_trunc('week', ${at})`, fmt: (k) => sql`to_char(${k}, 'YYYY-MM-DD')` };
    case "month":
      return { raw: sql`date_trunc('month', ${at})`, fmt: (k) => sql`to_char(${k}, 'YYYY-MM')` };
    case "weekday":
      return { raw: sql`extract(isodow from ${at})::int`, fmt: asText };
    default:
      return null;
  }
}

/** One dimension over a relation g with day/campaign_id/inbox_id/step/variant and c (campaigns). */
function mailDim(d: DimensionKey): Dim {
  const t = timeDim(d, sql`g.day::timestamp`);
  if (t) return t;
  switch (d) {
    case "campaign":
      return { raw: sql`g.campaign_id`, fmt: asText };
    case "inbox":
      return { raw: sql`g.inbox_id`, fmt: asText };
    case "step":
      return { raw: sql`g.step`, fmt: asText };
    case "variant":
      return { raw: sql`g.variant`, fmt: asText };
    case "owner":
      return { raw: sql`c.created_by`, fmt: asText };
    default:
      throw new Error(`dimension ${d} is not a mail dimension`);
  }
}

export type GroupRow = { keys: (string | null)[]; values: Record<string, number> };

/**
 * The select list and group by of a grouped query keyed k0, k1… by their raw values, and `keyed`,
 * which wraps that query to write the keys out (once per group) beside its value columns.
 */
function grouped(dims: readonly DimensionKey[], dimOf: (d: DimensionKey) => Dim) {
  const defs = dims.map(dimOf);
  const select = defs.map((d, i) => sql`${d.raw} as ${sql.identifier(`k${i}`)}`);
  const groupBy = dims.length
    ? sql`group by ${sql.join(
        select.map((_, i) => sql.raw(String(i + 1))),
        sql`, `,
      )}`
    : sql``;
  const keyed = (inner: SQL, values: readonly string[]) =>
    dims.length
      ? sql`select ${sql.join(
          [
            ...defs.map((d, i) => sql`${d.fmt(sql`x.${sql.identifier(`k${i}`)}`)} as ${sql.identifier(`k${i}`)}`),
            ...values.map((v) => sql`x.${sql.identifier(v)}`),
          ],
          sql`, `,
        )} from (${inner}) x`
      : inner;
  return { select, groupBy, keyed };
}

/** Groups with data only: without dimensions, SQL answers one row of zeros for an empty period. */
function toGroupRows(res: unknown, dims: readonly DimensionKey[], counts: readonly string[]): GroupRow[] {
  return rowsOf<Record<string, unknown>>(res)
    .map((r) => ({
      keys: dims.map((_, i) => (r[`k${i}`] == null ? null : String(r[`k${i}`]))),
      values: Object.fromEntries(counts.map((c) => [c, Number(r[c] ?? 0)])),
    }))
    .filter((r) => Object.values(r.values).some((v) => v !== 0));
}

/**
 * Mail counts grouped by `dims` for UTC days [from, to] — from the rollup, or recounted live from
 * the outbox and events (the bench's baseline and the property tests' reference).
 */
export async function mailGroups(
  db: Db,
  source: "rollup" | "live",
  workspaceId: string,
  range: { from: string; to: string },
  dims: readonly DimensionKey[],
  filters: MailFilters,
): Promise<GroupRow[]> {
  const conds: SQL[] = [];
  if (filters.campaignIds?.length) conds.push(sql`g.campaign_id in (${list(filters.campaignIds)})`);
  if (filters.inboxIds?.length) conds.push(sql`g.inbox_id in (${list(filters.inboxIds)})`);
  if (filters.ownerIds?.length) conds.push(sql`c.created_by in (${list(filters.ownerIds)})`);
  const extra = conds.length ? sql` and ${sql.join(conds, sql` and `)}` : sql``;
  const relation =
    source === "rollup"
      ? sql`(select * from analytics_daily where workspace_id = ${workspaceId} and day >= ${range.from}::date and day <= ${range.to}::date)`
      : sql`(${messageFacts(
          workspaceId,
          sql`m.workspace_id = ${workspaceId} and m.sent_at >= ${range.from}::date::timestamp at time zone 'UTC'
            and m.sent_at < (${range.to}::date + 1)::timestamp at time zone 'UTC'${
              filters.campaignIds?.length ? sql` and m.campaign_id in (${list(filters.campaignIds)})` : sql``
            }`,
          sql`${range.from}::date::timestamp at time zone 'UTC'`,
        )})`;
  // The campaign's owner is the only thing read from campaigns: join it only when asked for.
  const needsOwner = dims.includes("owner") || Boolean(filters.ownerIds?.length);
  const { select, groupBy, keyed } = grouped(dims, mailDim);
  const sums = MAIL_COUNTS.map((c) => sql`coalesce(sum(g.${sql.identifier(c)}), 0)::bigint as ${sql.identifier(c)}`);
  const res = await db.execute(
    keyed(
      sql`
    select ${sql.join([...select, ...sums], sql`, `)}
    from ${relation} g ${needsOwner ? sql`join campaigns c on c.id = g.campaign_id` : sql``}
    where true${extra}
    ${groupBy}`,
      MAIL_COUNTS,
    ),
  );
  return toGroupRows(res, dims, MAIL_COUNTS).filter((r) => (r.values.sent ?? 0) > 0);
}

const inRange = (col: SQL, range: { from: string; to: string }) =>
  sql`${col} >= ${range.from}::date::timestamp at time zone 'UTC' and ${col} < (${range.to}::date + 1)::timestamp at time zone 'UTC'`;

/** Leads added per group (leads.created_at in UTC days; owner = owner_id; lead_source = source). */
export async function leadGroups(
  db: Db,
  workspaceId: string,
  range: { from: string; to: string },
  dims: readonly DimensionKey[],
  filters: { ownerIds?: string[]; leadSources?: string[] },
): Promise<GroupRow[]> {
  const dimOf = (d: DimensionKey): Dim => {
    const t = timeDim(d, sql`(l.created_at at time zone 'UTC')`);
    if (t) return t;
    if (d === "owner") return { raw: sql`l.owner_id`, fmt: asText };
    if (d === "lead_source") return { raw: sql`l.source`, fmt: (k) => k };
    throw new Error(`dimension ${d} is not a lead dimension`);
  };
  const { select, groupBy, keyed } = grouped(dims, dimOf);
  const res = await db.execute(
    keyed(
      sql`
    select ${sql.join([...select, sql`count(*) as leads_created`], sql`, `)}
    from leads l
    where l.workspace_id = ${workspaceId} and ${inRange(sql`l.created_at`, range)}
      ${filters.ownerIds?.length ? sql`and l.owner_id in (${list(filters.ownerIds)})` : sql``}
      ${filters.leadSources?.length ? sql`and l.source in (${list(filters.leadSources)})` : sql``}
    ${groupBy}`,
      ["leads_created"],
    ),
  );
  return toGroupRows(res, dims, ["leads_created"]);
}

/**
 * CRM deals per group: created (created_at) or won (closed_at, in a stage marked won: the CRM's
 * definition); campaign = source_campaign_id, owner = owner_id. Revenue sums the deals' values.
 */
export async function dealGroups(
  db: Db,
  kind: "created" | "won",
  workspaceId: string,
  range: { from: string; to: string },
  dims: readonly DimensionKey[],
  filters: { ownerIds?: string[]; campaignIds?: string[] },
): Promise<GroupRow[]> {
  const at = kind === "created" ? sql`d.created_at` : sql`d.closed_at`;
  const dimOf = (k: DimensionKey): Dim => {
    const t = timeDim(k, sql`(${at} at time zone 'UTC')`);
    if (t) return t;
    if (k === "owner") return { raw: sql`d.owner_id`, fmt: asText };
    if (k === "campaign") return { raw: sql`d.source_campaign_id`, fmt: asText };
    throw new Error(`dimension ${k} is not a deal dimension`);
  };
  const { select, groupBy, keyed } = grouped(dims, dimOf);
  const values =
    kind === "created"
      ? [sql`count(*) as deals_created`]
      : [sql`count(*) as deals_won`, sql`coalesce(sum(d.value), 0)::float8 as revenue_won`];
  const names = kind === "created" ? ["deals_created"] : ["deals_won", "revenue_won"];
  const res = await db.execute(
    keyed(
      sql`
    select ${sql.join([...select, ...values], sql`, `)}
    from crm_deals d ${kind === "won" ? sql`join crm_stages s on s.id = d.stage_id and s.is_won` : sql``}
    where d.workspace_id = ${workspaceId} and ${inRange(at, range)}
      ${filters.ownerIds?.length ? sql`and d.owner_id in (${list(filters.ownerIds)})` : sql``}
      ${filters.campaignIds?.length ? sql`and d.source_campaign_id in (${list(filters.campaignIds)})` : sql``}
    ${groupBy}`,
      names,
    ),
  );
  return toGroupRows(res, dims, names);
}

/** Display names of the ids a report shows, workspace-scoped. */
export async function labelsOf(
  db: Db,
  workspaceId: string,
  ids: { campaigns: string[]; inboxes: string[]; users: string[] },
): Promise<{ campaigns: Map<string, string>; inboxes: Map<string, string>; users: Map<string, string> }> {
  const q = async (ids: string[], query: (l: SQL) => SQL) => {
    if (ids.length === 0) return new Map<string, string>();
    const res = await db.execute(query(list(ids)));
    return new Map(rowsOf<{ id: string; label: string }>(res).map((r) => [String(r.id), String(r.label)]));
  };
  const [campaigns, inboxes, users] = await Promise.all([
    q(ids.campaigns, (l) => sql`select id, name as label from campaigns where workspace_id = ${workspaceId} and id in (${l})`),
    q(ids.inboxes, (l) => sql`select id, email as label from inboxes where workspace_id = ${workspaceId} and id in (${l})`),
    q(ids.users, (l) => sql`select id, name as label from users where id in (${l})`),
  ]);
  return { campaigns, inboxes, users };
}

// ————— the rollup's refresh —————

export interface RefreshState {
  watermark: Date;
  computedAt: Date;
  fullAt: Date;
  status: string;
  groupsRefreshed: number;
  durationMs: number;
  queuedAt: Date | null;
}

export async function refreshState(db: Db, workspaceId: string): Promise<RefreshState | null> {
  const res = await db.execute(sql`
    select watermark, computed_at, full_at, status, groups_refreshed, duration_ms, queued_at
    from analytics_refresh_state where workspace_id = ${workspaceId}`);
  const r = rowsOf<Record<string, unknown>>(res)[0];
  if (!r) return null;
  const d = (v: unknown) => (v == null ? null : new Date(v as string));
  return {
    watermark: d(r.watermark) as Date,
    computedAt: d(r.computed_at) as Date,
    fullAt: d(r.full_at) as Date,
    status: String(r.status),
    groupsRefreshed: Number(r.groups_refreshed),
    durationMs: Number(r.duration_ms),
    queuedAt: d(r.queued_at),
  };
}

/** Marks a workspace's refresh as queued (or running); creates no rollup data. */
export async function markStatus(db: Db, workspaceId: string, status: "queued" | "running" | "idle"): Promise<void> {
  await db.execute(sql`
    update analytics_refresh_state set status = ${status},
      queued_at = case when ${status} = 'queued' then now() else queued_at end
    where workspace_id = ${workspaceId}`);
}

/** Takes the workspace's refresh lock for the transaction (two refreshes never interleave). */
export async function lockWorkspace(tx: Db, workspaceId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('analytics_refresh'), hashtext(${workspaceId}))`);
}

/**
 * Rewrites every (day, campaign) group of the workspace: all of them (full), or those with sends
 * or events at or after `since` — a message's group is its send day and campaign; an event without
 * a message dirties every sent message of its (campaign, lead). Returns how many groups it rewrote.
 */
export async function rewriteGroups(tx: Db, workspaceId: string, since: Date | null): Promise<number> {
  await tx.execute(sql`create temp table if not exists analytics_dirty (day date not null, campaign_id uuid not null) on commit drop`);
  await tx.execute(sql`truncate analytics_dirty`);
  if (since === null) {
    await tx.execute(sql`
      insert into analytics_dirty
      select distinct (sent_at at time zone 'UTC')::date, campaign_id from campaign_messages
      where workspace_id = ${workspaceId} and sent_at is not null
      union select day, campaign_id from analytics_daily where workspace_id = ${workspaceId}`);
  } else {
    const s = since.toISOString();
    await tx.execute(sql`
      insert into analytics_dirty
      select (sent_at at time zone 'UTC')::date, campaign_id from campaign_messages
        where workspace_id = ${workspaceId} and sent_at >= ${s}
      union
      select (m.sent_at at time zone 'UTC')::date, m.campaign_id
        from campaign_events e join campaign_messages m on m.id = e.message_id
        where e.workspace_id = ${workspaceId} and e.occurred_at >= ${s} and m.sent_at is not null
      union
      select (m.sent_at at time zone 'UTC')::date, m.campaign_id
        from campaign_events e join campaign_messages m on m.campaign_id = e.campaign_id and m.lead_id = e.lead_id
        where e.workspace_id = ${workspaceId} and e.occurred_at >= ${s} and e.message_id is null and m.sent_at is not null`);
  }
  await tx.execute(sql`
    delete from analytics_daily a using analytics_dirty d
    where a.workspace_id = ${workspaceId} and a.day = d.day and a.campaign_id = d.campaign_id`);
  await tx.execute(sql`
    insert into analytics_daily (workspace_id, day, campaign_id, inbox_id, step, variant, ${sql.raw(MAIL_COUNTS.join(", "))})
    select ${workspaceId}::uuid, f.day, f.campaign_id, f.inbox_id, f.step, f.variant,
      ${sql.raw(MAIL_COUNTS.map((c) => `sum(f.${c})`).join(", "))}
    from (${messageFacts(
      workspaceId,
      sql`m.workspace_id = ${workspaceId}
        and m.sent_at >= (select min(day) from analytics_dirty)::timestamp at time zone 'UTC'
        and m.sent_at < (select max(day) + 1 from analytics_dirty)::timestamp at time zone 'UTC'
        and (m.campaign_id, (m.sent_at at time zone 'UTC')::date) in (select campaign_id, day from analytics_dirty)`,
      sql`(select min(day) from analytics_dirty)::timestamp at time zone 'UTC'`,
    )}) f
    group by f.day, f.campaign_id, f.inbox_id, f.step, f.variant`);
  const n = await tx.execute(sql`select count(*)::int as n from analytics_dirty`);
  return Number(rowsOf<{ n: number }>(n)[0]?.n ?? 0);
}

export async function saveState(
  tx: Db,
  workspaceId: string,
  s: { watermark: Date; computedAt: Date; full: boolean; groups: number; durationMs: number },
): Promise<void> {
  await tx.execute(sql`
    insert into analytics_refresh_state (workspace_id, watermark, computed_at, full_at, status, groups_refreshed, duration_ms)
    values (${workspaceId}, ${s.watermark.toISOString()}, ${s.computedAt.toISOString()}, ${s.watermark.toISOString()}, 'idle', ${s.groups}, ${s.durationMs})
    on conflict (workspace_id) do update set watermark = excluded.watermark, computed_at = excluded.computed_at,
      full_at = case when ${s.full} then excluded.full_at else analytics_refresh_state.full_at end,
      status = 'idle', groups_refreshed = excluded.groups_refreshed, duration_ms = excluded.duration_ms`);
}

/**
 * Workspaces whose rollup is behind: sends or events after their watermark, never refreshed but
 * with sends, or a full rebuild older than `fullEvery` ms.
 */
export async function staleWorkspaces(db: Db, fullEvery: number, limit: number): Promise<{ workspaceId: string; full: boolean }[]> {
  const res = await db.execute(sql`
    select w.id as workspace_id, (s.workspace_id is null or s.full_at < now() - ${`${fullEvery} milliseconds`}::interval) as full
    from workspaces w left join analytics_refresh_state s on s.workspace_id = w.id
    where (s.status is null or s.status = 'idle' or s.queued_at < now() - interval '30 minutes') and (
      exists (select 1 from campaign_messages m where m.workspace_id = w.id and m.sent_at >= coalesce(s.watermark, '-infinity'::timestamptz))
      or exists (select 1 from campaign_events e where e.workspace_id = w.id and e.occurred_at >= coalesce(s.watermark, '-infinity'::timestamptz))
      or s.full_at < now() - ${`${fullEvery} milliseconds`}::interval)
    limit ${limit}`);
  return rowsOf<{ workspace_id: string; full: boolean }>(res).map((r) => ({ workspaceId: String(r.workspace_id), full: Boolean(r.full) }));
}
