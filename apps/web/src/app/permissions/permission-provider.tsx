/**
 * The permission provider (shell §6): the caller's permissions in the current workspace (with
 * wildcards, deny beating allow), roles, teams and enabled feature flags, from GET
 * /api/v1/auth/me/extended. Reloads on a `permissions.updated` socket event for this user or
 * workspace, and every 60 s when the answer is older than 5 minutes (shell §4).
 */
import { ROLE_PERMISSIONS, type RoleId } from "@prospector/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo } from "react";
import { useSession } from "../../features/auth/api/use-session.ts";
import { api } from "../../lib/api-client.ts";
import { ApiError } from "../../lib/errors.ts";
import { useSocketEvent } from "../../lib/use-socket.tsx";
import {
  decide,
  EMPTY_PERMISSIONS,
  type GrantLike,
  hasRoles,
  type PermissionSet,
  type RoleMatch,
  toPermissionSet,
} from "./permission-rules.ts";

/** Checked this often; reloaded when the answer is older than PERMISSIONS_MAX_AGE_MS (shell §4). */
export const PERMISSIONS_CHECK_MS = 60_000;
export const PERMISSIONS_MAX_AGE_MS = 5 * 60_000;

export const PERMISSION_MESSAGES = {
  loadFailed: "Failed to load permissions. Using default permissions.",
  notAuthenticated: "User not authenticated",
  notInTeam: "User is not a member of this team",
} as const;

/** GET /api/v1/auth/me/extended as the provider reads it (ExtendedUser in @prospector/contracts). */
export interface ExtendedMeAnswer {
  id: string;
  roles?: string[];
  teams?: Array<{ id: string; name: string }>;
  permissions?: Array<string | GrantLike>;
  /** Enabled feature flag keys. */
  features?: string[];
  is_active?: boolean;
}

export interface PermissionSnapshot {
  roles: string[];
  teams: Array<{ id: string; name: string }>;
  permissions: PermissionSet;
  features: string[];
  /** "default": loading failed and the role's seeded permissions are used (shell §8). */
  source: "server" | "default";
}

export interface AccessRequestInput {
  resource: string;
  action: string;
  resource_id?: string;
  reason?: string;
}

export interface PermissionsApi {
  can: (permission: string) => boolean;
  canAny: (permissions: readonly string[]) => boolean;
  canAll: (permissions: readonly string[]) => boolean;
  hasRole: (role: string | readonly string[], mode?: RoleMatch) => boolean;
  isFeatureEnabled: (key: string) => boolean;
  inTeam: (teamId: string) => boolean;
  /** The highest role held (the first listed by the server); "viewer" without one. */
  role: string;
  roles: string[];
  teams: Array<{ id: string; name: string }>;
  permissions: PermissionSet;
  features: string[];
  loading: boolean;
  /** Set when the server's answer could not be read and defaults are in use. */
  error: string | null;
  reload: () => Promise<void>;
  requestAccess: (input: AccessRequestInput) => Promise<void>;
}

export const permissionKeys = {
  all: ["permissions"] as const,
  /** One entry: a workspace switch resets the cache, and it is asked again in the new scope. */
  mine: () => [...permissionKeys.all, "me"] as const,
};

/** The role's seeded permissions: what "Using default permissions" means. */
function defaults(role: string | undefined): PermissionSnapshot {
  const known = role && role in ROLE_PERMISSIONS ? (role as RoleId) : "viewer";
  return { roles: [known], teams: [], permissions: toPermissionSet(ROLE_PERMISSIONS[known]), features: [], source: "default" };
}

function fromExtended(answer: ExtendedMeAnswer, fallbackRole: string | undefined): PermissionSnapshot {
  const roles = answer.roles?.length ? answer.roles : [fallbackRole ?? "viewer"];
  return {
    roles,
    teams: answer.teams ?? [],
    permissions: toPermissionSet(answer.permissions ?? []),
    features: answer.features ?? [],
    source: "server",
  };
}

/**
 * Loads the snapshot: /auth/me/extended, or, on a server without it (404), /auth/me's permissions
 * with /rbac/features/enabled. Any other failure gives the role's defaults (shell §8).
 */
export async function loadPermissions(role: string | undefined): Promise<PermissionSnapshot> {
  try {
    return fromExtended(await api.get<ExtendedMeAnswer>("/v1/auth/me/extended"), role);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 404) throw err;
  }
  const [me, flags] = await Promise.all([
    api.get<{ role: string; permissions: string[] }>("/auth/me"),
    api.get<{ features: string[] }>("/v1/rbac/features/enabled").catch(() => ({ features: [] as string[] })),
  ]);
  return {
    roles: [me.role || "viewer"],
    teams: [],
    permissions: toPermissionSet(me.permissions),
    features: flags.features,
    source: "server",
  };
}

/** While the first answer loads: what /auth/me already said, so nothing flickers. */
function fromSession(user: { role: string; permissions: string[] } | null): PermissionSnapshot {
  if (!user) return { ...defaults(undefined), permissions: EMPTY_PERMISSIONS };
  return { roles: [user.role], teams: [], permissions: toPermissionSet(user.permissions), features: [], source: "server" };
}

