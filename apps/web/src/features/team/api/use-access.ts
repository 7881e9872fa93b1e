/**
 * Who may do what, read-only (the access console at /security/rbac edits it): the role catalogue
 * with each role's grants, and one member's effective grants with where each comes from.
 */
import type { RoleSummary, UserPermissions } from "@prospector/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { teamKeys } from "./team-keys.ts";

export function useRoles(workspaceId: string | undefined) {
  return useQuery({
    enabled: Boolean(workspaceId),
    queryKey: teamKeys.roles(workspaceId ?? ""),
    queryFn: ({ signal }) => api.get<RoleSummary[]>("/v1/rbac/roles", { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useUserPermissions(workspaceId: string | undefined, userId: string | undefined) {
  return useQuery({
    enabled: Boolean(workspaceId && userId),
    queryKey: teamKeys.userPermissions(workspaceId ?? "", userId ?? ""),
    queryFn: ({ signal }) => api.get<UserPermissions>(`/v1/rbac/users/${encodeURIComponent(userId ?? "")}/permissions`, { signal }),
  });
}
