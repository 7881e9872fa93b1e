/**
 * "Your permissions changed": every change that may alter someone's effective permissions drops
 * the engine's caches (here and, through the bus, in every process) and tells the affected
 * browsers over the team socket (`permissions.updated`), so the web app reloads its permissions.
 */
import type { AppContext } from "../../context.ts";

type Ctx = Pick<AppContext, "access" | "realtime" | "log">;

export interface PermissionsChange {
  workspaceId: string;
  /** The people affected; omitted: everyone in the workspace (a policy or flag change). */
  userIds?: readonly string[];
}

export async function permissionsChanged(ctx: Ctx, change: PermissionsChange): Promise<void> {
  const { workspaceId, userIds } = change;
  if (userIds) await Promise.all(userIds.map((userId) => ctx.access.invalidate({ userId, workspaceId })));
  else await ctx.access.invalidate({ workspaceId });
  // The change is committed: a socket that cannot be told now reloads on its own timer (every 60 s when stale).
  try {
    if (!userIds) await ctx.realtime.toWorkspace(workspaceId, "permissions.updated", { workspace_id: workspaceId });
    else await Promise.all(userIds.map((id) => ctx.realtime.toUser(id, "permissions.updated", { workspace_id: workspaceId, user_id: id })));
  } catch (err) {
    ctx.log.warn({ err, workspaceId }, "permissions.updated could not be published");
  }
}
