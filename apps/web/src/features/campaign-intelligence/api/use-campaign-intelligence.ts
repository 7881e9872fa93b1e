/**
 * What the /campaign-intelligence/ pages read (docs/analytics/campaign-intelligence.md). Keys live
 * under ["campaign-intelligence"]; the center and the agents refresh on their own.
 */
import type {
  AgentsState,
  AttentionCenter,
  AutomationEffect,
  CiPerformancePage,
  CiPerformanceSort,
  CiReplyClass,
  CiReplyIntel,
  CiReplyLatestPage,
  CiSequenceReport,
} from "@prospector/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export interface PerformanceParams {
  days: number;
  sort: CiPerformanceSort;
  order: "asc" | "desc";
  limit: number;
  cursor?: string;
}

export interface LatestParams {
  class: CiReplyClass;
  days: number;
  campaign_id?: string;
  limit: number;
  cursor?: string;
}

export const ciKeys = {
  all: ["campaign-intelligence"] as const,
  center: () => [...ciKeys.all, "center"] as const,
  performance: (p: PerformanceParams) => [...ciKeys.all, "performance", p] as const,
  automation: (days: number) => [...ciKeys.all, "automation", days] as const,
  sequences: (campaignId?: string) => [...ciKeys.all, "sequences", campaignId ?? null] as const,
  replies: (days: number, campaignId?: string) => [...ciKeys.all, "replies", days, campaignId ?? null] as const,
  latest: (p: LatestParams) => [...ciKeys.all, "replies-latest", p] as const,
  agents: () => [...ciKeys.all, "agents"] as const,
};

/** The center and the agents show state "right now": read again every 30 s while the page is open. */
const LIVE_MS = 30_000;

export function useAttentionCenter() {
  return useQuery({
    queryKey: ciKeys.center(),
    queryFn: ({ signal }) => api.get<AttentionCenter>("/campaign-intelligence/center", { signal }),
    refetchInterval: LIVE_MS,
  });
}

export function useCampaignPerformance(p: PerformanceParams) {
  return useQuery({
    queryKey: ciKeys.performance(p),
    queryFn: ({ signal }) => api.get<CiPerformancePage>("/campaign-intelligence/performance", { params: { ...p }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAutomationEffect(days: number) {
  return useQuery({
    queryKey: ciKeys.automation(days),
    queryFn: ({ signal }) => api.get<AutomationEffect>("/campaign-intelligence/automation", { params: { days }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSequenceReport(campaignId?: string) {
  return useQuery({
    queryKey: ciKeys.sequences(campaignId),
    queryFn: ({ signal }) => api.get<CiSequenceReport>("/campaign-intelligence/sequences", { params: { campaign_id: campaignId }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useReplyIntel(days: number, campaignId?: string) {
  return useQuery({
    queryKey: ciKeys.replies(days, campaignId),
    queryFn: ({ signal }) => api.get<CiReplyIntel>("/campaign-intelligence/replies", { params: { days, campaign_id: campaignId }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useLatestReplies(p: LatestParams) {
  return useQuery({
    queryKey: ciKeys.latest(p),
    queryFn: ({ signal }) => api.get<CiReplyLatestPage>("/campaign-intelligence/replies/latest", { params: { ...p }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAgents() {
  return useQuery({
    queryKey: ciKeys.agents(),
    queryFn: ({ signal }) => api.get<AgentsState>("/campaign-intelligence/agents", { signal }),
    refetchInterval: LIVE_MS,
  });
}
