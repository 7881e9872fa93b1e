/**
 * The pipeline's reads over the CRM's tables (stages, deals, stage history, tasks, interactions),
 * aggregated in SQL so a 100k-deal workspace ships sums, not rows; and its own two tables
 * (snapshots, alert states). Every query filters by workspace; `ownerId` narrows to one rep's deals.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { crmDealStageHistory, crmDeals, crmInteractions, crmStages, crmTasks } from "../crm/index.ts";
import { workspaceMembers } from "../organizations/index.ts";

export interface Scope {
  workspaceId: string;
  /** Only this owner's deals; null for the whole workspace. */
  ownerId: string | null;
}

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;
const owner = (s: Scope) => (s.ownerId ? sql` and d.owner_id = ${s.ownerId}` : sql``);
const open = sql`not st.is_won and not st.is_lost`;
const iso = (d: Date) => d.toISOString();

export interface StageRow {
  id: string;
  name: string;
  position: number;
  probability: number;
  isWon: boolean;
  isLost: boolean;
}

export async function stages(db: Db, workspaceId: string): Promise<StageRow[]> {
  return db
    .select({
      id: crmStages.id,
      name: crmStages.name,
      position: crmStages.position,
      probability: crmStages.probability,
      isWon: crmStages.isWon,
      isLost: crmStages.isLost,
    })
    .from(crmStages)
    .where(eq(crmStages.workspaceId, workspaceId))
    .orderBy(crmStages.position);
}

export async function stageTotals(db: Db, s: Scope): Promise<{ stage_id: string; n: number; value: number; weighted: number }[]> {
  const res = await db.execute(sql`
    select d.stage_id, count(*)::int as n, coalesce(sum(d.value), 0)::float8 as value,
      coalesce(sum(d.value * coalesce(d.probability, st.probability) / 100.0), 0)::float8 as weighted
    from ${crmDeals} d join ${crmStages} st on st.id = d.stage_id
    where d.workspace_id = ${s.workspaceId}${owner(s)}
    group by d.stage_id`);
  return rowsOf(res);
}

export async function openCurrencies(db: Db, s: Scope): Promise<string[]> {
  const res = await db.execute(sql`
    select distinct d.currency from ${crmDeals} d join ${crmStages} st on st.id = d.stage_id
    where d.workspace_id = ${s.workspaceId} and ${open}${owner(s)} order by 1 limit 20`);
  return rowsOf<{ currency: string }>(res).map((r) => r.currency);
}

export interface ClosedStats {
  won: number;
  lost: number;
  won_value: number;
  avg_cycle_days: number | null;
}

/** Deals closed (won or lost) since `since`, and the mean days from creation to a win. */
export async function closedStats(db: Db, s: Scope, since: Date): Promise<ClosedStats> {
  const res = await db.execute(sql`
    select count(*) filter (where st.is_won)::int as won, count(*) filter (where st.is_lost)::int as lost,
      coalesce(sum(d.value) filter (where st.is_won), 0)::float8 as won_value,
      (avg(extract(epoch from d.closed_at - d.created_at) / 86400.0) filter (where st.is_won))::float8 as avg_cycle_days
    from ${crmDeals} d join ${crmStages} st on st.id = d.stage_id
    where d.workspace_id = ${s.workspaceId} and d.closed_at >= ${iso(since)} and (st.is_won or st.is_lost)${owner(s)}`);
  return rowsOf<ClosedStats>(res)[0] ?? { won: 0, lost: 0, won_value: 0, avg_cycle_days: null };
}

/** Open deals weighted and due within [today, until): coverage's numerator. */
export async function weightedDueBefore(db: Db, s: Scope, today: string, until: string): Promise<{ n: number; weighted: number }> {
  const res = await db.execute(sql`
    select count(*)::int as n, coalesce(sum(d.value * coalesce(d.probability, st.probability) / 100.0), 0)::float8 as weighted
    from ${crmDeals} d join ${crmStages} st on st.id = d.stage_id
    where d.workspace_id = ${s.workspaceId} and ${open} and d.expected_close_date >= ${today} and d.expected_close_date < ${until}${owner(s)}`);
  return rowsOf<{ n: number; weighted: number }>(res)[0] ?? { n: 0, weighted: 0 };
}

