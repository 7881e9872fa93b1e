/**
 * What /predictive-analytics and /analytics-intelligence/predictive read and do (docs/analytics/lead-scoring.md):
 * the model overview, the ranked predictions (keyset pages), training and its job. Keys live under
 * ["lead-scoring"], so a finished training refreshes everything.
 */
import type { LeadPredictionPage, LeadScoreOverview, LeadScoreTarget, LeadScoreTrainJob } from "@prospector/contracts";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { api } from "../../../lib/api-client.ts";

export interface PredictionParams {
  uncontacted: boolean;
  limit: number;
  cursor?: string;
}

export const leadScoringKeys = {
  all: ["lead-scoring"] as const,
  model: (target: LeadScoreTarget, days: number) => ["lead-scoring", "model", target, days] as const,
  predictions: (p: PredictionParams) => ["lead-scoring", "predictions", p] as const,
  job: (id: string) => ["lead-scoring", "job", id] as const,
};

export const isActive = (job: LeadScoreTrainJob | null | undefined) => job?.status === "queued" || job?.status === "running";

export function useLeadScoreModel(target: LeadScoreTarget = "reply", days = 365) {
  return useQuery({
    queryKey: leadScoringKeys.model(target, days),
    queryFn: ({ signal }) => api.get<LeadScoreOverview>("/lead-scoring/model", { params: { target, days }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function usePredictions(p: PredictionParams, enabled: boolean) {
  return useQuery({
    queryKey: leadScoringKeys.predictions(p),
    queryFn: ({ signal }) =>
      api.get<LeadPredictionPage>("/lead-scoring/predictions", {
        params: { uncontacted: p.uncontacted, limit: p.limit, cursor: p.cursor },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useTrain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { target: LeadScoreTarget; days: number }) => api.post<LeadScoreTrainJob>("/lead-scoring/train", input),
    onSuccess: (job) => queryClient.setQueryData(leadScoringKeys.job(job.id), job),
  });
}

/** Follows a training job every second while it runs; when it ends, everything under ["lead-scoring"] is read again. */
export function useTrainJob(id: string | null, initial?: LeadScoreTrainJob) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: leadScoringKeys.job(id ?? ""),
    queryFn: ({ signal }) => api.get<LeadScoreTrainJob>(`/lead-scoring/train-jobs/${id}`, { signal }),
    enabled: Boolean(id),
    initialData: initial && initial.id === id ? initial : undefined,
    staleTime: 0,
    refetchInterval: (q) => (isActive(q.state.data) ? 1000 : false),
  });
  const status = query.data?.status;
  const wasActive = useRef(false);
  useEffect(() => {
    if (status === "queued" || status === "running") wasActive.current = true;
    else if (wasActive.current && (status === "done" || status === "failed")) {
      wasActive.current = false;
      void queryClient.invalidateQueries({ queryKey: ["lead-scoring", "model"] });
      void queryClient.invalidateQueries({ queryKey: ["lead-scoring", "predictions"] });
    }
  }, [status, queryClient]);
  return query;
}
