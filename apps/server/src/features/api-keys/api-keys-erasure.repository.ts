/** A member's API keys, deleted for one workspace or for the whole account (their usage rows go with them by foreign key) (docs/compliance.md, "Erasing a member"): called by compliance's member erasure, inside its transaction. */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";

type Tx = Pick<Db, "execute">;

function countOf(res: unknown): number {
  const r = res as { rowCount?: number; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}

/** Deletes the user's API keys in `workspaceId`, or everywhere when it is null; counts per table. The caller drops cached key lookups (identity's forgetUser). */
export async function eraseApiKeysOfUser(db: Tx, userId: string, workspaceId: string | null): Promise<Record<string, number>> {
  const ws = workspaceId ? sql` and workspace_id = ${workspaceId}` : sql``;
  return { api_keys: countOf(await db.execute(sql`delete from api_keys where user_id = ${userId}${ws}`)) };
}