const PermissionContext = createContext<PermissionsApi | null>(null);

function buildApi(
  snapshot: PermissionSnapshot,
  state: { loading: boolean; error: string | null; reload: () => Promise<void>; requestAccess: PermissionsApi["requestAccess"] },
): PermissionsApi {
  const can = (permission: string) => decide(snapshot.permissions, permission);
  return {
    can,
    canAny: (list) => list.length === 0 || list.some(can),
    canAll: (list) => list.every(can),
    hasRole: (role, mode = "any") => hasRoles(snapshot.roles, role, mode),
    isFeatureEnabled: (key) => snapshot.features.includes(key),
    inTeam: (teamId) => snapshot.teams.some((t) => t.id === teamId),
    role: snapshot.roles[0] ?? "viewer",
    roles: snapshot.roles,
    teams: snapshot.teams,
    permissions: snapshot.permissions,
    features: snapshot.features,
    ...state,
  };
}

async function postAccessRequest(input: AccessRequestInput): Promise<void> {
  await api.post("/v1/rbac/access-requests", input);
}

export function PermissionProvider({ children, workspaceId = null }: { children: ReactNode; workspaceId?: string | null }) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: permissionKeys.mine(),
    queryFn: () => loadPermissions(user?.role),
    enabled: user !== null,
    staleTime: PERMISSIONS_MAX_AGE_MS,
    retry: false,
  });
  const { refetch, dataUpdatedAt } = query;

  const reload = useCallback(async () => {
    await refetch();
  }, [refetch]);

  // Every 60 s: reload when the answer is older than 5 minutes.
  useEffect(() => {
    if (!user) return;
    const timer = setInterval(() => {
      if (Date.now() - dataUpdatedAt >= PERMISSIONS_MAX_AGE_MS) void refetch();
    }, PERMISSIONS_CHECK_MS);
    return () => clearInterval(timer);
  }, [user, dataUpdatedAt, refetch]);

  useSocketEvent<{ workspace_id?: string; user_id?: string }>("permissions.updated", (payload) => {
    if (!user) return;
    if (payload.user_id && payload.user_id !== user.id) return;
    if (payload.workspace_id && payload.workspace_id !== (workspaceId ?? user.workspace.id)) return;
    void refetch();
    // The top bar and menus read the role from /auth/me.
    void queryClient.invalidateQueries({ queryKey: ["auth", "me"] });
  });

  const requestAccess = useCallback(
    async (input: AccessRequestInput) => {
      if (!user) throw new Error(PERMISSION_MESSAGES.notAuthenticated);
      await postAccessRequest(input);
    },
    [user],
  );

  const value = useMemo(() => {
    const snapshot = query.data ?? (query.isError ? defaults(user?.role) : fromSession(user));
    return buildApi(snapshot, {
      // Until the session is known nothing is decided (the layout's pages wait for it).
      loading: user === null || query.isPending,
      error: query.isError && !query.data ? PERMISSION_MESSAGES.loadFailed : null,
      reload,
      requestAccess,
    });
  }, [query.data, query.isError, query.isPending, user, reload, requestAccess]);

  return <PermissionContext.Provider value={value}>{children}</PermissionContext.Provider>;
}

/**
 * A fixed answer, for component tests of one page and for previews: `permissions` as
 * `resource:action` strings (`!` in front for a deny).
 */
export function StaticPermissionProvider({
  children,
  permissions,
  roles = ["viewer"],
  features = [],
  teams = [],
  onRequestAccess,
}: {
  children: ReactNode;
  permissions: string[];
  roles?: string[];
  features?: string[];
  teams?: Array<{ id: string; name: string }>;
  onRequestAccess?: (input: AccessRequestInput) => Promise<void>;
}) {
  const value = useMemo(
    () =>
      buildApi(
        { roles, teams, features, permissions: toPermissionSet(permissions), source: "server" },
        { loading: false, error: null, reload: async () => {}, requestAccess: onRequestAccess ?? postAccessRequest },
      ),
    [permissions, roles, features, teams, onRequestAccess],
  );
  return <PermissionContext.Provider value={value}>{children}</PermissionContext.Provider>;
}

/** The provider's answer, or null outside one (components that have their own fallback). */
export function useProvidedPermissions(): PermissionsApi | null {
  return useContext(PermissionContext);
}

/**
 * Outside a provider (a page's component test that does not set one up) the answer comes from the
 * session's /auth/me permissions, as pages read them before the provider existed. The app always
 * mounts the provider (app/layout/app-layout.tsx), which adds denies, teams, flags and reloads.
 */
export function usePermissions(): PermissionsApi {
  const provided = useContext(PermissionContext);
  const { user } = useSession();
  const fallback = useMemo(
    () =>
      buildApi(fromSession(user), {
        loading: user === null,
        error: null,
        reload: async () => {},
        requestAccess: async (input) => {
          if (!user) throw new Error(PERMISSION_MESSAGES.notAuthenticated);
          await postAccessRequest(input);
        },
      }),
    [user],
  );
  return provided ?? fallback;
}
