/** Drizzle calls for client error reports. */
import { and, count, desc, eq, inArray, lt, type SQL, sql } from "drizzle-orm";
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
