/**
 * Query keys of the team pages. Everything of one workspace sits under ["team", workspaceId], so a
 * member change (role, status, removal, an accepted invite) refreshes the members, stats and
 * activity of that workspace with one invalidation; the workspace list sits beside it.
 */
export const teamKeys = {
  all: ["team"] as const,
  workspaces: () => [...teamKeys.all, "workspaces"] as const,
  workspace: (id: string) => [...teamKeys.all, "ws", id] as const,
  members: (id: string) => [...teamKeys.workspace(id), "members"] as const,
  invites: (id: string) => [...teamKeys.workspace(id), "invites"] as const,
  stats: (id: string) => [...teamKeys.workspace(id), "stats"] as const,
  activity: (id: string, filters: object) => [...teamKeys.workspace(id), "activity", filters] as const,
  domains: (id: string) => [...teamKeys.workspace(id), "domains"] as const,
  roles: (id: string) => [...teamKeys.workspace(id), "roles"] as const,
  userPermissions: (id: string, userId: string) => [...teamKeys.workspace(id), "user-permissions", userId] as const,
  invite: (token: string) => [...teamKeys.all, "invite", token] as const,
};

export const wsPath = (id: string, rest = "") => `/v1/workspaces/${encodeURIComponent(id)}${rest}`;
