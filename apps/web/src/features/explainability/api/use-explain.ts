/**
 * What /ai-transparency and the /explainability pages read (docs/ai/explainability.md): the picker
 * of recent AI outputs, one output's why (by ledger action, lead, reply or recommendation), the
 * models overview, patterns, recommendations with their measured effect and model performance.
 */
import type {
  AiOutputExplanation,
  AiOutputPage,
  LeadWhy,
  ModelPerformanceResult,
  ModelsOverview,
  PatternOutcome,
  PatternsResult,
  RecommendationWhy,
  RecommendationWhyPage,
  ReplyWhy,
} from "@prospector/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const explainKeys = {
  all: ["ai-explain"] as const,
  outputs: (q: string, cursor: string | undefined) => ["ai-explain", "outputs", q, cursor ?? null] as const,
  subject: (type: SubjectType, id: string) => ["ai-explain", type, id] as const,
  models: () => ["ai-explain", "models"] as const,
  patterns: (outcome: PatternOutcome, days: number, minN: number) => ["ai-explain", "patterns", outcome, days, minN] as const,
  recommendations: (filter: "all" | "applied", cursor: string | undefined) =>
    ["ai-explain", "recommendations", filter, cursor ?? null] as const,
  performance: (weeks: number) => ["ai-explain", "performance", weeks] as const,
};

export type SubjectType = "action" | "lead" | "reply" | "recommendation";

const PATHS: Record<SubjectType, string> = {
  action: "/ai/explain/actions",
  lead: "/ai/explain/leads",
  reply: "/ai/explain/replies",
  recommendation: "/ai/explain/recommendations",
};

export function useOutputs(q: string, cursor: string | undefined) {
  return useQuery({
    queryKey: explainKeys.outputs(q, cursor),
    queryFn: ({ signal }) => api.get<AiOutputPage>("/ai/explain/outputs", { params: { q: q || undefined, cursor, limit: 15 }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

export interface SubjectAnswer {
  action: AiOutputExplanation;
  lead: LeadWhy;
  reply: ReplyWhy;
  recommendation: RecommendationWhy;
}

export function useSubjectWhy<T extends SubjectType>(type: T | null, id: string | null) {
  return useQuery({
    queryKey: explainKeys.subject(type ?? "action", id ?? ""),
    queryFn: ({ signal }) => api.get<SubjectAnswer[T]>(`${PATHS[type!]}/${id}`, { signal }),
    enabled: Boolean(type && id),
    retry: false,
    staleTime: 30_000,
  });
}

export function useModelsOverview() {
  return useQuery({
    queryKey: explainKeys.models(),
    queryFn: ({ signal }) => api.get<ModelsOverview>("/ai/explain/models", { signal }),
    staleTime: 60_000,
  });
}

export function usePatterns(outcome: PatternOutcome, days: number, minN: number) {
  return useQuery({
    queryKey: explainKeys.patterns(outcome, days, minN),
    queryFn: ({ signal }) => api.get<PatternsResult>("/ai/explain/patterns", { params: { outcome, days, min_n: minN }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useRecommendationsWhy(filter: "all" | "applied", cursor: string | undefined) {
  return useQuery({
    queryKey: explainKeys.recommendations(filter, cursor),
    queryFn: ({ signal }) =>
      api.get<RecommendationWhyPage>("/ai/explain/recommendations", { params: { filter, cursor, limit: 10 }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useModelPerformance(weeks: number) {
  return useQuery({
    queryKey: explainKeys.performance(weeks),
    queryFn: ({ signal }) => api.get<ModelPerformanceResult>("/ai/explain/performance", { params: { weeks }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
