/** Drizzle calls for erasure and retention of finished exports (docs/compliance.md). */
import { and, eq, lt } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { dataExports } from "./data-exports.table.ts";

export function finishedExports(db: Db, workspaceId: string, before?: Date) {
  return db
    .select({ id: dataExports.id, workspaceId: dataExports.workspaceId, createdAt: dataExports.createdAt, files: dataExports.files })
    .from(dataExports)
    .where(
      and(
        eq(dataExports.workspaceId, workspaceId),
        eq(dataExports.status, "completed"),
        before ? lt(dataExports.completedAt, before) : undefined,
      ),
    );
}

/** The export keeps its row (the history says it ran) but no longer offers a file. */
export async function markRemoved(db: Db, workspaceId: string, id: string, reason: string): Promise<void> {
  await db
    .update(dataExports)
    .set({ status: "failed", files: [], mainFile: null, fileSize: null, error: reason })
    .where(and(eq(dataExports.workspaceId, workspaceId), eq(dataExports.id, id)));
}
