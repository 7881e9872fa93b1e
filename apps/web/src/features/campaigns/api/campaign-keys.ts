/** Query keys for campaigns: everything under ["campaigns"], so one invalidation refreshes list and pages. */
import type { CampaignListParams } from "../lib/campaign-list-params.ts";

export const campaignKeys = {
  all: ["campaigns"] as const,
  lists: () => [...campaignKeys.all, "list"] as const,
  list: (params: CampaignListParams) => [...campaignKeys.lists(), params] as const,
  detail: (id: string) => [...campaignKeys.all, "detail", id] as const,
  sub: (id: string, what: string, params?: unknown) =>
    [...campaignKeys.all, "detail", id, what, ...(params === undefined ? [] : [params])] as const,
  summary: (days: number) => [...campaignKeys.all, "summary", days] as const,
  workspaceTrends: (days: number) => [...campaignKeys.all, "workspace-trends", days] as const,
  abTests: (page: number) => [...campaignKeys.all, "ab-tests", page] as const,
};
