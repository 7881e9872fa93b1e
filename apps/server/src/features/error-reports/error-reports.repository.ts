/** Drizzle calls for client error reports. */
import { and, count, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { errorReports } from "./error-reports.table.ts";

export type ErrorReportRow = typeof errorReports.$inferSelect;
export type NewErrorReport = typeof errorReports.$inferInsert;

export async function insertErrorReport(db: Db, values: NewErrorReport): Promise<ErrorReportRow> {
  const [row] = await db.insert(errorReports).values(values).returning();
  return row!;
}

/** Deletes reports older than maxAgeDays and all but the newest maxRows. Returns how many went. */
export async function pruneErrorReports(db: Db, opts: { maxRows: number; maxAgeDays: number }): Promise<number> {
  const cutoff = new Date(Date.now() - opts.maxAgeDays * 86400_000);
  const old = await db.delete(errorReports).where(lt(errorReports.createdAt, cutoff)).returning({ id: errorReports.id });
  // The index on created_at makes finding the overflow a short scan of maxRows entries.
  const overflow = db
    .select({ id: errorReports.id })
    .from(errorReports)
    .orderBy(desc(errorReports.createdAt), desc(errorReports.id))
    .offset(opts.maxRows);
  const extra = await db.delete(errorReports).where(inArray(errorReports.id, overflow)).returning({ id: errorReports.id });
  return old.length + extra.length;
}

export interface ReportFilter {
  type?: string;
  severity?: string;
}

const where = (f: ReportFilter): SQL | undefined => {
  const c: SQL[] = [];
  if (f.type) c.push(eq(errorReports.type, f.type));
  if (f.severity) c.push(eq(errorReports.severity, f.severity));
  return c.length ? and(...c) : undefined;
};

export async function listErrorReports(db: Db, f: ReportFilter, page: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(errorReports)
      .where(where(f))
      .orderBy(desc(errorReports.createdAt), desc(errorReports.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(errorReports).where(where(f)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Counts per value of a column over every stored report. */
export async function countErrorReportsBy(db: Db, column: "type" | "severity"): Promise<Record<string, number>> {
  const col = errorReports[column];
  const rows = await db
    .select({ key: col, n: sql<number>`count(*)`.mapWith(Number) })
    .from(errorReports)
    .groupBy(col);
  return Object.fromEntries(rows.map((r) => [r.key, r.n]));
}

// ---- Groups by type, field and component (shell §8), read by /system-monitor ----

export interface ErrorGroupKey {
  type: string;
  field: string;
  component: string;
}
export interface ErrorGroupRow extends ErrorGroupKey {
  n: number;
  firstMs: number;
  lastMs: number;
}
export interface ErrorExampleRow {
  id: string;
  severity: string;
  message: string;
  stack: string | null;
  url: string | null;
  userAgent: string | null;
  createdAt: Date;
}
const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;
const ms = (col: SQL) => sql`(extract(epoch from ${col}) * 1000)::float8`;
const inGroup = (k: ErrorGroupKey) =>
  and(eq(errorReports.type, k.type), eq(errorReports.field, k.field), eq(errorReports.component, k.component));

/**
 * One page of groups since a time, most reports first (ties by type, field, component): a keyset
 * over the aggregate, so a page costs one grouped scan of the range (retention bounds it: 10,000
 * reports at most) and never an offset.
 */
export async function errorGroups(
  db: Db,
  opts: { since: Date; type?: string; after?: ErrorGroupRow | (ErrorGroupKey & { n: number }); limit: number },
): Promise<ErrorGroupRow[]> {
  const a = opts.after;
  const res = await db.execute(sql`
    select type, field, component, n, first_ms as "firstMs", last_ms as "lastMs" from (
      select type, field, component, count(*)::int as n,
        ${ms(sql`min(created_at)`)} as first_ms, ${ms(sql`max(created_at)`)} as last_ms
      from ${errorReports}
      where created_at >= ${opts.since} ${opts.type ? sql`and type = ${opts.type}` : sql``}
      group by type, field, component
    ) g
    ${a ? sql`where g.n < ${a.n} or (g.n = ${a.n} and (g.type, g.field, g.component) > (${a.type}, ${a.field}, ${a.component}))` : sql``}
    order by n desc, type, field, component
    limit ${opts.limit}`);
  return rowsOf<ErrorGroupRow>(res).map((r) => ({ ...r, n: Number(r.n), firstMs: Number(r.firstMs), lastMs: Number(r.lastMs) }));
}

/** Reports and distinct groups since a time. */
export async function errorGroupTotals(db: Db, opts: { since: Date; type?: string }): Promise<{ reports: number; groups: number }> {
  const res = await db.execute(sql`
    select count(*)::int as reports, count(distinct (type, field, component))::int as groups
    from ${errorReports}
    where created_at >= ${opts.since} ${opts.type ? sql`and type = ${opts.type}` : sql``}`);
  const [r] = rowsOf<{ reports: number; groups: number }>(res);
  return { reports: Number(r?.reports ?? 0), groups: Number(r?.groups ?? 0) };
}

/** Counts per hour or UTC day of the given groups since a time (only non-empty buckets). */
export async function errorGroupTrends(
  db: Db,
  keys: ErrorGroupKey[],
  since: Date,
  bucket: "hour" | "day",
): Promise<(ErrorGroupKey & { bucketMs: number; n: number })[]> {
  if (keys.length === 0) return [];
  const tuples = sql.join(
    keys.map((k) => sql`(${k.type}, ${k.field}, ${k.component})`),
    sql`, `,
  );
  const unit = bucket === "hour" ? sql.raw("'hour'") : sql.raw("'day'");
  const res = await db.execute(sql`
    select type, field, component, ${ms(sql`date_trunc(${unit}, created_at at time zone 'UTC') at time zone 'UTC'`)} as "bucketMs", count(*)::int as n
    from ${errorReports}
    where created_at >= ${since} and (type, field, component) in (${tuples})
    group by 1, 2, 3, 4`);
  return rowsOf<ErrorGroupKey & { bucketMs: number; n: number }>(res).map((r) => ({ ...r, bucketMs: Number(r.bucketMs), n: Number(r.n) }));
}

/** The newest reports of one group since a time (the group index, newest first). */
export async function latestInGroup(db: Db, key: ErrorGroupKey, since: Date, limit: number): Promise<ErrorExampleRow[]> {
  return db
    .select({
      id: errorReports.id,
      severity: errorReports.severity,
      message: errorReports.message,
      stack: errorReports.stack,
      url: errorReports.url,
      userAgent: errorReports.userAgent,
      createdAt: errorReports.createdAt,
    })
    .from(errorReports)
    .where(and(inGroup(key), gte(errorReports.createdAt, since)))
    .orderBy(desc(errorReports.createdAt), desc(errorReports.id))
    .limit(limit);
}

/** One group's count, first and last time and severities since a time; null when it has no report. */
export async function errorGroupSummary(
  db: Db,
  key: ErrorGroupKey,
  since: Date,
): Promise<{ n: number; firstMs: number; lastMs: number; bySeverity: Record<string, number> } | null> {
  const rows = await db
    .select({
      severity: errorReports.severity,
      n: sql<number>`count(*)::int`.mapWith(Number),
      firstMs: sql<number>`${ms(sql`min(${errorReports.createdAt})`)}`.mapWith(Number),
      lastMs: sql<number>`${ms(sql`max(${errorReports.createdAt})`)}`.mapWith(Number),
    })
    .from(errorReports)
    .where(and(inGroup(key), gte(errorReports.createdAt, since)))
    .groupBy(errorReports.severity);
  if (rows.length === 0) return null;
  return {
    n: rows.reduce((s, r) => s + r.n, 0),
    firstMs: Math.min(...rows.map((r) => r.firstMs)),
    lastMs: Math.max(...rows.map((r) => r.lastMs)),
    bySeverity: Object.fromEntries(rows.map((r) => [r.severity, r.n])),
  };
}
