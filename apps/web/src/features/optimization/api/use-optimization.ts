/**
 * What the optimization pages read and do (docs/analytics/optimization.md): the funnel (and its
 * period comparison), the cost model and ROI, the calculator's prefill and saved scenarios, the
 * weekly p-chart and the recent-event backlog. Keys live under ["optimization"].
 */
import type {
  CalculatorPrefill,
  CampaignList,
  CostModel,
  CostModelAnswer,
  FunnelAnswer,
  LiveEventPage,
  PerformanceAnswer,
  PerformanceMetric,
  RoiAnswer,
  Scenario,
  ScenarioBody,
  ScenarioPage,
} from "@prospector/contracts";
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

const B = "/analytics/optimization";

export interface Period {
  from: string;
  to: string;
}

export interface LiveFilter {
  type?: string;
  campaign_id?: string;
}

export const optimizationKeys = {
  all: ["optimization"] as const,
  funnel: (p: Period & { campaign_id?: string; compare: boolean }) => ["optimization", "funnel", p] as const,
  costModel: ["optimization", "cost-model"] as const,
  roi: (p: Period) => ["optimization", "roi", p] as const,
  prefill: ["optimization", "prefill"] as const,
  scenarios: ["optimization", "scenarios"] as const,
  performance: (weeks: number, metric: PerformanceMetric) => ["optimization", "performance", weeks, metric] as const,
  events: (f: LiveFilter) => ["optimization", "events", f] as const,
};

const options = { placeholderData: keepPreviousData, staleTime: 30_000 } as const;

/** The last `days` UTC days, today included. */
export function lastDays(days: number, now = new Date()): Period {
  const to = now.toISOString().slice(0, 10);
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (days - 1) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  return { from, to };
}

export function useFunnel(p: Period & { campaign_id?: string; compare: boolean }) {
  const { compare, ...params } = p;
  return useQuery({
    queryKey: optimizationKeys.funnel(p),
    queryFn: ({ signal }) => api.get<FunnelAnswer>(`${B}/funnel${compare ? "/compare" : ""}`, { params: { ...params }, signal }),
    ...options,
  });
}

export function useCostModel() {
  return useQuery({
    queryKey: optimizationKeys.costModel,
    queryFn: ({ signal }) => api.get<CostModelAnswer>(`${B}/cost-model`, { signal }),
    staleTime: 30_000,
  });
}

export function useSaveCostModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (m: CostModel) => api.put<CostModelAnswer>(`${B}/cost-model`, m),
    onSuccess: (saved) => {
      queryClient.setQueryData(optimizationKeys.costModel, saved);
      void queryClient.invalidateQueries({ queryKey: ["optimization", "roi"] });
      void queryClient.invalidateQueries({ queryKey: optimizationKeys.prefill });
    },
  });
}

export function useRoi(p: Period) {
  return useQuery({
    queryKey: optimizationKeys.roi(p),
    queryFn: ({ signal }) => api.get<RoiAnswer>(`${B}/roi`, { params: { ...p }, signal }),
    ...options,
  });
}

export function usePrefill() {
  return useQuery({
    queryKey: optimizationKeys.prefill,
    queryFn: ({ signal }) => api.get<CalculatorPrefill>(`${B}/calculator/prefill`, { signal }),
    staleTime: 60_000,
  });
}

export function useScenarios() {
  return useInfiniteQuery({
    queryKey: optimizationKeys.scenarios,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => api.get<ScenarioPage>(`${B}/scenarios`, { params: { limit: 20, cursor: pageParam }, signal }),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export function useScenarioActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: optimizationKeys.scenarios });
  return {
    create: useMutation({ mutationFn: (b: ScenarioBody) => api.post<Scenario>(`${B}/scenarios`, b), onSuccess: refresh }),
    rename: useMutation({
      mutationFn: (p: { id: string; name: string }) => api.patch<Scenario>(`${B}/scenarios/${p.id}`, { name: p.name }),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (id: string) => api.delete<null>(`${B}/scenarios/${id}`), onSuccess: refresh }),
  };
}

export function usePerformance(weeks: number, metric: PerformanceMetric) {
  return useQuery({
    queryKey: optimizationKeys.performance(weeks, metric),
    queryFn: ({ signal }) => api.get<PerformanceAnswer>(`${B}/performance`, { params: { weeks, metric }, signal }),
    ...options,
  });
}

export function useEventBacklog(f: LiveFilter) {
  return useInfiniteQuery({
    queryKey: optimizationKeys.events(f),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => api.get<LiveEventPage>(`${B}/events`, { params: { limit: 50, ...f, cursor: pageParam }, signal }),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** Campaigns to filter by, newest first (the first 100). */
export function useCampaignOptions() {
  return useQuery({
    queryKey: ["optimization", "campaign-options"],
    queryFn: ({ signal }) => api.get<CampaignList>("/campaigns/", { params: { per_page: 100 }, signal }),
    staleTime: 60_000,
  });
}
