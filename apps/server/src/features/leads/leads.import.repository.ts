/** Drizzle calls for CSV import jobs: the job row, its progress counters and its stored errors. */
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { leadImportJobs } from "./leads.table.ts";

type Tx = Pick<Db, "select" | "insert" | "update">;
export type ImportJobRow = typeof leadImportJobs.$inferSelect;

export async function insertImportJob(db: Tx, values: typeof leadImportJobs.$inferInsert): Promise<ImportJobRow> {
  const [row] = await db.insert(leadImportJobs).values(values).returning();
  return row as ImportJobRow;
}

export async function listImportJobs(db: Tx, workspaceId: string, q: { skip: number; limit: number }): Promise<ImportJobRow[]> {
  return db
    .select()
    .from(leadImportJobs)
    .where(eq(leadImportJobs.workspaceId, workspaceId))
    .orderBy(desc(leadImportJobs.createdAt))
    .limit(q.limit)
    .offset(q.skip);
}

export async function getImportJob(db: Tx, workspaceId: string, id: string): Promise<ImportJobRow | undefined> {
  const [row] = await db
    .select()
    .from(leadImportJobs)
    .where(and(eq(leadImportJobs.workspaceId, workspaceId), eq(leadImportJobs.id, id)));
  return row;
}

/** Any workspace's job (the import job handler gets only the id). */
export async function getImportJobById(db: Tx, id: string): Promise<ImportJobRow | undefined> {
  const [row] = await db.select().from(leadImportJobs).where(eq(leadImportJobs.id, id));
  return row;
}

export async function updateImportJob(
  db: Tx,
  id: string,
  values: Partial<typeof leadImportJobs.$inferInsert>,
): Promise<ImportJobRow | undefined> {
  const [row] = await db.update(leadImportJobs).set(values).where(eq(leadImportJobs.id, id)).returning();
  return row;
}

/** Adds one batch's counts and errors to the job, in the batch's transaction. */
export async function addBatchProgress(
  tx: Tx,
  id: string,
  p: { rows: number; bytesProcessed: number; created: number; updated: number; skipped: number; failed: number; errors: unknown[] },
): Promise<ImportJobRow | undefined> {
  const [row] = await tx
    .update(leadImportJobs)
    .set({
      processedRows: sql`${leadImportJobs.processedRows} + ${p.rows}`,
      bytesProcessed: p.bytesProcessed,
      created: sql`${leadImportJobs.created} + ${p.created}`,
      updated: sql`${leadImportJobs.updated} + ${p.updated}`,
      skipped: sql`${leadImportJobs.skipped} + ${p.skipped}`,
      failed: sql`${leadImportJobs.failed} + ${p.failed}`,
      errors: p.errors.length ? sql`${leadImportJobs.errors} || ${JSON.stringify(p.errors)}::jsonb` : undefined,
    })
    .where(eq(leadImportJobs.id, id))
    .returning();
  return row;
}
