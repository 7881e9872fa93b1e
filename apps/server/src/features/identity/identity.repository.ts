/**
 * Identity queries of our own (better-auth reaches the same tables through its Drizzle adapter):
 * lockout counters, password history, session revocation and the data behind GET /api/auth/me.
 */
import { and, asc, count, desc, eq, gt, inArray, notInArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { accounts, passwordHistory, sessions, type UserRow, users, verifications } from "./identity.table.ts";

/** How many earlier passwords a reset may not reuse (outreach-core §5). */
export const PASSWORD_HISTORY_DEPTH = 5;

export type { UserRow };

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row ?? null;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return Number(row?.n ?? 0);
}

/** Counts one failed sign-in atomically, so parallel attempts cannot slip past the limit. */
export async function recordFailedLogin(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ failedLoginCount: sql`${users.failedLoginCount} + 1` })
    .where(eq(users.id, userId))
    .returning({ n: users.failedLoginCount });
  return row?.n ?? 0;
}

/** Locks the account; the counter starts again from zero once the lock has passed. */
export async function lock(db: Db, userId: string, until: Date): Promise<void> {
  await db.update(users).set({ lockedUntil: until, failedLoginCount: 0 }).where(eq(users.id, userId));
}

export async function clearLockout(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ failedLoginCount: 0, lockedUntil: null })
    .where(and(eq(users.id, userId), sql`(${users.failedLoginCount} <> 0 or ${users.lockedUntil} is not null)`));
}

export async function markEmailVerified(db: Db, userId: string): Promise<void> {
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
}

/** The hash of the user's email+password credential, if they have one. */
export async function currentPasswordHash(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")))
    .limit(1);
  return row?.password ?? null;
}

export async function recentPasswordHashes(db: Db, userId: string, limit = PASSWORD_HISTORY_DEPTH): Promise<string[]> {
  const rows = await db
    .select({ hash: passwordHistory.hash })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, userId))
    .orderBy(desc(passwordHistory.createdAt), desc(passwordHistory.id))
    .limit(limit);
  return rows.map((r) => r.hash);
}

/** Appends a hash and drops entries older than the ones still checked. */
export async function addPasswordHistory(db: Db, userId: string, hash: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(passwordHistory).values({ userId, hash });
    const keep = await tx
      .select({ id: passwordHistory.id })
      .from(passwordHistory)
      .where(eq(passwordHistory.userId, userId))
      .orderBy(desc(passwordHistory.createdAt), desc(passwordHistory.id))
      .limit(PASSWORD_HISTORY_DEPTH);
    const ids = keep.map((k) => k.id);
    await tx.delete(passwordHistory).where(and(eq(passwordHistory.userId, userId), notInArray(passwordHistory.id, ids)));
  });
}

export async function findLiveSession(db: Db, token: string) {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.token, token), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row ?? null;
}

/** True when the token is a single sign-on session that still owes its second factor. */
export async function isTwoFactorPending(db: Db, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.token, token), eq(sessions.twoFactorPending, true)))
    .limit(1);
  return Boolean(row);
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteSessionsOfUser(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function sessionIdsOfUser(db: Db, userId: string): Promise<string[]> {
  const rows = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  return rows.map((r) => r.id);
}

export async function deleteSessions(db: Db, ids: string[]): Promise<void> {
  if (ids.length) await db.delete(sessions).where(inArray(sessions.id, ids));
}

/** A live, fully signed-in session (not waiting for its second factor) with its user. */
export async function findSignedInSession(db: Db, token: string, now: Date, createdAfter: Date | null) {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.token, token),
        gt(sessions.expiresAt, now),
        eq(sessions.twoFactorPending, false),
        createdAfter ? gt(sessions.createdAt, createdAfter) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function setSessionExpiry(db: Db, sessionId: string, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
}

export async function hasInstanceAdmin(db: Db): Promise<boolean> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.isInstanceAdmin, true)).limit(1);
  return Boolean(admin);
}

/** The oldest stored value under an identifier (several processes may have inserted one). */
export async function oldestVerificationValue(db: Db, identifier: string): Promise<string | null> {
  const [row] = await db
    .select({ value: verifications.value })
    .from(verifications)
    .where(eq(verifications.identifier, identifier))
    .orderBy(asc(verifications.createdAt), asc(verifications.id))
    .limit(1);
  return row?.value ?? null;
}

export async function insertVerification(db: Db, row: typeof verifications.$inferInsert): Promise<void> {
  await db.insert(verifications).values(row);
}

export async function deleteVerifications(db: Db, identifier: string): Promise<void> {
  await db.delete(verifications).where(eq(verifications.identifier, identifier));
}
