/**
 * The workspace the team pages work on and what the caller may do there: the signed-in user's
 * current workspace (GET /api/auth/me, which follows the top bar's switcher) and a check over the
 * permissions /me lists, with the same rules the server applies (deny beats allow, `*` wildcards).
 * The server still decides; this only hides or disables what it would refuse.
 */
import { useMemo } from "react";
import { decide, toPermissionSet } from "../../../app/permissions/permission-rules.ts";
import { useSession } from "../../auth/api/use-session.ts";

export function useTeamContext() {
  const session = useSession();
  const user = session.user;
  const set = useMemo(() => toPermissionSet(user?.permissions ?? []), [user?.permissions]);
  return {
    status: session.status,
    user,
    workspaceId: user?.workspace.id,
    workspaceName: user?.workspace.name,
    can: (permission: string) => decide(set, permission),
  };
}
