/** The writes behind incident containment (docs/security-incidents.md): a user's sessions and the account's activation. */
import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sessions, users } from "./identity.table.ts";

/** Deletes every session of the user; returns how many there were. */
export async function deleteUserSessions(db: Db, userId: string): Promise<number> {
  const rows = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return rows.length;
}

/** Sets `is_active`; returns false when it already had that value (nothing changed). */
export async function setUserActive(db: Db, userId: string, active: boolean): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ isActive: active })
    .where(and(eq(users.id, userId), ne(users.isActive, active)))
    .returning({ id: users.id });
  return rows.length > 0;
}
