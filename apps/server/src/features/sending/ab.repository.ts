/** The A/B results' counts per step and variant, the campaigns that test variants, experiment settings and traffic history. */
import type { AbTestListQuery, ExperimentMetric, ExperimentMode, TrafficReason } from "@prospector/contracts";
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type CampaignRow, campaignEvents, campaignMessages, campaigns } from "../campaigns/index.ts";
import { abExperiments, abTrafficHistory } from "./ab.table.ts";

type Tx = Pick<Db, "execute">;
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** Emails sent per step and variant. */
export async function sentPerVariant(db: Tx, campaignId: string) {
  const res = await db.execute(sql`
      select step, variant, count(sent_at) as sent from ${campaignMessages}
      where campaign_id = ${campaignId} group by 1, 2`);
  return rowsOf<{ step: unknown; variant: unknown; sent: unknown }>(res);
}

/** Leads who opened (people only), clicked (people only) and replied, per step and variant. */
export async function peoplePerVariant(db: Tx, campaignId: string) {
  const res = await db.execute(sql`
      select step, variant,
        count(distinct lead_id) filter (where type = 'open' and not is_bot) as opened,
        count(distinct lead_id) filter (where type = 'click' and not is_bot) as clicked,
        count(distinct lead_id) filter (where type = 'reply') as replied
      from ${campaignEvents} where campaign_id = ${campaignId} and step is not null group by 1, 2`);
  return rowsOf<{ step: unknown; variant: unknown; opened: unknown; clicked: unknown; replied: unknown }>(res);
}

/** One page of the workspace's campaigns with at least one variant, newest first, and how many there are. */
export async function campaignsWithVariants(db: Tx, workspaceId: string, q: AbTestListQuery): Promise<{ ids: string[]; total: number }> {
  const where = sql`workspace_id = ${workspaceId}
    and exists (select 1 from jsonb_array_elements(steps) s where jsonb_array_length(coalesce(s->'variants', '[]'::jsonb)) > 0)`;
  const [rows, total] = await Promise.all([
    db.execute(sql`select id from ${campaigns} where ${where} order by created_at desc, id desc
      limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`),
    db.execute(sql`select count(*) as n from ${campaigns} where ${where}`),
  ]);
  return { ids: rowsOf<{ id: string }>(rows).map((r) => r.id), total: Number(rowsOf<{ n: unknown }>(total)[0]?.n ?? 0) };
}

// --- Experiments and the bandit -----------------------------------------------------------------

type Writer = Pick<Db, "execute" | "insert" | "update" | "select" | "delete">;

export interface ExperimentSettingsRow {
  step: number;
  mode: ExperimentMode;
  metric: ExperimentMetric;
  minShare: number;
  winner: number | null;
  weights: number[] | null;
  weightsAt: Date | null;
}

export interface VariantCounts {
  sent: number;
  opened: number;
  clicked: number;
  replied: number;
}

/**
 * One query for a claim batch: the campaign's experiment settings and, for its bandit steps without
 * a declared winner, sends and successful leads per step and variant (key "step:variant").
 */