export interface ForecastRow {
  value: number;
  probability: number;
  expected_close_date: string | null;
}

export async function openDealsForForecast(db: Db, s: Scope): Promise<ForecastRow[]> {
  const res = await db.execute(sql`
    select d.value::float8 as value, coalesce(d.probability, st.probability)::int as probability,
      to_char(d.expected_close_date, 'YYYY-MM-DD') as expected_close_date
    from ${crmDeals} d join ${crmStages} st on st.id = d.stage_id
    where d.workspace_id = ${s.workspaceId} and ${open}${owner(s)}`);
  return rowsOf(res);
}

/** Won value per month (YYYY-MM) of deals won since `since`. */
export async function wonByMonth(db: Db, s: Scope, since: Date): Promise<Map<string, number>> {
  const res = await db.execute(sql`
    select to_char(date_trunc('month', d.closed_at at time zone 'UTC'), 'YYYY-MM') as month, sum(d.value)::float8 as value
    from ${crmDeals} d join ${crmStages} st on st.id = d.stage_id
    where d.workspace_id = ${s.workspaceId} and st.is_won and d.closed_at >= ${iso(since)}${owner(s)}
    group by 1`);
  return new Map(rowsOf<{ month: string; value: number }>(res).map((r) => [r.month, r.value]));
}

/**
 * Finished stays per stage over the whole workspace (its own history is the baseline even for one
 * rep's view): stays that began since `since` and ended, as count, median days and MAD days.
 */
export async function staySummaries(
  db: Db,
  workspaceId: string,
  since: Date,
): Promise<Map<string, { n: number; median: number; mad: number }>> {
  const res = await db.execute(sql`
    with h as (
      select h.to_stage_id as stage_id, h.changed_at,
        lead(h.changed_at) over (partition by h.deal_id order by h.changed_at, h.id) as left_at
      from ${crmDealStageHistory} h
      where h.workspace_id = ${workspaceId} and h.changed_at >= ${iso(since)}
    ), stays as (
      select stage_id, extract(epoch from left_at - changed_at) / 86400.0 as days from h where left_at is not null and stage_id is not null
    ), med as (
      select stage_id, count(*) as n, percentile_cont(0.5) within group (order by days) as m from stays group by stage_id
    )
    select s.stage_id, med.n::int as n, med.m::float8 as median,
      (percentile_cont(0.5) within group (order by abs(s.days - med.m)))::float8 as mad
    from stays s join med on med.stage_id = s.stage_id group by s.stage_id, med.n, med.m`);
  return new Map(rowsOf<{ stage_id: string; n: number; median: number; mad: number }>(res).map((r) => [r.stage_id, r]));
}

/** Open deals per stage: how many and their median days in the stage. */
export async function openDays(db: Db, s: Scope, now: Date): Promise<Map<string, { n: number; median: number }>> {
  const res = await db.execute(sql`
    select d.stage_id, count(*)::int as n,
      (percentile_cont(0.5) within group (order by extract(epoch from ${iso(now)}::timestamptz - d.stage_entered_at) / 86400.0))::float8 as median
    from ${crmDeals} d join ${crmStages} st on st.id = d.stage_id
    where d.workspace_id = ${s.workspaceId} and ${open}${owner(s)} group by d.stage_id`);
  return new Map(rowsOf<{ stage_id: string; n: number; median: number }>(res).map((r) => [r.stage_id, r]));
}

export interface ConversionRow {
  stage_id: string;
  recent_resolved: number;
  recent_advanced: number;
  earlier_resolved: number;
  earlier_advanced: number;
  entered: number;
  resolved: number;
  advanced: number;
}

/**
 * Entries into each stage and what happened next: "resolved" when the deal left the stage,
 * "advanced" when its next stage was won or a later open one. Windows: recent [recent, now),
 * earlier [earlier, recent), and the overview's [overview, now).
 */
