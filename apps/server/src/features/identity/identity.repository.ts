/**
 * Identity queries of our own (better-auth reaches the same tables through its Drizzle adapter):
 * lockout counters, password history, session revocation and the data behind GET /api/auth/me.
 */
import { and, count, desc, eq, gt, inArray, notInArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { organizations, workspaces } from "../organizations/organizations.table.ts";
import { accounts, passwordHistory, sessions, users } from "./identity.table.ts";

/** How many earlier passwords a reset may not reuse (outreach-core §5). */
export const PASSWORD_HISTORY_DEPTH = 5;

export type UserRow = typeof users.$inferSelect;

export function createIdentityRepository(db: Db) {
  return {
    async findUserByEmail(email: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
      return row ?? null;
    },

    async findUserById(id: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row ?? null;
    },

    async countUsers(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(users);
      return Number(row?.n ?? 0);
    },

    /** Counts one failed sign-in atomically, so parallel attempts cannot slip past the limit. */
    async recordFailedLogin(userId: string): Promise<number> {
      const [row] = await db
        .update(users)
        .set({ failedLoginCount: sql`${users.failedLoginCount} + 1` })
        .where(eq(users.id, userId))
        .returning({ n: users.failedLoginCount });
      return row?.n ?? 0;
    },

    /** Locks the account; the counter starts again from zero once the lock has passed. */
    async lock(userId: string, until: Date): Promise<void> {
      await db.update(users).set({ lockedUntil: until, failedLoginCount: 0 }).where(eq(users.id, userId));
    },

    async clearLockout(userId: string): Promise<void> {
      await db
        .update(users)
        .set({ failedLoginCount: 0, lockedUntil: null })
        .where(and(eq(users.id, userId), sql`(${users.failedLoginCount} <> 0 or ${users.lockedUntil} is not null)`));
    },

    async markEmailVerified(userId: string): Promise<void> {
      await db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
    },

    /** The hash of the user's email+password credential, if they have one. */
    async currentPasswordHash(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ password: accounts.password })
        .from(accounts)
        .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")))
        .limit(1);
      return row?.password ?? null;
    },

    async recentPasswordHashes(userId: string, limit = PASSWORD_HISTORY_DEPTH): Promise<string[]> {
      const rows = await db
        .select({ hash: passwordHistory.hash })
        .from(passwordHistory)
        .where(eq(passwordHistory.userId, userId))
        .orderBy(desc(passwordHistory.createdAt), desc(passwordHistory.id))
        .limit(limit);
      return rows.map((r) => r.hash);
    },

    /** Appends a hash and drops entries older than the ones still checked. */
    async addPasswordHistory(userId: string, hash: string): Promise<void> {
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
    },

    async findLiveSession(token: string) {
      const [row] = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.token, token), gt(sessions.expiresAt, new Date())))
        .limit(1);
      return row ?? null;
    },

    /** True when the token is a single sign-on session that still owes its second factor. */
    async isTwoFactorPending(token: string): Promise<boolean> {
      const [row] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.token, token), eq(sessions.twoFactorPending, true)))
        .limit(1);
      return Boolean(row);
    },

    async deleteSession(sessionId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, sessionId));
    },

    async deleteSessionsOfUser(userId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },

    async sessionIdsOfUser(userId: string): Promise<string[]> {
      const rows = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
      return rows.map((r) => r.id);
    },

    async deleteSessions(ids: string[]): Promise<void> {
      if (ids.length) await db.delete(sessions).where(inArray(sessions.id, ids));
    },

    async workspaceWithOrganization(workspaceId: string) {
      const [row] = await db
        .select({
          workspaceId: workspaces.id,
          workspaceName: workspaces.name,
          organizationId: organizations.id,
          organizationName: organizations.name,
          plan: organizations.plan,
        })
        .from(workspaces)
        .innerJoin(organizations, eq(organizations.id, workspaces.organizationId))
        .where(eq(workspaces.id, workspaceId))
        .limit(1);
      return row ?? null;
    },
  };
}

export type IdentityRepository = ReturnType<typeof createIdentityRepository>;
