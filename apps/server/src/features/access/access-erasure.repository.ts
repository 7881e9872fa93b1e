/** A member's grants: direct permissions, access tokens and requests, team memberships, for one workspace or the whole account (docs/compliance.md, "Erasing a member"): called by compliance's member erasure, inside its transaction. */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";

type Tx = Pick<Db, "execute">;

function countOf(res: unknown): number {
  const r = res as { rowCount?: number; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}

/** Deletes the user's grants in `workspaceId`, or everywhere when it is null; counts per table. */
export async function eraseGrantsOfUser(db: Tx, userId: string, workspaceId: string | null): Promise<Record<string, number>> {
  const ws = workspaceId ? sql` and workspace_id = ${workspaceId}` : sql``;
  const teams = workspaceId ? sql` and team_id in (select id from teams where workspace_id = ${workspaceId})` : sql``;
  return {
    user_permissions: countOf(await db.execute(sql`delete from user_permissions where user_id = ${userId}${ws}`)),
    access_tokens: countOf(await db.execute(sql`delete from access_tokens where user_id = ${userId}${ws}`)),
    access_requests: countOf(await db.execute(sql`delete from access_requests where user_id = ${userId}${ws}`)),
    team_members: countOf(await db.execute(sql`delete from team_members where user_id = ${userId}${teams}`)),
  };
}
