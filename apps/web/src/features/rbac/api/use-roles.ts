/** Roles and who holds them: the role catalogue with its grants, members, and assigning or removing a role. */
import type { AccessConfig, AssignRoleRequest, MemberPage, RoleSummary, UserPermissions, UserRoles } from "@prospector/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { RBAC, rbacKeys } from "./rbac-keys.ts";

export function useAccessConfig() {
  return useQuery({
    queryKey: rbacKeys.config(),
    queryFn: ({ signal }) => api.get<AccessConfig>(`${RBAC}/config`, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useRoles() {
  return useQuery({ queryKey: rbacKeys.roles(), queryFn: ({ signal }) => api.get<RoleSummary[]>(`${RBAC}/roles`, { signal }) });
}

/**
 * The workspace's members (GET /v1/workspaces/{id}/members). A workspace holds at most 500, and
 * the server answers up to 500 on one page, so the pickers and the users tab see all of them.
 */
export function useMembers(workspaceId: string | null | undefined) {
  return useQuery({
    enabled: Boolean(workspaceId),
    queryKey: rbacKeys.members(workspaceId ?? ""),
    queryFn: ({ signal }) =>
      api.get<MemberPage>(`/v1/workspaces/${encodeURIComponent(workspaceId ?? "")}/members`, { params: { limit: 500 }, signal }),
  });
}

export function useUserPermissions(userId: string | null) {
  return useQuery({
    enabled: Boolean(userId),
    queryKey: rbacKeys.userPermissions(userId ?? ""),
    queryFn: ({ signal }) => api.get<UserPermissions>(`${RBAC}/users/${encodeURIComponent(userId ?? "")}/permissions`, { signal }),
  });
}

export function useRoleChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, ...body }: AssignRoleRequest & { kind: "assign" | "remove" }) =>
      api.post<UserRoles>(`${RBAC}/roles/${kind}`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rbacKeys.all }),
  });
}