export async function trafficState(
  db: Tx,
  campaignId: string,
): Promise<{ experiments: ExperimentSettingsRow[]; counts: Map<string, VariantCounts> }> {
  const res = await db.execute(sql`
    with e as (
      select step, mode, metric, min_share, winner, weights, weights_at from ${abExperiments} where campaign_id = ${campaignId}
    ), b as (select step from e where mode = 'bandit' and winner is null),
    s as (
      select step, variant, count(sent_at) as sent from ${campaignMessages}
      where campaign_id = ${campaignId} and step in (select step from b) group by 1, 2
    ), x as (
      select step, variant,
        count(distinct lead_id) filter (where type = 'open' and not is_bot) as opened,
        count(distinct lead_id) filter (where type = 'click' and not is_bot) as clicked,
        count(distinct lead_id) filter (where type = 'reply') as replied
      from ${campaignEvents} where campaign_id = ${campaignId} and step in (select step from b) group by 1, 2
    )
    select (select coalesce(json_agg(e), '[]'::json) from e) as experiments,
      -- Only a campaign with a bandit step reads its sends and events (the common campaign costs one index lookup).
      case when exists (select 1 from b) then (select coalesce(json_agg(s), '[]'::json) from s) else '[]'::json end as sent,
      case when exists (select 1 from b) then (select coalesce(json_agg(x), '[]'::json) from x) else '[]'::json end as events`);
  const row = rowsOf<{ experiments: unknown; sent: unknown; events: unknown }>(res)[0];
  const parse = <T>(v: unknown): T[] => (typeof v === "string" ? JSON.parse(v) : ((v as T[]) ?? []));
  const experiments = parse<{
    step: number;
    mode: ExperimentMode;
    metric: ExperimentMetric;
    min_share: number;
    winner: number | null;
    weights: number[] | null;
    weights_at: string | null;
  }>(row?.experiments).map((e) => ({
    step: Number(e.step),
    mode: e.mode,
    metric: e.metric,
    minShare: Number(e.min_share),
    winner: e.winner === null ? null : Number(e.winner),
    weights: e.weights,
    weightsAt: e.weights_at ? new Date(e.weights_at) : null,
  }));
  const counts = new Map<string, VariantCounts>();
  const get = (s: unknown, v: unknown) => {
    const k = `${Number(s)}:${Number(v)}`;
    let c = counts.get(k);
    if (!c) {
      c = { sent: 0, opened: 0, clicked: 0, replied: 0 };
      counts.set(k, c);
    }
    return c;
  };
  for (const r of parse<{ step: number; variant: number; sent: number }>(row?.sent)) get(r.step, r.variant).sent = Number(r.sent);
  for (const r of parse<{ step: number; variant: number; opened: number; clicked: number; replied: number }>(row?.events)) {
    const c = get(r.step, r.variant);
    c.opened = Number(r.opened);
    c.clicked = Number(r.clicked);
    c.replied = Number(r.replied);
  }
  return { experiments, counts };
}

/** The step's current shares, and a history point with why they changed. */
export async function storeWeights(
  db: Writer,
  p: {
    workspaceId: string;
    campaignId: string;
    step: number;
    weights: number[] | null;
    historyWeights?: number[];
    at: Date;
    reason: TrafficReason;
  },
): Promise<void> {
  await db
    .update(abExperiments)
    .set({ weights: p.weights, weightsAt: p.at })
    .where(and(eq(abExperiments.campaignId, p.campaignId), eq(abExperiments.step, p.step)));
  const weights = p.historyWeights ?? p.weights;
  if (weights)
    await db
      .insert(abTrafficHistory)
      .values({ workspaceId: p.workspaceId, campaignId: p.campaignId, step: p.step, weights, reason: p.reason, at: p.at });
}

