/**
 * What incident containment and the configuration scan need of API keys (docs/security-incidents.md):
 * a workspace's key by id, disabling it (the cached lookup dropped in every process at once), and
 * the workspace's active keys.
 */
import type { AppContext } from "../../context.ts";
import * as repo from "./api-keys-containment.repository.ts";

export type WorkspaceApiKey = repo.WorkspaceApiKeyRow;

/** The workspace's key (owner, name, prefix), or null: another workspace's key is not found. */
export async function findWorkspaceApiKey(ctx: Pick<AppContext, "db">, workspaceId: string, id: string) {
  const row = await repo.findWorkspaceKey(ctx.db, workspaceId, id);
  return row ? { id: row.id, userId: row.userId, name: row.name, prefix: row.prefix, isActive: row.isActive } : null;
}

/** Deactivates the key so it is refused from the next request on; false when it was already inactive. */
export async function disableWorkspaceApiKey(ctx: Pick<AppContext, "db" | "apiKeys">, workspaceId: string, id: string): Promise<boolean> {
  const row = await repo.findWorkspaceKey(ctx.db, workspaceId, id);
  if (!row) return false;
  const changed = await repo.deactivateKey(ctx.db, workspaceId, id);
  await ctx.apiKeys.invalidate(row.keyHash);
  return changed;
}

export const activeWorkspaceApiKeys = (ctx: Pick<AppContext, "db">, workspaceId: string) => repo.activeWorkspaceKeys(ctx.db, workspaceId);