export async function conversion(db: Db, s: Scope, w: { earlier: Date; recent: Date; overview: Date }): Promise<ConversionRow[]> {
  const since = new Date(Math.min(w.earlier.getTime(), w.overview.getTime()));
  const res = await db.execute(sql`
    with h as (
      select h.to_stage_id as stage_id, h.changed_at,
        lead(h.to_stage_id) over (partition by h.deal_id order by h.changed_at, h.id) as next_stage,
        lead(h.id) over (partition by h.deal_id order by h.changed_at, h.id) as next_id
      from ${crmDealStageHistory} h join ${crmDeals} d on d.id = h.deal_id
      where h.workspace_id = ${s.workspaceId} and h.changed_at >= ${iso(since)}${owner(s)}
    ), e as (
      select h.stage_id, h.changed_at, h.next_id is not null as resolved,
        coalesce(ns.is_won or (not ns.is_lost and ns.position > st.position), false) as advanced
      from h join ${crmStages} st on st.id = h.stage_id left join ${crmStages} ns on ns.id = h.next_stage
      where not st.is_won and not st.is_lost
    )
    select stage_id,
      count(*) filter (where changed_at >= ${iso(w.recent)} and resolved)::int as recent_resolved,
      count(*) filter (where changed_at >= ${iso(w.recent)} and advanced)::int as recent_advanced,
      count(*) filter (where changed_at >= ${iso(w.earlier)} and changed_at < ${iso(w.recent)} and resolved)::int as earlier_resolved,
      count(*) filter (where changed_at >= ${iso(w.earlier)} and changed_at < ${iso(w.recent)} and advanced)::int as earlier_advanced,
      count(*) filter (where changed_at >= ${iso(w.overview)})::int as entered,
      count(*) filter (where changed_at >= ${iso(w.overview)} and resolved)::int as resolved,
      count(*) filter (where changed_at >= ${iso(w.overview)} and advanced)::int as advanced
    from e group by stage_id`);
  return rowsOf(res);
}

export interface DealRefRow {
  id: string;
  name: string;
  value: number;
  currency: string;
  stage_id: string;
  owner_id: string | null;
  days_in_stage: number;
  expected_close_date: string | null;
}

const dealRefCols = (now: Date) => sql`d.id, d.name, d.value::float8 as value, d.currency, d.stage_id, d.owner_id,
  (extract(epoch from ${iso(now)}::timestamptz - d.stage_entered_at) / 86400.0)::float8 as days_in_stage,
  to_char(d.expected_close_date, 'YYYY-MM-DD') as expected_close_date`;

export interface DealSet {
  total: number;
  value: number;
  deals: DealRefRow[];
}

/** Open deals matching `where` (over d = deal, st = stage): how many, their value, and the first `limit` by `orderBy`. */
async function openDealsWhere(
  db: Db,
  s: Scope,
  now: Date,
  where: ReturnType<typeof sql>,
  orderBy: ReturnType<typeof sql>,
  limit: number,
): Promise<DealSet> {
  const base = sql`from ${crmDeals} d join ${crmStages} st on st.id = d.stage_id
    where d.workspace_id = ${s.workspaceId} and ${open}${owner(s)} and (${where})`;
  const [count, rows] = await Promise.all([
    db.execute(sql`select count(*)::int as total, coalesce(sum(d.value), 0)::float8 as value ${base}`),
    db.execute(sql`select ${dealRefCols(now)} ${base} order by ${orderBy} limit ${limit}`),
  ]);
  const c = rowsOf<{ total: number; value: number }>(count)[0] ?? { total: 0, value: 0 };
  return { total: c.total, value: c.value, deals: rowsOf<DealRefRow>(rows) };
}

/** Open deals in a stage longer than the stage's norm (days), longest first. */
export function stuckDeals(db: Db, s: Scope, now: Date, stageId: string, normDays: number, limit: number): Promise<DealSet> {
  const entered = new Date(now.getTime() - normDays * 86_400_000);
  return openDealsWhere(
    db,
    s,
    now,
    sql`d.stage_id = ${stageId} and d.stage_entered_at < ${iso(entered)}`,
    sql`d.stage_entered_at asc`,
    limit,
  );
}

/** Open deals whose expected close date has passed, most valuable first. */
export function overdueDeals(db: Db, s: Scope, now: Date, limit: number): Promise<DealSet> {
  const today = iso(now).slice(0, 10);
  return openDealsWhere(db, s, now, sql`d.expected_close_date < ${today}`, sql`d.value desc, d.expected_close_date`, limit);
}

export function unownedDeals(db: Db, s: Scope, now: Date, limit: number): Promise<DealSet> {
  return openDealsWhere(db, s, now, sql`d.owner_id is null`, sql`d.value desc, d.id`, limit);
}

