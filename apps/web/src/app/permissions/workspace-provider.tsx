/**
 * The current workspace (shell §2 top bar, §7 workspace service; outreach-core §8 team context):
 * the user's workspaces from GET /api/v1/workspaces, the one chosen in the switcher (kept in
 * localStorage and sent as X-Workspace-Id by lib/api-client.ts), and switching, which resets the
 * query cache so every page refetches in the new scope (permissions included); the team socket
 * follows to the new room (lib/use-socket.tsx). A stored workspace the user no longer belongs to falls back to the default.
 */
import type { Workspace } from "@prospector/contracts";
import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useSyncExternalStore } from "react";
import { useSession } from "../../features/auth/api/use-session.ts";
import { api, workspaceScope } from "../../lib/api-client.ts";
import { useToast } from "../../ui/toast/toast-provider.tsx";
import { PermissionProvider } from "./permission-provider.tsx";

/** outreach-core §8, "Team context". */
export const TEAM_CONTEXT_MESSAGES = {
  loadFailed: "Failed to load team data",
  switchFailed: "Failed to switch workspace",
  notFound: "Workspace not found",
  noneSelected: "No workspace selected",
  refreshFailed: "Failed to refresh team data",
} as const;

export const workspaceKeys = {
  all: ["workspaces"] as const,
  list: () => [...workspaceKeys.all, "list"] as const,
};

export interface WorkspaceApi {
  /** The workspace the app works in; null while loading or when the list failed. */
  current: Workspace | null;
  workspaces: Workspace[];
  switchTo: (id: string) => Promise<void>;
  /** Reloads the list (after creating, renaming, archiving one). */
  refresh: () => Promise<void>;
  loading: boolean;
  /** A team-context message when the list could not be loaded. */
  error: string | null;
}

async function fetchWorkspaces(): Promise<Workspace[]> {
  const body = await api.get<Workspace[] | { items: Workspace[] }>("/v1/workspaces");
  return Array.isArray(body) ? body : (body?.items ?? []);
}

/** Queries that do not depend on the workspace: kept (and refreshed) instead of reset on a switch. */
const isUnscoped = (key: readonly unknown[]) => key[0] === workspaceKeys.all[0] || (key[0] === "auth" && key[1] === "config");

/** Every page's data belongs to the old workspace: drop it and refetch what is on screen. */
export async function resetWorkspaceData(queryClient: QueryClient): Promise<void> {
  await queryClient.cancelQueries();
  // /auth/me keeps its answer while it reloads, so the signed-in shell stays up.
  const keep = (key: readonly unknown[]) => isUnscoped(key) || (key[0] === "auth" && key[1] === "me");
  await Promise.all([
    queryClient.resetQueries({ predicate: (q) => !keep(q.queryKey) }),
    queryClient.invalidateQueries({ predicate: (q) => keep(q.queryKey) }),
  ]);
}

const WorkspaceContext = createContext<WorkspaceApi | null>(null);

const subscribeScope = (cb: () => void) => workspaceScope.subscribe(cb);

export function WorkspaceProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const toast = useToast();
  const storedId = useSyncExternalStore(subscribeScope, workspaceScope.get, () => null);
  const list = useQuery({ queryKey: workspaceKeys.list(), queryFn: fetchWorkspaces, enabled: user !== null, staleTime: 60_000 });
  const workspaces = list.data ?? [];

  // The api client dropped a stored workspace the server no longer lets this user into.
  useEffect(
    () =>
      workspaceScope.subscribe((change) => {
        if (change.reason !== "not-found") return;
        toast.warning(TEAM_CONTEXT_MESSAGES.notFound);
        void resetWorkspaceData(queryClient);
      }),
    [toast, queryClient],
  );

  // A stored choice missing from the list (removed, deleted): back to the default workspace.
  useEffect(() => {
    if (!storedId || !list.data) return;
    if (list.data.some((w) => w.id === storedId)) return;
    workspaceScope.set(null, "not-found");
  }, [storedId, list.data]);

  // Without a stored choice the server answers in the user's default workspace, which /auth/me names.
  const currentId = storedId ?? user?.workspace.id ?? null;
  const current = workspaces.find((w) => w.id === currentId) ?? null;

  const switchTo = useCallback(
    async (id: string) => {
      const target = workspaces.find((w) => w.id === id);
      if (!target) {
        toast.error(TEAM_CONTEXT_MESSAGES.notFound);
        throw new Error(TEAM_CONTEXT_MESSAGES.notFound);
      }
      if (target.id === current?.id) return;
      try {
        // The api client sends it from now on, and the team socket moves to its room (lib/use-socket.tsx).
        workspaceScope.set(target.id);
        await resetWorkspaceData(queryClient);
      } catch (err) {
        toast.error(TEAM_CONTEXT_MESSAGES.switchFailed);
        throw err;
      }
    },
    [workspaces, current?.id, queryClient, toast],
  );

  const refresh = useCallback(async () => {
    const result = await list.refetch();
    if (result.isError) toast.error(TEAM_CONTEXT_MESSAGES.refreshFailed);
  }, [list, toast]);

  const value = useMemo<WorkspaceApi>(
    () => ({
      current,
      workspaces,
      switchTo,
      refresh,
      loading: user !== null && list.isPending,
      error: list.isError ? TEAM_CONTEXT_MESSAGES.loadFailed : null,
    }),
    [current, workspaces, switchTo, refresh, user, list.isPending, list.isError],
  );

  return (
    <WorkspaceContext.Provider value={value}>
      <PermissionProvider workspaceId={current?.id ?? currentId}>{children}</PermissionProvider>
    </WorkspaceContext.Provider>
  );
}

const NO_WORKSPACE: WorkspaceApi = {
  current: null,
  workspaces: [],
  switchTo: async () => {
    throw new Error(TEAM_CONTEXT_MESSAGES.noneSelected);
  },
  refresh: async () => {},
  loading: false,
  error: null,
};

/** Outside the app layout (public pages, a page's own component test): no workspace. */
export function useWorkspace(): WorkspaceApi {
  return useContext(WorkspaceContext) ?? NO_WORKSPACE;
}
