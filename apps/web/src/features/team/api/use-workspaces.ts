/**
 * The workspace service (shell §7, /api/v1/workspaces): the caller's workspaces, one workspace's
 * stats, and the lifecycle calls (create, update, archive/restore, clone, transfer, export, delete).
 */
import type { Workspace, WorkspaceClone, WorkspaceCreate, WorkspaceStats, WorkspaceUpdate } from "@prospector/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { workspaceKeys } from "../../../app/permissions/index.ts";
import { api, downloadBlob } from "../../../lib/api-client.ts";
import { teamKeys, wsPath } from "./team-keys.ts";

export function useWorkspaces() {
  return useQuery({
    queryKey: teamKeys.workspaces(),
    queryFn: ({ signal }) => api.get<Workspace[]>("/v1/workspaces", { signal }),
  });
}

export function useWorkspaceStats(id: string | undefined) {
  return useQuery({
    enabled: Boolean(id),
    queryKey: teamKeys.stats(id ?? ""),
    queryFn: ({ signal }) => api.get<WorkspaceStats>(wsPath(id ?? "", "/stats"), { signal }),
  });
}

/** Every lifecycle change may alter the list (names, archived, member counts) and the workspace's own data. */
function useWorkspaceMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // The top bar's switcher keeps its own copy of the list.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.all }),
        queryClient.invalidateQueries({ queryKey: workspaceKeys.all }),
      ]),
  });
}

export const useCreateWorkspace = () => useWorkspaceMutation((input: WorkspaceCreate) => api.post<Workspace>("/v1/workspaces", input));

export const useUpdateWorkspace = () =>
  useWorkspaceMutation(({ id, input }: { id: string; input: WorkspaceUpdate }) => api.put<Workspace>(wsPath(id), input));

export const useDeleteWorkspace = () => useWorkspaceMutation((id: string) => api.delete<void>(wsPath(id)));

export const useArchiveWorkspace = () =>
  useWorkspaceMutation(({ id, archive }: { id: string; archive: boolean }) =>
    api.post<Workspace>(wsPath(id, archive ? "/archive" : "/restore"), {}),
  );

export const useCloneWorkspace = () =>
  useWorkspaceMutation(({ id, input }: { id: string; input: WorkspaceClone }) => api.post<Workspace>(wsPath(id, "/clone"), input));

export const useTransferWorkspace = () =>
  useWorkspaceMutation(({ id, newOwnerId }: { id: string; newOwnerId: string }) =>
    api.post<Workspace>(wsPath(id, "/transfer"), { newOwnerId }),
  );

/** Downloads the workspace as JSON (GET /export?format=json) under a file name with its name and the date. */
export function useExportWorkspace() {
  return useMutation({
    mutationFn: async (ws: Pick<Workspace, "id" | "name">) => {
      const blob = await api.getBlob(wsPath(ws.id, "/export"), { params: { format: "json" } });
      const slug =
        ws.name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, "-")
          .replace(/^-|-$/g, "") || "workspace";
      downloadBlob(blob, `${slug}-${new Date().toISOString().slice(0, 10)}.json`);
    },
  });
}
