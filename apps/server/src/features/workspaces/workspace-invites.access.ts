/**
 * Access to the workspace named in the path (/api/v1/workspaces/:id/…), not only the caller's
 * current one, through the workspace service's `scope`: an active member of it (else "Workspace not
 * found", so nobody learns which ids exist) holding the permission there, as the access engine
 * decides for that workspace.
 */
import type { AppContext } from "../../context.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { scope } from "./workspaces.service.ts";

export interface WorkspaceCaller {
  /** The caller as they would be with X-Workspace-Id set to this workspace. */
  auth: AuthContext;
  workspace: { id: string; name: string; organizationId: string; archivedAt: Date | null };
}

export async function workspaceCaller(
  ctx: AppContext,
  auth: AuthContext,
  workspaceId: string,
  permission?: `${string}:${string}`,
): Promise<WorkspaceCaller> {
  const s = await scope(ctx, auth, workspaceId, permission);
  return { auth: s.auth, workspace: s.row.workspace };
}

/** Writes to an archived workspace are refused (restore it first). */
export function requireWritable(caller: WorkspaceCaller): void {
  if (caller.workspace.archivedAt) throw new AppError("WORKSPACE_ARCHIVED");
}
