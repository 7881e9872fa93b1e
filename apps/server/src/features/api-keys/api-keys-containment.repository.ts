/** The workspace-wide reads and writes behind incident containment and the configuration scan (docs/security-incidents.md). */
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { apiKeys } from "./api-keys.table.ts";

export type WorkspaceApiKeyRow = Pick<
  typeof apiKeys.$inferSelect,
  "id" | "userId" | "name" | "prefix" | "permissions" | "isActive" | "lastUsedAt" | "createdAt" | "expiresAt"
>;

/** A key of the workspace by id (whoever owns it), or null. */
export async function findWorkspaceKey(db: Db, workspaceId: string, id: string) {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.workspaceId, workspaceId), eq(apiKeys.id, id)))
    .limit(1);
  return row ?? null;
}

/** Deactivates the key; false when it was already inactive. */
export async function deactivateKey(db: Db, workspaceId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ isActive: false })
    .where(and(eq(apiKeys.workspaceId, workspaceId), eq(apiKeys.id, id), eq(apiKeys.isActive, true)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

/** Every active key of the workspace (at most 10 per user, so bounded by the members). */
export async function activeWorkspaceKeys(db: Db, workspaceId: string): Promise<WorkspaceApiKeyRow[]> {
  return db
    .select({
      id: apiKeys.id,
      userId: apiKeys.userId,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      permissions: apiKeys.permissions,
      isActive: apiKeys.isActive,
      lastUsedAt: apiKeys.lastUsedAt,
      createdAt: apiKeys.createdAt,
      expiresAt: apiKeys.expiresAt,
    })
    .from(apiKeys)
    .where(and(eq(apiKeys.workspaceId, workspaceId), eq(apiKeys.isActive, true)))
    .orderBy(asc(apiKeys.createdAt));
}
