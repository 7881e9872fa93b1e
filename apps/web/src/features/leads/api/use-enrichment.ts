/**
 * Enrichment (POST /api/leads/{id}/enrich, POST /api/leads/bulk-enrich): both start a job that
 * the caller follows with useEnrichmentJob; when it ends the leads it touched are refetched.
 */
import type { EnrichmentJob } from "@prospector/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "../../../lib/api-client.ts";
import { leadKeys } from "./lead-keys.ts";
import { isActiveJob, useJobProgress } from "./use-job-progress.ts";

export function useEnrichLead() {
  return useMutation({
    mutationFn: (id: string) => api.post<EnrichmentJob>(`/leads/${encodeURIComponent(id)}/enrich`),
  });
}

export function useBulkEnrich() {
  return useMutation({
    mutationFn: (leadIds: string[]) => api.post<EnrichmentJob>("/leads/bulk-enrich", { lead_ids: leadIds }),
  });
}

export function useCancelEnrichment() {
  return useMutation({
    mutationFn: (id: string) => api.delete<EnrichmentJob>(`/leads/enrichment-jobs/${encodeURIComponent(id)}`),
  });
}

export function useEnrichmentJob(job: EnrichmentJob | null) {
  const queryClient = useQueryClient();
  const id = job?.id ?? null;
  const query = useJobProgress<EnrichmentJob>({
    key: leadKeys.enrichmentJob(id ?? ""),
    path: id ? `/leads/enrichment-jobs/${encodeURIComponent(id)}` : null,
    event: "enrichment_job.progress",
    id,
    initial: job ?? undefined,
  });
  const finished = query.data && !isActiveJob(query.data);
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: leadKeys.all, predicate: (q) => q.queryKey[1] !== "enrichment-job" });
  }, [finished, queryClient]);
  return query;
}
