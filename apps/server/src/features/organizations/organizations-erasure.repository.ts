/** A member's membership of a workspace, removed by an erasure, and how many memberships they keep (docs/compliance.md, "Erasing a member"): called by compliance's member erasure, inside its transaction. */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";

type Tx = Pick<Db, "execute">;

function countOf(res: unknown): number {
  const r = res as { rowCount?: number; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}

/** Removes the membership (and the account's default workspace when it was this one); counts per table. */
export async function eraseMembership(db: Tx, userId: string, workspaceId: string): Promise<Record<string, number>> {
  const n = countOf(await db.execute(sql`delete from workspace_members where workspace_id = ${workspaceId} and user_id = ${userId}`));
  await db.execute(sql`update users set default_workspace_id = null where id = ${userId} and default_workspace_id = ${workspaceId}`);
  return { workspace_members: n };
}

/** How many workspaces the user is still a member of. */
export async function membershipCount(db: Tx, userId: string): Promise<number> {
  const res = (await db.execute(sql`select count(*)::int as n from workspace_members where user_id = ${userId}`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(res.rows[0]?.n ?? 0);
}
