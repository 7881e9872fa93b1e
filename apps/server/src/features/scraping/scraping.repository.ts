/** Drizzle calls for scraping jobs, plus the read-only lead lookup the scrapers use to skip known companies. */
import type { JobStatus, ScrapingCounts } from "@prospector/contracts";
import { and, count, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { leads } from "../leads/index.ts";
import { scrapingJobs } from "./scraping.table.ts";

export type ScrapingJobRow = typeof scrapingJobs.$inferSelect;

export async function insertJob(db: Db, values: typeof scrapingJobs.$inferInsert): Promise<ScrapingJobRow> {
  const [row] = await db.insert(scrapingJobs).values(values).returning();
  return row!;
}

export async function getJob(db: Db, workspaceId: string, id: string): Promise<ScrapingJobRow | undefined> {
  const [row] = await db
    .select()
    .from(scrapingJobs)
    .where(and(eq(scrapingJobs.workspaceId, workspaceId), eq(scrapingJobs.id, id)));
  return row;
}

/** For the job runner, which gets only the id from the queue. */
export async function getJobById(db: Db, id: string): Promise<ScrapingJobRow | undefined> {
  const [row] = await db.select().from(scrapingJobs).where(eq(scrapingJobs.id, id));
  return row;
}

export async function getStatus(db: Db, id: string): Promise<JobStatus | undefined> {
  const [row] = await db.select({ status: scrapingJobs.status }).from(scrapingJobs).where(eq(scrapingJobs.id, id));
  return row?.status;
}

export async function listJobs(
  db: Db,
  workspaceId: string,
  q: { skip: number; limit: number; status?: JobStatus },
): Promise<{ rows: ScrapingJobRow[]; total: number }> {
  const where: SQL = and(eq(scrapingJobs.workspaceId, workspaceId), q.status ? eq(scrapingJobs.status, q.status) : undefined)!;
  const [rows, [totalRow]] = await Promise.all([
    db.select().from(scrapingJobs).where(where).orderBy(desc(scrapingJobs.createdAt), desc(scrapingJobs.id)).offset(q.skip).limit(q.limit),
    db.select({ n: count() }).from(scrapingJobs).where(where),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}

/** queued → running; a retried job (expired while running) starts over from zero. */
export async function markRunning(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(scrapingJobs)
    .set({
      status: "running",
      startedAt: new Date(),
      progress: 0,
      counts: { found: 0, created: 0, duplicates_skipped: 0, failed: 0 },
      notes: [],
      resultLeadIds: [],
      error: null,
    })
    .where(and(eq(scrapingJobs.id, id), inArray(scrapingJobs.status, ["queued", "running"])))
    .returning({ id: scrapingJobs.id });
  return rows.length > 0;
}

/** Progress of a running job; after a cancel only `whileCancelled` writes (the final tally) land. */
export async function saveProgress(
  db: Db,
  id: string,
  p: { progress: number; counts: ScrapingCounts; notes: string[]; resultLeadIds: string[] },
  opts: { whileCancelled?: boolean } = {},
): Promise<void> {
  await db
    .update(scrapingJobs)
    .set(p)
    .where(and(eq(scrapingJobs.id, id), eq(scrapingJobs.status, opts.whileCancelled ? "cancelled" : "running")));
}

export async function finishJob(
  db: Db,
  id: string,
  p: {
    status: "completed" | "failed";
    error: string | null;
    progress: number;
    counts: ScrapingCounts;
    notes: string[];
    resultLeadIds: string[];
  },
): Promise<ScrapingJobRow | undefined> {
  const [row] = await db
    .update(scrapingJobs)
    .set({ ...p, finishedAt: new Date() })
    .where(and(eq(scrapingJobs.id, id), eq(scrapingJobs.status, "running")))
    .returning();
  return row;
}

/** Cancels a queued or running job; returns undefined when it had already finished. */
export async function cancelJob(db: Db, workspaceId: string, id: string): Promise<ScrapingJobRow | undefined> {
  const [row] = await db
    .update(scrapingJobs)
    .set({ status: "cancelled", finishedAt: new Date() })
    .where(and(eq(scrapingJobs.workspaceId, workspaceId), eq(scrapingJobs.id, id), inArray(scrapingJobs.status, ["queued", "running"])))
    .returning();
  return row;
}

/**
 * Company-only leads (no email, no person) already in the workspace under these company names:
 * the leads service matches duplicates by email or person name, so these need their own check.
 */
export async function existingCompanyLeads(db: Db, workspaceId: string, companyNames: string[]): Promise<Set<string>> {
  if (companyNames.length === 0) return new Set();
  const lowered = [...new Set(companyNames.map((n) => n.toLowerCase()))];
  const rows = await db
    .select({ name: sql<string>`lower(${leads.companyName})` })
    .from(leads)
    .where(
      and(
        eq(leads.workspaceId, workspaceId),
        inArray(sql`lower(${leads.companyName})`, lowered),
        isNull(leads.email),
        isNull(leads.firstName),
        isNull(leads.lastName),
      ),
    );
  return new Set(rows.map((r) => r.name));
}
