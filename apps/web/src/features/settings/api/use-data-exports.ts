/**
 * Data & Export tab calls under /api/user-settings: exports (polled while one runs) and their
 * downloads, scheduled exports, and workspace backups with restore.
 */
import type {
  Backup,
  BackupSettings,
  BackupSettingsUpdate,
  ExportOptionsInput,
  ExportRecord,
  RestoreResult,
  ScheduledExport,
  ScheduledExportInput,
} from "@prospector/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, downloadBlob } from "../../../lib/api-client.ts";
import { settingsKeys } from "./settings-keys.ts";

const BASE = "/user-settings";
const POLL_MS = 2000;
const running = (status: string) => status === "queued" || status === "processing" || status === "running";

export function useExports() {
  return useQuery({
    queryKey: settingsKeys.exports(),
    queryFn: ({ signal }) => api.get<ExportRecord[]>(`${BASE}/exports`, { signal, retry503: false }),
    refetchInterval: (q) => (q.state.data?.some((e) => running(e.status)) ? POLL_MS : false),
    retry: false,
  });
}

export function useStartExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (options: ExportOptionsInput) => api.post<ExportRecord>(`${BASE}/exports`, options, { report: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.exports() }),
  });
}

export function useDeleteExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`${BASE}/exports/${encodeURIComponent(id)}`, { report: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.exports() }),
  });
}

/** Downloads through the API client (the bearer token rides along) and saves the file. */
export function useDownload() {
  return useMutation({
    mutationFn: async ({ path, filename }: { path: string; filename: string }) => {
      const relative = path.startsWith("/api/") ? path.slice(4) : path;
      downloadBlob(await api.getBlob(relative, { report: false }), filename);
    },
  });
}

export function useScheduledExports() {
  return useQuery({
    queryKey: settingsKeys.scheduledExports(),
    queryFn: ({ signal }) => api.get<ScheduledExport[]>(`${BASE}/scheduled-exports`, { signal, retry503: false }),
    retry: false,
  });
}

export function useCreateScheduledExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ScheduledExportInput) => api.post<ScheduledExport>(`${BASE}/scheduled-exports`, body, { report: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.scheduledExports() }),
  });
}

export function useUpdateScheduledExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: Partial<ScheduledExportInput> }) =>
      api.put<ScheduledExport>(`${BASE}/scheduled-exports/${encodeURIComponent(id)}`, patch, { report: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.scheduledExports() }),
  });
}

export function useDeleteScheduledExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`${BASE}/scheduled-exports/${encodeURIComponent(id)}`, { report: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.scheduledExports() }),
  });
}

export function useBackupSettings() {
  return useQuery({
    queryKey: settingsKeys.backupSettings(),
    queryFn: ({ signal }) => api.get<BackupSettings>(`${BASE}/backups/settings`, { signal, retry503: false }),
    retry: false,
  });
}

export function useSaveBackupSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: BackupSettingsUpdate) => api.put<BackupSettings>(`${BASE}/backups/settings`, patch, { report: false }),
    onSuccess: (answer) => {
      queryClient.setQueryData(settingsKeys.backupSettings(), answer);
      void queryClient.invalidateQueries({ queryKey: settingsKeys.settings() });
    },
  });
}

export function useBackups(enabled: boolean) {
  return useQuery({
    queryKey: settingsKeys.backups(),
    queryFn: ({ signal }) => api.get<Backup[]>(`${BASE}/backups`, { signal, retry503: false, report: false }),
    refetchInterval: (q) => (q.state.data?.some((b) => running(b.status)) ? POLL_MS : false),
    enabled,
    retry: false,
  });
}

function useInvalidateBackups() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: settingsKeys.backups() });
    void queryClient.invalidateQueries({ queryKey: settingsKeys.backupSettings() });
  };
}

export function useRunBackup() {
  const invalidate = useInvalidateBackups();
  return useMutation({ mutationFn: () => api.post<Backup>(`${BASE}/backups`, undefined, { report: false }), onSuccess: invalidate });
}

export function useRestoreBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (source: { id: string } | { file: File }) => {
      if ("id" in source)
        return api.post<RestoreResult>(`${BASE}/backups/${encodeURIComponent(source.id)}/restore`, undefined, { report: false });
      const form = new FormData();
      form.append("file", source.file);
      return api.upload<RestoreResult>(`${BASE}/backups/restore`, form, { report: false });
    },
    // A restore rewrites the workspace: every cached figure may be stale.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function useDeleteBackup() {
  const invalidate = useInvalidateBackups();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`${BASE}/backups/${encodeURIComponent(id)}`, { report: false }),
    onSuccess: invalidate,
  });
}
