/** A member's stored settings, deleted for one workspace or for the whole account (docs/compliance.md, "Erasing a member"): called by compliance's member erasure, inside its transaction. */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";

type Tx = Pick<Db, "execute">;

function countOf(res: unknown): number {
  const r = res as { rowCount?: number; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}

/** Deletes the user's settings rows in `workspaceId`, or everywhere when it is null; counts per table. */
export async function eraseSettingsOfUser(db: Tx, userId: string, workspaceId: string | null): Promise<Record<string, number>> {
  const ws = workspaceId ? sql` and workspace_id = ${workspaceId}` : sql``;
  return { user_settings: countOf(await db.execute(sql`delete from user_settings where user_id = ${userId}${ws}`)) };
}