/** The step's settings row, locked for the change (created with the defaults when missing). */
export async function lockSettings(
  db: Writer,
  workspaceId: string,
  campaignId: string,
  step: number,
): Promise<typeof abExperiments.$inferSelect> {
  await db.insert(abExperiments).values({ workspaceId, campaignId, step }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(abExperiments)
    .where(and(eq(abExperiments.campaignId, campaignId), eq(abExperiments.step, step)))
    .for("update");
  return row as typeof abExperiments.$inferSelect;
}

export async function updateSettings(
  db: Writer,
  campaignId: string,
  step: number,
  values: Partial<
    Pick<typeof abExperiments.$inferInsert, "mode" | "metric" | "minShare" | "winner" | "weights" | "weightsAt" | "updatedBy">
  >,
): Promise<void> {
  await db
    .update(abExperiments)
    .set(values)
    .where(and(eq(abExperiments.campaignId, campaignId), eq(abExperiments.step, step)));
}

/** Up to `limit` campaigns of the workspace with at least one variant (all of them, or one), newest first. */
export async function experimentCampaigns(db: Tx, workspaceId: string, campaignId: string | undefined, limit: number) {
  const res = await db.execute(sql`select id, name, status, steps from ${campaigns}
    where workspace_id = ${workspaceId} ${campaignId ? sql`and id = ${campaignId}` : sql``}
      and exists (select 1 from jsonb_array_elements(steps) s where jsonb_array_length(coalesce(s->'variants', '[]'::jsonb)) > 0)
    order by created_at desc, id desc limit ${limit}`);
  return rowsOf<{ id: string; name: string; status: CampaignRow["status"]; steps: CampaignRow["steps"] | string }>(res).map((r) => ({
    ...r,
    steps: (typeof r.steps === "string" ? JSON.parse(r.steps) : r.steps) as CampaignRow["steps"],
  }));
}

const idList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** Sends and successful leads per campaign, step and variant, for these campaigns (key "campaign:step:variant"). */
export async function countsFor(db: Tx, campaignIds: string[]): Promise<Map<string, VariantCounts>> {
  const counts = new Map<string, VariantCounts>();
  if (campaignIds.length === 0) return counts;
  const [sent, events] = [
    await db.execute(sql`select campaign_id, step, variant, count(sent_at) as sent from ${campaignMessages}
      where campaign_id in (${idList(campaignIds)}) group by 1, 2, 3`),
    await db.execute(sql`select campaign_id, step, variant,
        count(distinct lead_id) filter (where type = 'open' and not is_bot) as opened,
        count(distinct lead_id) filter (where type = 'click' and not is_bot) as clicked,
        count(distinct lead_id) filter (where type = 'reply') as replied
      from ${campaignEvents} where campaign_id in (${idList(campaignIds)}) and step is not null group by 1, 2, 3`),
  ];
  const get = (c: unknown, s: unknown, v: unknown) => {
    const k = `${c}:${Number(s)}:${Number(v)}`;
    let e = counts.get(k);
    if (!e) {
      e = { sent: 0, opened: 0, clicked: 0, replied: 0 };
      counts.set(k, e);
    }
    return e;
  };
  for (const r of rowsOf<{ campaign_id: string; step: unknown; variant: unknown; sent: unknown }>(sent))
    get(r.campaign_id, r.step, r.variant).sent = Number(r.sent);
  for (const r of rowsOf<{ campaign_id: string; step: unknown; variant: unknown; opened: unknown; clicked: unknown; replied: unknown }>(
    events,
  )) {
    const e = get(r.campaign_id, r.step, r.variant);
    e.opened = Number(r.opened);
    e.clicked = Number(r.clicked);
    e.replied = Number(r.replied);
  }
  return counts;
}

/** The workspace's experiment settings rows (key "campaign:step"). */
export async function settingsFor(db: Pick<Db, "select">, workspaceId: string): Promise<Map<string, typeof abExperiments.$inferSelect>> {
  const rows = await db.select().from(abExperiments).where(eq(abExperiments.workspaceId, workspaceId));
  return new Map(rows.map((r) => [`${r.campaignId}:${r.step}`, r]));
}

export interface HistoryRow {
  campaignId: string;
  step: number;
  weights: number[];
  reason: TrafficReason;
  at: Date;
}

/** The last `per` traffic changes of each of these campaigns' steps, oldest first. */
export async function recentHistory(db: Tx, campaignIds: string[], per: number): Promise<HistoryRow[]> {
  if (campaignIds.length === 0) return [];
  const res = await db.execute(sql`select campaign_id, step, weights, reason, at from (
      select h.*, row_number() over (partition by campaign_id, step order by at desc, id desc) as rn
      from ${abTrafficHistory} h where campaign_id in (${idList(campaignIds)})
    ) t where rn <= ${per} order by campaign_id, step, at, id`);
  return rowsOf<{ campaign_id: string; step: unknown; weights: unknown; reason: TrafficReason; at: unknown }>(res).map((r) => ({
    campaignId: r.campaign_id,
    step: Number(r.step),
    weights: (typeof r.weights === "string" ? JSON.parse(r.weights) : r.weights) as number[],
    reason: r.reason,
    at: r.at instanceof Date ? r.at : new Date(String(r.at)),
  }));
}

/** One page of a step's traffic changes, newest first, and how many there are. */
export async function historyPage(db: Pick<Db, "select">, campaignId: string, step: number, page: number, perPage: number) {
  const where = and(eq(abTrafficHistory.campaignId, campaignId), eq(abTrafficHistory.step, step));
  const rows = await db
    .select()
    .from(abTrafficHistory)
    .where(where)
    .orderBy(desc(abTrafficHistory.at), desc(abTrafficHistory.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [n] = await db.select({ n: count() }).from(abTrafficHistory).where(where);
  return { rows, total: Number(n?.n ?? 0) };
}
