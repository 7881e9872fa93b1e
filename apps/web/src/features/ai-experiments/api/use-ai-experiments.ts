/**
 * What /ai-doctor, /ai-tools/causal-analytics and /ai/reinforcement-learning read (docs/ai/experiments.md).
 * Keys live under ["ai-experiments"].
 */
import type {
  BanditList,
  CausalAbResult,
  CausalChangeResult,
  CausalOptions,
  Diagnosis,
  DiagnosisInput,
  DoctorCampaigns,
} from "@prospector/contracts";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const aiExperimentsKeys = {
  all: ["ai-experiments"] as const,
  bandit: (page: number) => ["ai-experiments", "bandit", page] as const,
  causalOptions: () => ["ai-experiments", "causal", "options"] as const,
  causalAb: (campaignId: string, step: number) => ["ai-experiments", "causal", "ab", campaignId, step] as const,
  causalChange: (campaignId: string, date: string, windowDays: number) =>
    ["ai-experiments", "causal", "change", campaignId, date, windowDays] as const,
  doctorCampaigns: (cursor: string | undefined) => ["ai-experiments", "doctor", "campaigns", cursor ?? ""] as const,
};

export function useBandit(page: number) {
  return useQuery({
    queryKey: aiExperimentsKeys.bandit(page),
    queryFn: ({ signal }) => api.get<BanditList>("/ai/bandit", { params: { page, per_page: 10 }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useCausalOptions() {
  return useQuery({
    queryKey: aiExperimentsKeys.causalOptions(),
    queryFn: ({ signal }) => api.get<CausalOptions>("/ai/causal/options", { signal }),
    staleTime: 30_000,
  });
}

export function useCausalAb(campaignId: string, step: number | null) {
  return useQuery({
    queryKey: aiExperimentsKeys.causalAb(campaignId, step ?? 0),
    queryFn: ({ signal }) => api.get<CausalAbResult>("/ai/causal/ab", { params: { campaign_id: campaignId, step: step ?? 0 }, signal }),
    enabled: Boolean(campaignId) && step !== null,
    staleTime: 30_000,
  });
}

export function useCausalChange(campaignId: string, date: string, windowDays: number) {
  return useQuery({
    queryKey: aiExperimentsKeys.causalChange(campaignId, date, windowDays),
    queryFn: ({ signal }) =>
      api.get<CausalChangeResult>("/ai/causal/change", { params: { campaign_id: campaignId, date, window_days: windowDays }, signal }),
    enabled: Boolean(campaignId) && /^\d{4}-\d{2}-\d{2}$/.test(date),
    staleTime: 30_000,
    retry: false,
  });
}

export function useDoctorCampaigns(cursor: string | undefined) {
  return useQuery({
    queryKey: aiExperimentsKeys.doctorCampaigns(cursor),
    queryFn: ({ signal }) => api.get<DoctorCampaigns>("/ai/doctor/campaigns", { params: { limit: 100, cursor }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useDiagnose() {
  return useMutation({ mutationFn: (input: DiagnosisInput) => api.post<Diagnosis>("/ai/doctor", input) });
}
