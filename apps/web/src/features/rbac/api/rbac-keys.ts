/**
 * Query keys of the access console. Everything sits under ["rbac"], so a change that can move
 * anyone's rights (a role, a team grant, an approved request) refreshes every tab with one
 * invalidation; the permission provider reloads itself on the server's permissions.updated event.
 */
import type { AuditQuery } from "@prospector/contracts";

export const rbacKeys = {
  all: ["rbac"] as const,
  config: () => [...rbacKeys.all, "config"] as const,
  roles: () => [...rbacKeys.all, "roles"] as const,
  members: (workspaceId: string) => [...rbacKeys.all, "members", workspaceId] as const,
  userPermissions: (userId: string) => [...rbacKeys.all, "user-permissions", userId] as const,
  teams: () => [...rbacKeys.all, "teams"] as const,
  team: (id: string) => [...rbacKeys.teams(), "detail", id] as const,
  policies: () => [...rbacKeys.all, "policies"] as const,
  flags: () => [...rbacKeys.all, "flags"] as const,
  requests: () => [...rbacKeys.all, "access-requests"] as const,
  audit: (query: Partial<AuditQuery>) => [...rbacKeys.all, "audit", query] as const,
};

/** The API base of the access endpoints (the client adds /api). */
export const RBAC = "/v1/rbac";
