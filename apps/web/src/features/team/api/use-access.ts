/**
 * Who may do what, read-only (the access console at /security/rbac edits it): the role catalogue
 * with each role's grants, and one member's effective grants with where each comes from.
 */
import type { RoleSummary, TeamPage, UserPermissions } from "@prospector/contracts";
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

/** The workspace's teams (id → name), to name where a team grant comes from; needs team:read. */
export function useTeamNames(workspaceId: string | undefined, enabled: boolean) {
  return useQuery({
    enabled: Boolean(workspaceId) && enabled,
    queryKey: [...teamKeys.workspace(workspaceId ?? ""), "team-names"],
    queryFn: async ({ signal }) => {
      const page = await api.get<TeamPage>("/v1/rbac/teams", { params: { per_page: 200 }, signal });
      return Object.fromEntries(page.items.map((t) => [t.id, t.name])) as Record<string, string>;
    },
  });
}
