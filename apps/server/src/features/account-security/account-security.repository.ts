/**
 * Drizzle calls of account security: two-factor secrets and recovery codes, the caller's sessions,
 * and when the password last changed. The two-factor flag on users mirrors twoFactorCredentials.
 */
import { and, count, desc, eq, gt, isNull, lt, max, ne, or } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { isUuid } from "../../platform/ids.ts";
import { accounts, passwordHistory, sessions, users } from "../identity/index.ts";
import { recoveryCodes, twoFactorCredentials } from "./account-security.table.ts";

export type TwoFactorCredentialRow = typeof twoFactorCredentials.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export async function credential(db: Db, userId: string): Promise<TwoFactorCredentialRow | null> {
  const [row] = await db.select().from(twoFactorCredentials).where(eq(twoFactorCredentials.userId, userId)).limit(1);
  return row ?? null;
}

/** Starts (or restarts) a setup; never touches an enabled credential. */
export async function savePendingSecret(db: Db, userId: string, secretEncrypted: string): Promise<boolean> {
  const rows = await db
    .insert(twoFactorCredentials)
    .values({ userId, secretEncrypted })
    .onConflictDoUpdate({
      target: twoFactorCredentials.userId,
      set: { secretEncrypted, lastUsedStep: null, updatedAt: new Date() },
      setWhere: isNull(twoFactorCredentials.enabledAt),
    })
    .returning({ userId: twoFactorCredentials.userId });
  return rows.length > 0;
}

/** Turns a pending setup on with its first recovery codes; false when it was not pending any more. */
export async function enable(db: Db, userId: string, step: number, codeHashes: string[]): Promise<boolean> {
  return db.transaction(async (tx) => {
    const done = await tx
      .update(twoFactorCredentials)
      .set({ enabledAt: new Date(), lastUsedStep: step })
      .where(and(eq(twoFactorCredentials.userId, userId), isNull(twoFactorCredentials.enabledAt)))
      .returning({ userId: twoFactorCredentials.userId });
    if (done.length === 0) return false;
    await tx.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
    return true;
  });
}

/** Records an accepted time step; false if it (or a later one) was already used: a replay. */
export async function useStep(db: Db, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(twoFactorCredentials)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(twoFactorCredentials.userId, userId),
        or(isNull(twoFactorCredentials.lastUsedStep), lt(twoFactorCredentials.lastUsedStep, step)),
      ),
    )
    .returning({ userId: twoFactorCredentials.userId });
  return rows.length > 0;
}

export async function disable(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(twoFactorCredentials).where(eq(twoFactorCredentials.userId, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.update(users).set({ twoFactorEnabled: false }).where(eq(users.id, userId));
  });
}

export async function replaceRecoveryCodes(db: Db, userId: string, codeHashes: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  });
}

/** Marks a code used; false when it does not exist or was used before (single use, race-free). */
export async function useRecoveryCode(db: Db, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function unusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

export async function liveSessions(db: Db, userId: string): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.updatedAt), desc(sessions.id));
}

/** Deletes one of the user's sessions; false when the id is not theirs (or not a session at all). */
export async function deleteSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  if (!isUuid(sessionId)) return false;
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Every session of the user except `keep` (the caller's); returns how many live ones went. */
export async function deleteOtherSessions(db: Db, userId: string, keep: string | null): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keep ? ne(sessions.id, keep) : undefined))
    .returning({ expiresAt: sessions.expiresAt });
  const now = Date.now();
  return rows.filter((r) => r.expiresAt.getTime() > now).length;
}

/** The latest password change we recorded, else when the password credential was last written. */
export async function passwordLastChanged(db: Db, userId: string): Promise<Date | null> {
  const [history] = await db
    .select({ at: max(passwordHistory.createdAt) })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, userId));
  if (history?.at) return history.at;
  const [account] = await db
    .select({ at: accounts.updatedAt })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")))
    .limit(1);
  return account?.at ?? null;
}
