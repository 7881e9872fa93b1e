/**
 * The workspace the team pages work on and what the caller may do there: the top bar's current
 * workspace (app/permissions useWorkspace; the stored choice, else the user's default that /auth/me
 * names) and the permission provider's check (deny beats allow, `*` wildcards). The server still
 * decides; this only hides or disables what it would refuse.
 */
import { usePermissions, useWorkspace } from "../../../app/permissions/index.ts";
import { workspaceScope } from "../../../lib/api-client.ts";
import { useSession } from "../../auth/api/use-session.ts";

export function useTeamContext() {
  const session = useSession();
  const workspace = useWorkspace();
  const permissions = usePermissions();
  const user = session.user;
  const workspaceId = workspace.current?.id ?? workspaceScope.get() ?? user?.workspace.id;
  const workspaceName = workspace.current?.name ?? (workspaceId === user?.workspace.id ? user?.workspace.name : undefined);
  return {
    /** The current workspace is archived: read-only until restored (the server refuses changes). */
    archived: Boolean(workspace.current?.archived_at),
    status: session.status,
    user,
    workspaceId,
    workspaceName,
    can: permissions.can,
  };
}
