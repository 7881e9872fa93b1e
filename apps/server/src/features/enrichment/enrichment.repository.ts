/** Drizzle calls for enrichment jobs, plus the read-only colleague lookup the email guesser learns patterns from. */
import type { EnrichmentCounts, EnrichmentLeadResult, JobStatus } from "@prospector/contracts";
import { and, count, desc, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { leads } from "../leads/index.ts";
import { enrichmentJobs } from "./enrichment.table.ts";
import { GUESS_SOURCE } from "./guess-score.enricher.ts";

export type EnrichmentJobRow = typeof enrichmentJobs.$inferSelect;

export const zeroCounts = (total: number): EnrichmentCounts => ({ total, processed: 0, enriched: 0, unchanged: 0, failed: 0 });

export async function insertJob(db: Db, values: typeof enrichmentJobs.$inferInsert): Promise<EnrichmentJobRow> {
  const [row] = await db.insert(enrichmentJobs).values(values).returning();
  return row!;
}

export async function getJob(db: Db, workspaceId: string, id: string): Promise<EnrichmentJobRow | undefined> {
  const [row] = await db
    .select()
    .from(enrichmentJobs)
    .where(and(eq(enrichmentJobs.workspaceId, workspaceId), eq(enrichmentJobs.id, id)));
  return row;
}

export async function getJobById(db: Db, id: string): Promise<EnrichmentJobRow | undefined> {
  const [row] = await db.select().from(enrichmentJobs).where(eq(enrichmentJobs.id, id));
  return row;
}

export async function getStatus(db: Db, id: string): Promise<JobStatus | undefined> {
  const [row] = await db.select({ status: enrichmentJobs.status }).from(enrichmentJobs).where(eq(enrichmentJobs.id, id));
  return row?.status;
}

export async function listJobs(
  db: Db,
  workspaceId: string,
  q: { skip: number; limit: number; status?: JobStatus },
): Promise<{ rows: EnrichmentJobRow[]; total: number }> {
  const where: SQL = and(eq(enrichmentJobs.workspaceId, workspaceId), q.status ? eq(enrichmentJobs.status, q.status) : undefined)!;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(enrichmentJobs)
      .where(where)
      .orderBy(desc(enrichmentJobs.createdAt), desc(enrichmentJobs.id))
      .offset(q.skip)
      .limit(q.limit),
    db.select({ n: count() }).from(enrichmentJobs).where(where),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}

/** queued → running; a retried job starts over (enriching a lead twice changes nothing more). */
export async function markRunning(db: Db, id: string, total: number): Promise<boolean> {
  const rows = await db
    .update(enrichmentJobs)
    .set({ status: "running", startedAt: new Date(), progress: 0, counts: zeroCounts(total), results: [], error: null })
    .where(and(eq(enrichmentJobs.id, id), inArray(enrichmentJobs.status, ["queued", "running"])))
    .returning({ id: enrichmentJobs.id });
  return rows.length > 0;
}

type Progress = { progress: number; counts: EnrichmentCounts; results: EnrichmentLeadResult[] };

/** Running jobs only, unless `whileCancelled` (the final tally after a cancel). */
export async function saveProgress(db: Db, id: string, p: Progress, opts: { whileCancelled?: boolean } = {}): Promise<void> {
  await db
    .update(enrichmentJobs)
    .set(p)
    .where(and(eq(enrichmentJobs.id, id), eq(enrichmentJobs.status, opts.whileCancelled ? "cancelled" : "running")));
}

export async function finishJob(
  db: Db,
  id: string,
  p: Progress & { status: "completed" | "failed"; error: string | null },
): Promise<EnrichmentJobRow | undefined> {
  const [row] = await db
    .update(enrichmentJobs)
    .set({ ...p, finishedAt: new Date() })
    .where(and(eq(enrichmentJobs.id, id), eq(enrichmentJobs.status, "running")))
    .returning();
  return row;
}

export async function cancelJob(db: Db, workspaceId: string, id: string): Promise<EnrichmentJobRow | undefined> {
  const [row] = await db
    .update(enrichmentJobs)
    .set({ status: "cancelled", finishedAt: new Date() })
    .where(
      and(eq(enrichmentJobs.workspaceId, workspaceId), eq(enrichmentJobs.id, id), inArray(enrichmentJobs.status, ["queued", "running"])),
    )
    .returning();
  return row;
}

/** Leads at the same email domain with real (not guessed) addresses and full names: up to 50 examples. */
export async function colleaguesAt(
  db: Db,
  workspaceId: string,
  domain: string,
): Promise<{ email: string; first_name: string; last_name: string }[]> {
  const rows = await db
    .select({ email: leads.email, first: leads.firstName, last: leads.lastName })
    .from(leads)
    .where(
      and(
        eq(leads.workspaceId, workspaceId),
        sql`lower(${leads.email}) like ${`%@${domain.toLowerCase().replace(/[%_\\]/g, "\\$&")}`}`,
        isNotNull(leads.firstName),
        isNotNull(leads.lastName),
        sql`coalesce(${leads.provenance} -> 'email' ->> 'source', '') <> ${GUESS_SOURCE}`,
      ),
    )
    .limit(50);
  return rows.map((r) => ({ email: r.email as string, first_name: r.first as string, last_name: r.last as string }));
}

/** Which of these ids are leads of the workspace. */
export async function existingLeadIds(db: Db, workspaceId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.workspaceId, workspaceId), inArray(leads.id, ids)));
  return new Set(rows.map((r) => r.id));
}
