/**
 * What /compliance reads and does (docs/compliance.md): data-subject requests (keyset pages, polled
 * while one runs), the consent and suppression overview, retention rules and runs, the footer and
 * postal address, and the audit export download. Keys live under ["compliance"].
 */
import type {
  ComplianceErasureInput,
  ComplianceExportInput,
  ComplianceRequest,
  ComplianceRequestPage,
  ConsentOverview,
  FooterSettings,
  FooterSettingsInput,
  RetentionRules,
  RetentionRun,
  RetentionRunPage,
  RetentionSettings,
} from "@prospector/contracts";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, downloadBlob } from "../../../lib/api-client.ts";

export const complianceKeys = {
  all: ["compliance"] as const,
  requests: (cursor: string | undefined) => ["compliance", "requests", cursor ?? null] as const,
  overview: ["compliance", "overview"] as const,
  retention: ["compliance", "retention"] as const,
  runs: (cursor: string | undefined) => ["compliance", "runs", cursor ?? null] as const,
  footer: ["compliance", "footer"] as const,
};

export const PAGE_SIZE = 20;
const running = (s: string) => s === "queued" || s === "running";

export function useRequests(cursor: string | undefined) {
  return useQuery({
    queryKey: complianceKeys.requests(cursor),
    queryFn: ({ signal }) => api.get<ComplianceRequestPage>("/compliance/requests", { params: { limit: PAGE_SIZE, cursor }, signal }),
    placeholderData: keepPreviousData,
    // A job shows its progress: poll while one on the page is still working.
    refetchInterval: (q) => (q.state.data?.items.some((r) => running(r.status)) ? 1500 : false),
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: complianceKeys.all });
}

export function useRequestExport() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: ComplianceExportInput) => api.post<ComplianceRequest>("/compliance/requests/export", input),
    onSuccess: invalidate,
  });
}

export function useRequestErasure() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: ComplianceErasureInput) => api.post<ComplianceRequest>("/compliance/requests/erasure", input),
    onSuccess: invalidate,
  });
}

export function useDownloadExport() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: string) => {
      const blob = await api.getBlob(`/compliance/requests/${id}/download`);
      downloadBlob(blob, `data-subject-export-${id}.json`);
    },
    onSuccess: invalidate,
  });
}

export function useConsentOverview() {
  return useQuery({
    queryKey: complianceKeys.overview,
    queryFn: ({ signal }) => api.get<ConsentOverview>("/compliance/overview", { signal }),
    staleTime: 30_000,
  });
}

export function useRetention() {
  return useQuery({
    queryKey: complianceKeys.retention,
    queryFn: ({ signal }) => api.get<RetentionSettings>("/compliance/retention", { signal }),
  });
}

export function useSaveRetention() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (rules: RetentionRules) => api.put<RetentionSettings>("/compliance/retention", rules),
    onSuccess: (s) => qc.setQueryData(complianceKeys.retention, s),
  });
}

export function useRetentionRuns(cursor: string | undefined) {
  return useQuery({
    queryKey: complianceKeys.runs(cursor),
    queryFn: ({ signal }) => api.get<RetentionRunPage>("/compliance/retention/runs", { params: { limit: PAGE_SIZE, cursor }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.items.some((r) => running(r.status)) ? 1500 : false),
  });
}

export function useRunRetention() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<RetentionRun>("/compliance/retention/run"),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["compliance", "runs"] }),
  });
}

export function useFooter() {
  return useQuery({
    queryKey: complianceKeys.footer,
    queryFn: ({ signal }) => api.get<FooterSettings>("/compliance/footer", { signal }),
  });
}

export function useSaveFooter() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: FooterSettingsInput) => api.put<FooterSettings>("/compliance/footer", input),
    onSuccess: (f) => {
      qc.setQueryData(complianceKeys.footer, f);
      void qc.invalidateQueries({ queryKey: complianceKeys.overview });
    },
  });
}

export function useAuditExport() {
  return useMutation({
    mutationFn: async (q: { from: string; to: string; format: "csv" | "json" }) => {
      const blob = await api.getBlob("/compliance/audit-export", { params: q });
      downloadBlob(blob, `audit-${q.from.slice(0, 10)}-${q.to.slice(0, 10)}.${q.format}`);
    },
  });
}
