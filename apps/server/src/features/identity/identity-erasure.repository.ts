/** An erased account: sign-in methods, sessions, verifications and password history deleted, the users row anonymised (docs/compliance.md, "Erasing a member"): called by compliance's member erasure, inside its transaction. */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";

type Tx = Pick<Db, "execute">;

function countOf(res: unknown): number {
  const r = res as { rowCount?: number; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}

/**
 * Deletes the account's sign-in methods (password, SSO), sessions, verifications (by address or id) and
 * password history, and anonymises the users row (kept so "who did it" foreign keys stay valid). The
 * caller drops cached callers afterwards (forgetUser).
 */
export async function eraseAccountIdentity(db: Tx, userId: string, email: string, placeholder: string): Promise<Record<string, number>> {
  const address = `%${email.trim().toLowerCase()}%`;
  return {
    sessions: countOf(await db.execute(sql`delete from sessions where user_id = ${userId}`)),
    accounts: countOf(await db.execute(sql`delete from accounts where user_id = ${userId}`)),
    verifications: countOf(
      await db.execute(
        sql`delete from verifications where lower(identifier) like ${address} or lower(value) like ${address} or value like ${`%${userId}%`}`,
      ),
    ),
    password_history: countOf(await db.execute(sql`delete from password_history where user_id = ${userId}`)),
    users: countOf(
      await db.execute(
        sql`update users set email = ${placeholder}, name = 'Erased user', image = null, is_active = false, email_verified = false,
          two_factor_enabled = false, default_workspace_id = null, failed_login_count = 0, locked_until = null, updated_at = now()
          where id = ${userId}`,
      ),
    ),
  };
}
