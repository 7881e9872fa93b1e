/** An erased account's sign-in events (detection reads them for 90 days) (docs/compliance.md, "Erasing a member"): called by compliance's member erasure, inside its transaction. */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";

type Tx = Pick<Db, "execute">;

function countOf(res: unknown): number {
  const r = res as { rowCount?: number; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}

/** Deletes the sign-in events of the account and of any attempt with its address; counts per table. */
export async function eraseSignInEventsOfUser(db: Tx, userId: string, email: string): Promise<Record<string, number>> {
  return {
    security_events: countOf(
      await db.execute(sql`delete from security_events where user_id = ${userId} or lower(email) = ${email.trim().toLowerCase()}`),
    ),
  };
}
