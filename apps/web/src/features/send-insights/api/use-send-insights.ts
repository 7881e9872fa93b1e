/**
 * What /send-time-optimizer and /provider-intelligence read and do (docs/send-insights.md): the
 * send-time insights, the apply preview and apply, per-provider figures, the domains behind them
 * and the MX lookup job. Keys live under ["send-insights"], so a finished lookup refreshes all.
 */
import type {
  ApplyZoneMode,
  CampaignList,
  InsightsCache,
  MailProvider,
  MxLookupJob,
  MxLookupStatus,
  ProviderDomainPage,
  ProviderInsights,
  SendTimeApplied,
  SendTimeInsights,
  SendTimeMetric,
  SendTimePreview,
} from "@prospector/contracts";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "../../../lib/api-client.ts";
import { isActiveJob, useJobProgress } from "../../leads/api/use-job-progress.ts";

export interface SendTimeParams {
  days: number;
  metric: SendTimeMetric;
  block_hours: number;
  campaign_id?: string;
}

export interface ApplyParams {
  campaign_id: string;
  days: number;
  metric: SendTimeMetric;
  block_hours: number;
  timezone_mode: ApplyZoneMode;
  expected?: SendTimePreview["proposed"];
}

export interface DomainParams {
  provider?: MailProvider;
  status?: MxLookupStatus;
  q?: string;
  page: number;
  per_page: number;
}

export const sendInsightsKeys = {
  all: ["send-insights"] as const,
  sendTime: (p: SendTimeParams) => ["send-insights", "send-time", p] as const,
  campaigns: (search: string) => ["send-insights", "campaigns", search] as const,
  providers: (days: number) => ["send-insights", "providers", days] as const,
  domains: (p: DomainParams) => ["send-insights", "domains", p] as const,
  latestJob: ["send-insights", "lookup-job", "latest"] as const,
  job: (id: string) => ["send-insights", "lookup-job", id] as const,
};

const options = { placeholderData: keepPreviousData, staleTime: 30_000 } as const;

/** A stored answer being recomputed is read again every second until the refresh is over (the read is cheap). */
export const isRefreshing = (cache: InsightsCache | undefined) => cache?.refresh.status === "queued" || cache?.refresh.status === "running";
const whileRefreshing = {
  refetchInterval: (q: { state: { data?: { cache: InsightsCache } } }) => (isRefreshing(q.state.data?.cache) ? 1000 : false),
} as const;

/** Asks the server to recompute a stored answer (send time or providers) for a period; the answer's query follows its progress. */
export function useRecompute(kind: "send-time" | "providers") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (p: { days: number; campaign_id?: string }) => api.post<InsightsCache>(`/send-insights/${kind}/recompute`, p),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["send-insights", kind] }),
  });
}

export function useSendTime(p: SendTimeParams) {
  return useQuery({
    queryKey: sendInsightsKeys.sendTime(p),
    queryFn: ({ signal }) => api.get<SendTimeInsights>("/send-insights/send-time", { params: { ...p }, signal }),
    ...options,
    ...whileRefreshing,
  });
}

/** Campaigns to apply the best hours to, newest first, narrowed by the picker's search text. */
export function useCampaignChoices(search: string) {
  return useQuery({
    queryKey: sendInsightsKeys.campaigns(search),
    queryFn: ({ signal }) => api.get<CampaignList>("/campaigns/", { params: { per_page: 50, search: search || undefined }, signal }),
    ...options,
  });
}

export function usePreviewApply() {
  return useMutation({
    mutationFn: (p: ApplyParams) => api.post<SendTimePreview>("/send-insights/send-time/preview", p),
  });
}

export function useApplyBestHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (p: ApplyParams) => api.post<SendTimeApplied>("/send-insights/send-time/apply", p),
    onSuccess: (_, p) => {
      void queryClient.invalidateQueries({ queryKey: ["campaigns"] });
      void queryClient.invalidateQueries({ queryKey: sendInsightsKeys.campaigns("") });
      return p;
    },
  });
}

export function useProviders(days: number) {
  return useQuery({
    queryKey: sendInsightsKeys.providers(days),
    queryFn: ({ signal }) => api.get<ProviderInsights>("/send-insights/providers", { params: { days }, signal }),
    ...options,
    ...whileRefreshing,
  });
}

export function useProviderDomains(p: DomainParams) {
  return useQuery({
    queryKey: sendInsightsKeys.domains(p),
    queryFn: ({ signal }) => api.get<ProviderDomainPage>("/send-insights/providers/domains", { params: { ...p }, signal }),
    ...options,
  });
}

export function useLatestLookupJob() {
  return useQuery({
    queryKey: sendInsightsKeys.latestJob,
    queryFn: ({ signal }) => api.get<MxLookupJob | null>("/send-insights/providers/lookup-jobs/latest", { signal }),
    staleTime: 10_000,
  });
}

export function useRefreshLookups() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (force: boolean) => api.post<MxLookupJob>("/send-insights/providers/refresh", { force }),
    onSuccess: (job) => queryClient.setQueryData(sendInsightsKeys.latestJob, job),
  });
}

/** Follows a lookup job (socket progress, polling as a fallback); when it ends the figures are fetched again. */
export function useLookupJob(job: MxLookupJob | null | undefined) {
  const queryClient = useQueryClient();
  const id = job?.id ?? null;
  const query = useJobProgress<MxLookupJob>({
    key: sendInsightsKeys.job(id ?? ""),
    path: id ? `/send-insights/providers/lookup-jobs/${encodeURIComponent(id)}` : null,
    event: "send_insights_lookup.progress",
    id,
    initial: job ?? undefined,
  });
  const finished = Boolean(query.data && !isActiveJob(query.data));
  const wasActive = isActiveJob(job ?? undefined);
  useEffect(() => {
    if (finished && wasActive) {
      void queryClient.invalidateQueries({ queryKey: ["send-insights", "providers"] });
      void queryClient.invalidateQueries({ queryKey: ["send-insights", "domains"] });
      void queryClient.invalidateQueries({ queryKey: sendInsightsKeys.latestJob });
    }
  }, [finished, wasActive, queryClient]);
  return query;
}
