/** A/B test data: campaigns with variants (GET /api/ab-tests) and one campaign's per-variant results. */
import type { AbResults, AbTestList } from "@prospector/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { campaignKeys } from "../../campaigns/api/campaign-keys.ts";

export function useAbTests(page: number, perPage: number) {
  return useQuery({
    queryKey: campaignKeys.abTests(page),
    queryFn: ({ signal }) => api.get<AbTestList>("/ab-tests", { params: { page, per_page: perPage }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useAbResults(campaignId: string) {
  return useQuery({
    queryKey: campaignKeys.sub(campaignId, "ab-results"),
    queryFn: ({ signal }) => api.get<AbResults>(`/campaigns/${encodeURIComponent(campaignId)}/ab-results`, { signal }),
    staleTime: 30_000,
  });
}
