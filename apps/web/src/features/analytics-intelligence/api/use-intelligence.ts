/**
 * What the analytics-intelligence pages read and do (docs/analytics/intelligence.md): the insights
 * run (followed while it works), the competitive comparison, benchmarks and their edits, and the
 * lead-source funnel. Keys live under ["analytics-intelligence"].
 */
import type {
  Benchmark,
  BenchmarkInput,
  BenchmarkList,
  CompetitiveAnswer,
  InsightRun,
  InsightsAnswer,
  LeadSourceAnswer,
  ReportQuery,
  ReportResult,
} from "@prospector/contracts";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const intelligenceKeys = {
  all: ["analytics-intelligence"] as const,
  insights: ["analytics-intelligence", "insights"] as const,
  competitive: (p: { recent_days: number; history_days: number }) => ["analytics-intelligence", "competitive", p] as const,
  benchmarks: ["analytics-intelligence", "benchmarks"] as const,
  leadSources: (p: { from?: string; to?: string }) => ["analytics-intelligence", "lead-sources", p] as const,
};

const isActive = (run: InsightRun | null | undefined) => run?.status === "queued" || run?.status === "running";

/** The latest insights run; read again every 1.5 s while one is queued or running. */
export function useInsights() {
  return useQuery({
    queryKey: intelligenceKeys.insights,
    queryFn: ({ signal }) => api.get<InsightsAnswer>("/analytics/intelligence/insights", { signal }),
    refetchInterval: (q) => (isActive(q.state.data?.run) ? 1500 : false),
  });
}

export function useRecomputeInsights() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (period_days: number) => api.post<InsightRun>("/analytics/intelligence/insights/recompute", { period_days }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: intelligenceKeys.insights }),
  });
}

export function useCompetitive(p: { recent_days: number; history_days: number }) {
  return useQuery({
    queryKey: intelligenceKeys.competitive(p),
    queryFn: ({ signal }) => api.get<CompetitiveAnswer>("/analytics/intelligence/competitive", { params: { ...p }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Saves a benchmark (new, or replacing one of the workspace's rows). */
export function useSaveBenchmark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: BenchmarkInput }) =>
      id
        ? api.put<Benchmark>(`/analytics/intelligence/benchmarks/${id}`, input)
        : api.post<Benchmark>("/analytics/intelligence/benchmarks", input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: intelligenceKeys.all }),
  });
}

export function useDeleteBenchmark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/analytics/intelligence/benchmarks/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: intelligenceKeys.all }),
  });
}

export function useBenchmarks() {
  return useQuery({
    queryKey: intelligenceKeys.benchmarks,
    queryFn: ({ signal }) => api.get<BenchmarkList>("/analytics/intelligence/benchmarks", { signal }),
  });
}

export function useLeadSources(p: { from?: string; to?: string }) {
  return useQuery({
    queryKey: intelligenceKeys.leadSources(p),
    queryFn: ({ signal }) => api.get<LeadSourceAnswer>("/analytics/intelligence/lead-sources", { params: { ...p }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One engine query (POST /api/analytics/query), as the chart gallery asks it. */
export function useEngineQuery(name: string, query: ReportQuery) {
  return useQuery({
    queryKey: ["analytics-intelligence", "engine", name, query] as const,
    queryFn: ({ signal }) => api.post<ReportResult>("/analytics/query", query, { signal }),
    placeholderData: keepPreviousData,
  });
}
