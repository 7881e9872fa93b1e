/** Drizzle calls for pipeline stages: the ordered list, defaults, writes and the deals that use a stage. */
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { StageRow } from "./crm.mapper.ts";
import { crmDeals, crmStages } from "./crm.table.ts";

/** The database or an open transaction. */
export type Tx = Pick<Db, "select" | "insert" | "update" | "delete" | "execute">;

export async function listStages(db: Tx, workspaceId: string): Promise<StageRow[]> {
  return db
    .select()
    .from(crmStages)
    .where(eq(crmStages.workspaceId, workspaceId))
    .orderBy(asc(crmStages.position), asc(crmStages.createdAt));
}

/** Locks the workspace's stages (in id order) so a reorder or delete sees a stable list. */
export async function lockStages(tx: Tx, workspaceId: string): Promise<StageRow[]> {
  const rows = await tx.select().from(crmStages).where(eq(crmStages.workspaceId, workspaceId)).orderBy(asc(crmStages.id)).for("update");
  return rows.sort((a, b) => a.position - b.position || a.createdAt.getTime() - b.createdAt.getTime());
}

export async function getStage(db: Tx, workspaceId: string, id: string): Promise<StageRow | undefined> {
  const [row] = await db
    .select()
    .from(crmStages)
    .where(and(eq(crmStages.workspaceId, workspaceId), eq(crmStages.id, id)));
  return row;
}

export async function findStageByName(db: Tx, workspaceId: string, name: string): Promise<StageRow | undefined> {
  const [row] = await db
    .select()
    .from(crmStages)
    .where(and(eq(crmStages.workspaceId, workspaceId), sql`lower(${crmStages.name}) = ${name.toLowerCase()}`));
  return row;
}

/**
 * Inserts stages, skipping any whose name the workspace already has (crm_stages_ws_name_unique):
 * two first visits at once both try, and the second inserts nothing.
 */
export async function insertStagesIfAbsent(tx: Tx, rows: (typeof crmStages.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(crmStages).values(rows).onConflictDoNothing();
}

export async function insertStage(tx: Tx, values: typeof crmStages.$inferInsert): Promise<StageRow> {
  const [row] = await tx.insert(crmStages).values(values).returning();
  return row as StageRow;
}

export async function updateStage(tx: Tx, workspaceId: string, id: string, values: Partial<typeof crmStages.$inferInsert>) {
  const [row] = await tx
    .update(crmStages)
    .set(values)
    .where(and(eq(crmStages.workspaceId, workspaceId), eq(crmStages.id, id)))
    .returning();
  return row;
}

/** Writes positions 0…n-1 in the given order (only rows whose position changes). */
export async function setPositions(tx: Tx, workspaceId: string, ordered: StageRow[]): Promise<void> {
  for (const [i, s] of ordered.entries()) {
    if (s.position === i) continue;
    await tx
      .update(crmStages)
      .set({ position: i })
      .where(and(eq(crmStages.workspaceId, workspaceId), eq(crmStages.id, s.id)));
  }
}

export async function deleteStage(tx: Tx, workspaceId: string, id: string): Promise<void> {
  await tx.delete(crmStages).where(and(eq(crmStages.workspaceId, workspaceId), eq(crmStages.id, id)));
}

/** How many deals are in the stage (crm_deals_ws_stage_position_idx). */
export async function dealsInStage(db: Tx, workspaceId: string, stageId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(crmDeals)
    .where(and(eq(crmDeals.workspaceId, workspaceId), eq(crmDeals.stageId, stageId)));
  return row?.n ?? 0;
}

/** The ids of the workspace's stages with these outcome flags. */
export async function stageIdsWhere(db: Tx, workspaceId: string, ids: string[]): Promise<StageRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(crmStages)
    .where(and(eq(crmStages.workspaceId, workspaceId), inArray(crmStages.id, ids)));
}
