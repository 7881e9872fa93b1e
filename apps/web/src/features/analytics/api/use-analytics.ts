/**
 * What /analytics reads: the workspace summary and the workspace's day-by-day trends with the most
 * active campaigns. Keys live under ["campaigns"], so campaign changes refresh them too.
 */
import type { AnalyticsSummary, WorkspaceTrends } from "@prospector/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { campaignKeys } from "../../campaigns/api/campaign-keys.ts";

export function useAnalyticsSummary(days: number) {
  return useQuery({
    queryKey: campaignKeys.summary(days),
    queryFn: ({ signal }) => api.get<AnalyticsSummary>("/campaigns/analytics/summary", { params: { days }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useWorkspaceTrends(days: number) {
  return useQuery({
    queryKey: campaignKeys.workspaceTrends(days),
    queryFn: ({ signal }) => api.get<WorkspaceTrends>("/campaigns/analytics/trends", { params: { days }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
