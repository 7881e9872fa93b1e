/**
 * The intelligence part's reads and writes: insight runs, industry benchmarks (shipped rows have
 * no workspace, every other row is one workspace's), and the lead-source funnel counted in SQL
 * (leads → contacted → replied → meetings → deals → won), one row per source, workspace-scoped.
 */
import type { BenchmarkMetric } from "@prospector/contracts";
import { and, asc, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { analyticsBenchmarks, analyticsInsightRuns } from "./intelligence.table.ts";

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

// ---------------------------------------------------------------- insight runs

export type RunRow = typeof analyticsInsightRuns.$inferSelect;
export type NewRun = typeof analyticsInsightRuns.$inferInsert;

export async function insertRun(db: Db, row: NewRun): Promise<RunRow> {
  const [r] = await db.insert(analyticsInsightRuns).values(row).returning();
  return r!;
}

export async function updateRun(db: Db, id: string, patch: Partial<NewRun>): Promise<RunRow | undefined> {
  const [r] = await db.update(analyticsInsightRuns).set(patch).where(eq(analyticsInsightRuns.id, id)).returning();
  return r;
}

export async function getRun(db: Db, id: string): Promise<RunRow | undefined> {
  const [r] = await db.select().from(analyticsInsightRuns).where(eq(analyticsInsightRuns.id, id));
  return r;
}

export async function latestRun(db: Db, workspaceId: string, status?: RunRow["status"]): Promise<RunRow | undefined> {
  const [r] = await db
    .select()
    .from(analyticsInsightRuns)
    .where(and(eq(analyticsInsightRuns.workspaceId, workspaceId), status ? eq(analyticsInsightRuns.status, status) : undefined))
    .orderBy(desc(analyticsInsightRuns.requestedAt))
    .limit(1);
  return r;
}

/** A run queued or running for the workspace (one at a time). */
export async function activeRun(db: Db, workspaceId: string): Promise<RunRow | undefined> {
  const [r] = await db
    .select()
    .from(analyticsInsightRuns)
    .where(and(eq(analyticsInsightRuns.workspaceId, workspaceId), sql`${analyticsInsightRuns.status} in ('queued', 'running')`))
    .orderBy(desc(analyticsInsightRuns.requestedAt))
    .limit(1);
  return r;
}

// ---------------------------------------------------------------- benchmarks

export type BenchmarkRow = typeof analyticsBenchmarks.$inferSelect;
export type NewBenchmark = typeof analyticsBenchmarks.$inferInsert;

/** Shipped rows are inserted once (by seed key) and never overwritten here. */
export async function seedBenchmarks(db: Db, rows: NewBenchmark[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(analyticsBenchmarks)
    .values(rows)
    .onConflictDoNothing({ target: analyticsBenchmarks.seedKey, where: sql`${analyticsBenchmarks.seedKey} is not null` });
}

/** The shipped rows and the workspace's own, keyset-paged by id. */
export async function listBenchmarks(
  db: Db,
  workspaceId: string,
  opts: { metric?: BenchmarkMetric; after?: string; limit: number },
): Promise<BenchmarkRow[]> {
  const b = analyticsBenchmarks;
  return db
    .select()
    .from(b)
    .where(
      and(
        or(isNull(b.workspaceId), eq(b.workspaceId, workspaceId)),
        opts.metric ? eq(b.metric, opts.metric) : undefined,
        opts.after ? gt(b.id, opts.after) : undefined,
      ),
    )
    .orderBy(asc(b.id))
    .limit(opts.limit);
}

/** A benchmark the workspace can see (its own or a shipped one). */
export async function getBenchmark(db: Db, workspaceId: string, id: string): Promise<BenchmarkRow | undefined> {
  const b = analyticsBenchmarks;
  const [r] = await db
    .select()
    .from(b)
    .where(and(eq(b.id, id), or(isNull(b.workspaceId), eq(b.workspaceId, workspaceId))));
  return r;
}

export async function insertBenchmark(db: Db, row: NewBenchmark): Promise<BenchmarkRow> {
  const [r] = await db.insert(analyticsBenchmarks).values(row).returning();
  return r!;
}

export async function updateBenchmark(
  db: Db,
  workspaceId: string,
  id: string,
  patch: Partial<NewBenchmark>,
): Promise<BenchmarkRow | undefined> {
  const b = analyticsBenchmarks;
  const [r] = await db
    .update(b)
    .set(patch)
    .where(and(eq(b.id, id), eq(b.workspaceId, workspaceId)))
    .returning();
  return r;
}

export async function deleteBenchmark(db: Db, workspaceId: string, id: string): Promise<boolean> {
  const b = analyticsBenchmarks;
  const r = await db
    .delete(b)
    .where(and(eq(b.id, id), eq(b.workspaceId, workspaceId)))
    .returning({ id: b.id });
  return r.length > 0;
}

// ---------------------------------------------------------------- lead sources

export interface SourceCounts {
  source: string;
  leads: number;
  contacted: number;
  replied: number;
  meetings: number;
  deals: number;
  deals_won: number;
}

/**
 * Per lead source, over the leads added in [from, to) (all leads when null): how many were
 * contacted (a message handed to SMTP), replied (a human reply), booked a meeting, have a deal,
 * have a won deal. Each lead counts once per step of the funnel.
 */
export async function sourceFunnel(db: Db, workspaceId: string, from: Date | null, to: Date | null): Promise<SourceCounts[]> {
  const res = await db.execute(sql`
    with l as (
      select id, source from leads
      where workspace_id = ${workspaceId}
        ${from ? sql`and created_at >= ${from.toISOString()}` : sql``}
        ${to ? sql`and created_at < ${to.toISOString()}` : sql``}
    ),
    contacted as (
      select distinct m.lead_id from campaign_messages m
      where m.workspace_id = ${workspaceId} and m.lead_id is not null and m.sent_at is not null and m.status in ('sent', 'bounced')
    ),
    ev as (
      select e.lead_id, bool_or(e.type = 'reply') as replied, bool_or(e.type = 'meeting') as met
      from campaign_events e
      where e.workspace_id = ${workspaceId} and e.lead_id is not null and not e.is_bot and e.type in ('reply', 'meeting')
      group by e.lead_id
    ),
    dl as (
      select d.lead_id, bool_or(s.is_won) as won
      from crm_deals d join crm_stages s on s.id = d.stage_id
      where d.workspace_id = ${workspaceId} and d.lead_id is not null
      group by d.lead_id
    )
    select l.source,
      count(*)::int as leads,
      count(c.lead_id)::int as contacted,
      count(*) filter (where ev.replied)::int as replied,
      count(*) filter (where ev.met)::int as meetings,
      count(dl.lead_id)::int as deals,
      count(*) filter (where dl.won)::int as deals_won
    from l
    left join contacted c on c.lead_id = l.id
    left join ev on ev.lead_id = l.id
    left join dl on dl.lead_id = l.id
    group by l.source
    order by count(*) desc, l.source
  `);
  return rowsOf<SourceCounts>(res);
}

/** Won revenue per lead source and currency, over the same leads. */
export async function sourceRevenue(
  db: Db,
  workspaceId: string,
  from: Date | null,
  to: Date | null,
): Promise<{ source: string; currency: string; revenue: number }[]> {
  const res = await db.execute(sql`
    select l.source, d.currency, coalesce(sum(d.value), 0)::float8 as revenue
    from crm_deals d
    join crm_stages s on s.id = d.stage_id and s.is_won
    join leads l on l.id = d.lead_id
    where d.workspace_id = ${workspaceId} and l.workspace_id = ${workspaceId}
      ${from ? sql`and l.created_at >= ${from.toISOString()}` : sql``}
      ${to ? sql`and l.created_at < ${to.toISOString()}` : sql``}
    group by l.source, d.currency
  `);
  return rowsOf<{ source: string; currency: string; revenue: number }>(res).map((r) => ({ ...r, revenue: Number(r.revenue) }));
}
