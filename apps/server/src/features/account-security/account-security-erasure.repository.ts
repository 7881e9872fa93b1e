/** The member's two-factor credentials and recovery codes, deleted when their account is erased (docs/compliance.md, "Erasing a member"): called by compliance's member erasure, inside its transaction. */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";

type Tx = Pick<Db, "execute">;

function countOf(res: unknown): number {
  const r = res as { rowCount?: number; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}

/** Deletes the two-factor credentials and recovery codes of the account; counts per table. */
export async function eraseTwoFactorOfUser(db: Tx, userId: string): Promise<Record<string, number>> {
  return {
    two_factor_credentials: countOf(await db.execute(sql`delete from two_factor_credentials where user_id = ${userId}`)),
    recovery_codes: countOf(await db.execute(sql`delete from recovery_codes where user_id = ${userId}`)),
  };
}
