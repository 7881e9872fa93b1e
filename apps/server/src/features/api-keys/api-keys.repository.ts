/** Drizzle calls of API keys: the owner's keys, lookup by hash for authentication, and usage figures. */
import { and, count, desc, eq, gte, inArray, lt, sql, sum } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../identity/index.ts";
import { workspaceMembers, workspaces } from "../organizations/index.ts";
import { apiKeyActivity, apiKeys, apiKeyUsage } from "./api-keys.table.ts";

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export function createApiKeysRepository(db: Db) {
  return {
    async list(userId: string, workspaceId: string): Promise<ApiKeyRow[]> {
      return db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.userId, userId), eq(apiKeys.workspaceId, workspaceId)))
        .orderBy(desc(apiKeys.createdAt));
    },

    async count(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(apiKeys).where(eq(apiKeys.userId, userId));
      return Number(row?.n ?? 0);
    },

    async find(userId: string, workspaceId: string, id: string): Promise<ApiKeyRow | null> {
      const [row] = await db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), eq(apiKeys.workspaceId, workspaceId)))
        .limit(1);
      return row ?? null;
    },

    /**
     * Inserts unless the user already has `max` keys. The user row is locked first, so two
     * requests at once cannot both create the tenth key.
     */
    async insertWithin(max: number, values: typeof apiKeys.$inferInsert): Promise<ApiKeyRow | null> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, values.userId)).for("update");
        const [row] = await tx.select({ n: count() }).from(apiKeys).where(eq(apiKeys.userId, values.userId));
        if (Number(row?.n ?? 0) >= max) return null;
        const [created] = await tx.insert(apiKeys).values(values).returning();
        return created ?? null;
      });
    },

    async update(id: string, patch: Partial<Pick<ApiKeyRow, "name" | "description" | "permissions" | "expiresAt" | "isActive">>) {
      const [row] = await db.update(apiKeys).set(patch).where(eq(apiKeys.id, id)).returning();
      return row ?? null;
    },

    async remove(id: string): Promise<void> {
      await db.delete(apiKeys).where(eq(apiKeys.id, id));
    },

    /** Every key of the user, in every workspace; returns how many there were. */
    async removeAllOfUser(userId: string): Promise<number> {
      const rows = await db.delete(apiKeys).where(eq(apiKeys.userId, userId)).returning({ id: apiKeys.id });
      return rows.length;
    },

    /** Everything authentication needs about a key, its owner and the owner's membership, in one query. */
    async byHash(keyHash: string) {
      const [row] = await db
        .select({
          key: apiKeys,
          email: users.email,
          name: users.name,
          userActive: users.isActive,
          isInstanceAdmin: users.isInstanceAdmin,
          role: workspaceMembers.role,
          memberStatus: workspaceMembers.status,
          organizationId: workspaces.organizationId,
          workspaceArchivedAt: workspaces.archivedAt,
        })
        .from(apiKeys)
        .innerJoin(users, eq(users.id, apiKeys.userId))
        .innerJoin(
          workspaceMembers,
          and(eq(workspaceMembers.workspaceId, apiKeys.workspaceId), eq(workspaceMembers.userId, apiKeys.userId)),
        )
        .innerJoin(workspaces, eq(workspaces.id, apiKeys.workspaceId))
        .where(eq(apiKeys.keyHash, keyHash))
        .limit(1);
      return row ?? null;
    },

    /** A key by id, whoever owns it (a scheduled job re-checks the key that created it). */
    async byId(id: string): Promise<ApiKeyRow | null> {
      const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id)).limit(1);
      return row ?? null;
    },

    async usage(keyIds: string[], monthStart: string) {
      if (keyIds.length === 0) return { thisMonth: 0, top: [] as { endpoint: string; count: number }[] };
      const inKeys = sql`${apiKeyUsage.apiKeyId} in (${sql.join(
        keyIds.map((k) => sql`${k}`),
        sql`, `,
      )})`;
      const [month] = await db
        .select({ n: sum(apiKeyUsage.count) })
        .from(apiKeyUsage)
        .where(and(inKeys, gte(apiKeyUsage.day, monthStart)));
      const top = await db
        .select({ endpoint: apiKeyUsage.endpoint, count: sql<string>`sum(${apiKeyUsage.count})` })
        .from(apiKeyUsage)
        .where(and(inKeys, gte(apiKeyUsage.day, monthStart)))
        .groupBy(apiKeyUsage.endpoint)
        .orderBy(desc(sql`sum(${apiKeyUsage.count})`))
        .limit(10);
      return { thisMonth: Number(month?.n ?? 0), top: top.map((t) => ({ endpoint: t.endpoint, count: Number(t.count) })) };
    },
  };
}

