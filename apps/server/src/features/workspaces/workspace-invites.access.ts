/**
 * Access to the workspace named in the path (/api/v1/workspaces/:id/…), not only the caller's
 * current one: the caller must be an active member of it (else "Workspace not found", so nobody
 * learns which ids exist) and hold the permission there, as the access engine decides for that
 * workspace (role, teams, direct grants, policies).
 */
import type { AppContext } from "../../context.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { requireMemberWorkspace } from "../organizations/index.ts";

type Ctx = Pick<AppContext, "db" | "access">;

export interface WorkspaceCaller {
  /** The caller as they would be with X-Workspace-Id set to this workspace. */
  auth: AuthContext;
  workspace: Awaited<ReturnType<typeof requireMemberWorkspace>>["workspace"];
}

export async function workspaceCaller(ctx: Ctx, auth: AuthContext, workspaceId: string, permission?: string): Promise<WorkspaceCaller> {
  const row = await requireMemberWorkspace(ctx, auth, workspaceId);
  const here: AuthContext =
    row.workspace.id === auth.workspaceId
      ? auth
      : { ...auth, workspaceId: row.workspace.id, organizationId: row.workspace.organizationId, role: row.role as AuthContext["role"] };
  if (permission) {
    const [resource, action] = permission.split(":") as [string, string];
    const decision = await ctx.access.evaluate(here, resource, action);
    if (!decision.allowed) throw new AppError("FORBIDDEN", undefined, { requiredPermission: permission });
  }
  return { auth: here, workspace: row.workspace };
}

/** Writes to an archived workspace are refused (restore it first). */
export function requireWritable(caller: WorkspaceCaller): void {
  if (caller.workspace.archivedAt) throw new AppError("WORKSPACE_ARCHIVED");
}
