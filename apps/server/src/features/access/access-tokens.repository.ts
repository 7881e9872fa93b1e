/** Drizzle calls of scoped access tokens (/rbac/tokens): stored hashed, listed per owner and workspace. */
import { and, count, desc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../identity/index.ts";
import { workspaceMembers, workspaces } from "../organizations/index.ts";
import { accessTokens } from "./access.table.ts";

export type AccessTokenRow = typeof accessTokens.$inferSelect;

const active = (now: Date) => and(isNull(accessTokens.revokedAt), gt(accessTokens.expiresAt, now));

export async function countActive(db: Db, workspaceId: string, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(accessTokens)
    .where(and(eq(accessTokens.workspaceId, workspaceId), eq(accessTokens.userId, userId), active(now)));
  return Number(row?.n ?? 0);
}

export async function insertToken(db: Db, values: typeof accessTokens.$inferInsert): Promise<AccessTokenRow> {
  const [row] = await db.insert(accessTokens).values(values).returning();
  return row as AccessTokenRow;
}

export async function pageTokens(
  db: Db,
  q: { workspaceId: string; userId: string; page: number; perPage: number; active?: boolean; now: Date },
) {
  const where = and(
    eq(accessTokens.workspaceId, q.workspaceId),
    eq(accessTokens.userId, q.userId),
    q.active === true ? active(q.now) : undefined,
    q.active === false ? or(sql`${accessTokens.revokedAt} is not null`, lt(accessTokens.expiresAt, q.now)) : undefined,
  );
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(accessTokens)
      .where(where)
      .orderBy(desc(accessTokens.createdAt), desc(accessTokens.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ n: count() }).from(accessTokens).where(where),
  ]);
  return { items, total: Number(total?.n ?? 0) };
}

export async function findToken(db: Db, workspaceId: string, id: string): Promise<AccessTokenRow | null> {
  const [row] = await db
    .select()
    .from(accessTokens)
    .where(and(eq(accessTokens.workspaceId, workspaceId), eq(accessTokens.id, id)))
    .limit(1);
  return row ?? null;
}

export async function findByHash(db: Db, tokenHash: string): Promise<AccessTokenRow | null> {
  const [row] = await db.select().from(accessTokens).where(eq(accessTokens.tokenHash, tokenHash)).limit(1);
  return row ?? null;
}

/** The token with what a request needs about its owner in the token's workspace. */
export async function credentialByHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      token: accessTokens,
      email: users.email,
      name: users.name,
      userActive: users.isActive,
      isInstanceAdmin: users.isInstanceAdmin,
      role: workspaceMembers.role,
      memberStatus: workspaceMembers.status,
      organizationId: workspaces.organizationId,
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .innerJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, accessTokens.workspaceId), eq(workspaceMembers.userId, accessTokens.userId)),
    )
    .innerJoin(workspaces, eq(workspaces.id, accessTokens.workspaceId))
    .where(eq(accessTokens.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/** Revokes once: a second revocation keeps the first time. Null when no such token. */
export async function revokeToken(db: Db, workspaceId: string, id: string, at: Date): Promise<AccessTokenRow | null> {
  const [row] = await db
    .update(accessTokens)
    .set({ revokedAt: sql`coalesce(${accessTokens.revokedAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(accessTokens.workspaceId, workspaceId), eq(accessTokens.id, id)))
    .returning();
  return row ?? null;
}

export async function touchToken(db: Db, id: string, at: Date): Promise<void> {
  await db.update(accessTokens).set({ lastUsedAt: at }).where(eq(accessTokens.id, id));
}