export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;

/** Adds request counts per key, day and endpoint (one statement); counts of keys deleted since are dropped. */
export async function addUsage(db: Db, rows: { apiKeyId: string; day: string; endpoint: string; count: number }[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(apiKeyUsage)
    .values(rows)
    .onConflictDoUpdate({
      target: [apiKeyUsage.apiKeyId, apiKeyUsage.day, apiKeyUsage.endpoint],
      set: { count: sql`${apiKeyUsage.count} + excluded.count` },
    })
    .catch((err) => {
      // A key deleted since the request leaves rows that point nowhere: drop them.
      if ((err as { code?: string }).code !== "23503") throw err;
    });
}

/** Adds to a key's total and moves its last use forward (never back). */
export async function addKeyTotals(db: Db, id: string, requests: number, last: Date): Promise<void> {
  await db
    .update(apiKeys)
    .set({
      totalRequests: sql`${apiKeys.totalRequests} + ${requests}`,
      lastUsedAt: sql`greatest(${apiKeys.lastUsedAt}, ${last.toISOString()}::timestamptz)`,
    })
    .where(eq(apiKeys.id, id));
}

/** Adds hourly per-address counts (requests, denied). */
export async function addActivity(
  db: Db,
  rows: { apiKeyId: string; hour: Date; ip: string; requests: number; denied: number }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(apiKeyActivity)
    .values(rows)
    .onConflictDoUpdate({
      target: [apiKeyActivity.apiKeyId, apiKeyActivity.hour, apiKeyActivity.ip],
      set: { requests: sql`${apiKeyActivity.requests} + excluded.requests`, denied: sql`${apiKeyActivity.denied} + excluded.denied` },
    })
    .catch((err) => {
      if ((err as { code?: string }).code !== "23503") throw err;
    });
}

export interface ApiKeyActivityRow {
  apiKeyId: string;
  workspaceId: string;
  keyName: string;
  hour: Date;
  ip: string;
  requests: number;
  denied: number;
}

/** Hourly activity rows of every key with hours in [from, to), oldest first (the hour index). */
export async function activityBetween(
  db: Db,
  from: Date,
  to: Date,
  keyIds?: readonly string[],
  workspaceId?: string,
): Promise<ApiKeyActivityRow[]> {
  if (keyIds && keyIds.length === 0) return [];
  return db
    .select({
      apiKeyId: apiKeyActivity.apiKeyId,
      workspaceId: apiKeys.workspaceId,
      keyName: apiKeys.name,
      hour: apiKeyActivity.hour,
      ip: apiKeyActivity.ip,
      requests: apiKeyActivity.requests,
      denied: apiKeyActivity.denied,
    })
    .from(apiKeyActivity)
    .innerJoin(apiKeys, eq(apiKeys.id, apiKeyActivity.apiKeyId))
    .where(
      and(
        gte(apiKeyActivity.hour, from),
        lt(apiKeyActivity.hour, to),
        keyIds ? inArray(apiKeyActivity.apiKeyId, [...keyIds]) : undefined,
        workspaceId ? eq(apiKeys.workspaceId, workspaceId) : undefined,
      ),
    )
    .orderBy(apiKeyActivity.hour);
}
