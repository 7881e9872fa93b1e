/**
 * What /smart-recommendations, /optimization/ai-recommendations and the playbooks pages read and do
 * (docs/analytics/recommendations.md): the playbooks, a template's evidence and "use this", the
 * recommendations with apply / dismiss / snooze, their applications and verdicts, and the
 * generation run with its progress. Keys live under ["recommendations"] and ["playbooks"].
 */
import type {
  CampaignList,
  Playbooks,
  PlaybookTemplateDetail,
  PlaybookTemplateUsed,
  Recommendation,
  RecommendationApplicationPage,
  RecommendationPage,
  RecommendationRun,
  RecommendationStatus,
} from "@prospector/contracts";
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { api } from "../../../lib/api-client.ts";

export interface PlaybookParams {
  days: number;
  min_sends: number;
}

export const recommendationKeys = {
  all: ["recommendations"] as const,
  list: (status: RecommendationStatus) => ["recommendations", "list", status] as const,
  applications: ["recommendations", "applications"] as const,
  latestRun: ["recommendations", "runs", "latest"] as const,
  run: (id: string) => ["recommendations", "runs", id] as const,
};

export const playbookKeys = {
  all: ["playbooks"] as const,
  playbooks: (p: PlaybookParams) => ["playbooks", p] as const,
  template: (hash: string, days: number) => ["playbooks", "template", hash, days] as const,
  campaigns: ["playbooks", "campaigns"] as const,
};

export function usePlaybooks(p: PlaybookParams) {
  return useQuery({
    queryKey: playbookKeys.playbooks(p),
    queryFn: ({ signal }) => api.get<Playbooks>("/playbooks", { params: { ...p }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useTemplateDetail(hash: string | null, days: number) {
  return useQuery({
    queryKey: playbookKeys.template(hash ?? "", days),
    queryFn: ({ signal }) => api.get<PlaybookTemplateDetail>(`/playbooks/templates/${hash}`, { params: { days }, signal }),
    enabled: Boolean(hash),
  });
}

/** Campaigns a template may be added to (draft, scheduled or paused). */
export function useEditableCampaigns(enabled: boolean) {
  return useQuery({
    queryKey: playbookKeys.campaigns,
    queryFn: ({ signal }) =>
      api.get<CampaignList>("/campaigns/", { params: { per_page: 100, status: ["draft", "scheduled", "paused"] }, signal }),
    enabled,
  });
}

export function useUseTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (p: { hash: string; campaign_id: string; days: number }) =>
      api.post<PlaybookTemplateUsed>(`/playbooks/templates/${p.hash}/use`, { campaign_id: p.campaign_id, days: p.days }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["campaigns"] }),
  });
}

/** One status of recommendations, page after page (keyset cursor). */
export function useRecommendations(status: RecommendationStatus) {
  return useInfiniteQuery({
    queryKey: recommendationKeys.list(status),
    queryFn: ({ signal, pageParam }) =>
      api.get<RecommendationPage>("/recommendations", { params: { status, limit: 20, cursor: pageParam || undefined }, signal }),
    initialPageParam: "",
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export function useApplications() {
  return useInfiniteQuery({
    queryKey: recommendationKeys.applications,
    queryFn: ({ signal, pageParam }) =>
      api.get<RecommendationApplicationPage>("/recommendations/applications", {
        params: { limit: 20, cursor: pageParam || undefined },
        signal,
      }),
    initialPageParam: "",
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

function useRecommendationAction(action: "apply" | "dismiss" | "snooze") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (p: { id: string; days?: number }) =>
      api.post<Recommendation>(`/recommendations/${p.id}/${action}`, action === "snooze" ? { days: p.days ?? 7 } : undefined),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recommendationKeys.all }),
  });
}

export const useApplyRecommendation = () => useRecommendationAction("apply");
export const useDismissRecommendation = () => useRecommendationAction("dismiss");
export const useSnoozeRecommendation = () => useRecommendationAction("snooze");

export const isRunActive = (run: RecommendationRun | null | undefined) => run?.status === "queued" || run?.status === "running";

/** The latest generation run, read every second while it is under way; its end refreshes the lists. */
export function useLatestRun() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: recommendationKeys.latestRun,
    queryFn: ({ signal }) => api.get<RecommendationRun | null>("/recommendations/runs/latest", { signal }),
    refetchInterval: (q) => (isRunActive(q.state.data) ? 1000 : false),
  });
  const wasActive = useRef(false);
  const active = isRunActive(query.data);
  useEffect(() => {
    if (wasActive.current && !active) void queryClient.invalidateQueries({ queryKey: ["recommendations", "list"] });
    wasActive.current = active;
  }, [active, queryClient]);
  return query;
}

export function useGenerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<RecommendationRun>("/recommendations/runs"),
    onSuccess: (run) => queryClient.setQueryData(recommendationKeys.latestRun, run),
  });
}