/** Open deals with no open task: nobody has planned the next step. */
export function dealsWithoutTask(db: Db, s: Scope, now: Date, limit: number): Promise<DealSet> {
  const where = sql`not exists (select 1 from ${crmTasks} t where t.deal_id = d.id and t.status in ('open', 'in_progress'))`;
  return openDealsWhere(db, s, now, where, sql`d.value desc, d.id`, limit);
}

/** Not updated and no interaction since `since`, the oldest first. */
export function staleDeals(db: Db, s: Scope, now: Date, since: Date, limit: number): Promise<DealSet> {
  const where = sql`d.updated_at < ${iso(since)} and not exists (
    select 1 from ${crmInteractions} i where i.deal_id = d.id and i.occurred_at >= ${iso(since)})`;
  return openDealsWhere(db, s, now, where, sql`d.updated_at asc`, limit);
}

/** Missing values among open deals, and how many there are. */
export async function missingValues(db: Db, s: Scope): Promise<Record<string, number>> {
  const res = await db.execute(sql`
    select count(*)::int as open_deals,
      count(*) filter (where d.owner_id is null)::int as owner,
      count(*) filter (where d.expected_close_date is null)::int as expected_close_date,
      count(*) filter (where d.customer_id is null)::int as customer,
      count(*) filter (where d.value = 0)::int as value,
      count(*) filter (where d.probability is null)::int as probability,
      count(*) filter (where coalesce(d.description, '') = '')::int as description
    from ${crmDeals} d join ${crmStages} st on st.id = d.stage_id
    where d.workspace_id = ${s.workspaceId} and ${open}${owner(s)}`);
  return rowsOf<Record<string, number>>(res)[0] ?? {};
}

// ---------------------------------------------------------------- one deal

export async function dealFacts(db: Db, workspaceId: string, dealId: string, now: Date) {
  const res = await db.execute(sql`
    select ${dealRefCols(now)}, d.customer_id, d.probability as own_probability, d.description, d.created_at,
      st.name as stage_name, st.probability as stage_probability, st.is_won, st.is_lost, st.position,
      (select count(*)::int from ${crmTasks} t where t.deal_id = d.id and t.status in ('open', 'in_progress')) as open_tasks,
      (select count(*)::int from ${crmTasks} t where t.deal_id = d.id and t.status in ('open', 'in_progress') and t.due_at < ${iso(now)}) as overdue_tasks,
      (select min(t.due_at) from ${crmTasks} t where t.deal_id = d.id and t.status in ('open', 'in_progress') and t.due_at >= ${iso(now)}) as next_task_due,
      (select max(i.occurred_at) from ${crmInteractions} i
        where i.workspace_id = d.workspace_id and (i.deal_id = d.id or (d.customer_id is not null and i.customer_id = d.customer_id))) as last_interaction,
      (select count(*)::int from ${crmDealStageHistory} h where h.deal_id = d.id) as moves
    from ${crmDeals} d join ${crmStages} st on st.id = d.stage_id
    where d.workspace_id = ${workspaceId} and d.id = ${dealId}`);
  const row = rowsOf<
    DealRefRow & {
      customer_id: string | null;
      own_probability: number | null;
      description: string | null;
      created_at: Date | string;
      stage_name: string;
      stage_probability: number;
      is_won: boolean;
      is_lost: boolean;
      position: number;
      open_tasks: number;
      overdue_tasks: number;
      next_task_due: Date | string | null;
      last_interaction: Date | string | null;
      moves: number;
    }
  >(res)[0];
  return row;
}
export type DealFactsRow = NonNullable<Awaited<ReturnType<typeof dealFacts>>>;

export async function nextStage(db: Db, workspaceId: string, position: number): Promise<StageRow | undefined> {
  const all = await stages(db, workspaceId);
  return all.find((st) => st.position > position && !st.isLost && !st.isWon) ?? all.find((st) => st.position > position && st.isWon);
}

export async function isMember(db: Db, workspaceId: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

export async function dealsInWorkspace(db: Db, workspaceId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const res = await db.execute(
    sql`select id from ${crmDeals} where workspace_id = ${workspaceId} and id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return rowsOf<{ id: string }>(res).map((r) => r.id);
}
