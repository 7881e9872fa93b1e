/**
 * What /report-builder reads and does (docs/analytics/reports.md): the engine's catalogue and a
 * live preview, saved reports (keyset pages), their schedules, "Send now", the delivery log and
 * exports. Keys live under ["reports"]; the preview under ["reports", "preview", query].
 */
import type {
  AnalyticsCatalog,
  ReportDefinitionInput,
  ReportDelivery,
  ReportDeliveryList,
  ReportExportFormat,
  ReportQuery,
  ReportRecipientOptions,
  ReportResult,
  ReportSchedule,
  ReportScheduleInput,
  ReportScheduleList,
  SavedReport,
  SavedReportList,
} from "@prospector/contracts";
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, downloadBlob } from "../../../lib/api-client.ts";

export const reportKeys = {
  all: ["reports"] as const,
  catalog: ["reports", "catalog"] as const,
  preview: (q: ReportQuery) => ["reports", "preview", q] as const,
  saved: ["reports", "saved"] as const,
  schedules: (reportId: string) => ["reports", "schedules", reportId] as const,
  deliveries: (reportId: string | null) => ["reports", "deliveries", reportId] as const,
  recipients: ["reports", "recipients"] as const,
};

export function useCatalog() {
  return useQuery({
    queryKey: reportKeys.catalog,
    queryFn: ({ signal }) => api.get<AnalyticsCatalog>("/analytics/catalog", { signal }),
    staleTime: 10 * 60_000,
  });
}

/** The live preview: the engine's answer to the definition as it stands (null: nothing to ask yet). */
export function usePreview(query: ReportQuery | null) {
  return useQuery({
    enabled: query !== null,
    queryKey: reportKeys.preview(query as ReportQuery),
    queryFn: ({ signal }) => api.post<ReportResult>("/analytics/query", query, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 30_000,
  });
}

export function useSavedReports() {
  return useInfiniteQuery({
    queryKey: reportKeys.saved,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => api.get<SavedReportList>("/reports", { params: { limit: 25, cursor: pageParam }, signal }),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: reportKeys.all, refetchType: "active" });
}

export function useSaveReport() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, name, definition }: { id?: string; name: string; definition: ReportDefinitionInput }) =>
      id ? api.patch<SavedReport>(`/reports/${id}`, { name, definition }) : api.post<SavedReport>("/reports", { name, definition }),
    onSuccess: () => invalidate(),
  });
}

export function useRenameReport() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => api.patch<SavedReport>(`/reports/${id}`, { name }),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteReport() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: string) => api.delete<void>(`/reports/${id}`), onSuccess: () => invalidate() });
}

export function useSchedules(reportId: string | null) {
  return useQuery({
    enabled: reportId !== null,
    queryKey: reportKeys.schedules(reportId ?? ""),
    queryFn: ({ signal }) => api.get<ReportScheduleList>(`/reports/${reportId}/schedules`, { signal }),
  });
}

export function useRecipients() {
  return useQuery({
    queryKey: reportKeys.recipients,
    queryFn: ({ signal }) => api.get<ReportRecipientOptions>("/reports/recipients", { signal }),
    staleTime: 60_000,
  });
}

export function useCreateSchedule(reportId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: ReportScheduleInput) => api.post<ReportSchedule>(`/reports/${reportId}/schedules`, input),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteSchedule() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: string) => api.delete<void>(`/reports/schedules/${id}`), onSuccess: () => invalidate() });
}

export function useSendNow() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (scheduleId: string) => api.post<ReportDelivery>(`/reports/schedules/${scheduleId}/send`),
    onSuccess: () => invalidate(),
  });
}

const pending = (d: ReportDelivery) => d.status === "preparing" || d.status === "queued" || d.status === "retrying";

/** The delivery log (of one report, or all); read again every 3 s while a delivery is on its way. */
export function useDeliveries(reportId: string | null) {
  return useInfiniteQuery({
    queryKey: reportKeys.deliveries(reportId),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      api.get<ReportDeliveryList>("/reports/deliveries", {
        params: { limit: 20, cursor: pageParam, report_id: reportId ?? undefined },
        signal,
      }),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    refetchInterval: (q) => (q.state.data?.pages.some((p) => p.deliveries.some(pending)) ? 3000 : false),
  });
}

/** Downloads a saved report (by id) or the definition on screen as a file. */
export function useExport() {
  return useMutation({
    mutationFn: async (p: { id?: string; name: string; definition: ReportDefinitionInput; format: ReportExportFormat }) => {
      const blob = p.id
        ? await api.getBlob(`/reports/${p.id}/export`, { params: { format: p.format } })
        : await api.postBlob("/reports/export", { name: p.name, definition: p.definition, format: p.format });
      const slug =
        p.name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, "-")
          .replace(/^-+|-+$/g, "") || "report";
      downloadBlob(blob, `${slug}.${p.format}`);
    },
  });
}
