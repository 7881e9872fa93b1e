/**
 * Campaign data: the paged list (with the §8 list texts and the 503 → empty list rule), one
 * campaign, create, update, delete, duplicate, the state actions and the bulk runner that makes one
 * call per campaign and reports successes and errors apart (§4).
 */
import type { Campaign, CampaignAction, CampaignCreate, CampaignList, CampaignUpdate } from "@prospector/contracts";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { ApiError } from "../../../lib/errors.ts";
import { tokenStore } from "../../../lib/storage.ts";
import { CAMPAIGN_MESSAGES, campaignActionErrorMessage, campaignListErrorMessage } from "../lib/campaign-errors.ts";
import { ACTION_VERBS } from "../lib/campaign-labels.ts";
import type { CampaignListParams } from "../lib/campaign-list-params.ts";
import { campaignKeys } from "./campaign-keys.ts";

const path = (id: string) => `/campaigns/${encodeURIComponent(id)}`;

/** The list request with the spec's error texts; a 503 answers an empty page (§8). */
export async function fetchCampaignList(params: CampaignListParams, signal?: AbortSignal): Promise<CampaignList> {
  const hadToken = Boolean(tokenStore.get());
  try {
    return await api.get<CampaignList>("/campaigns/", { params: { ...params }, signal, retry503: false });
  } catch (error) {
    if (error instanceof ApiError && error.status === 503) {
      return { campaigns: [], total: 0, page: params.page, per_page: params.per_page, total_pages: 0 };
    }
    if (error instanceof ApiError) {
      throw new ApiError({ ...error, type: error.type, message: campaignListErrorMessage(error, hadToken), retryable: error.retryable });
    }
    throw error;
  }
}

export function useCampaignList(params: CampaignListParams) {
  return useQuery({
    queryKey: campaignKeys.list(params),
    queryFn: ({ signal }) => fetchCampaignList(params, signal),
    placeholderData: keepPreviousData,
    // §9: campaign lists are cached for 2 minutes; socket events invalidate sooner.
    staleTime: 120_000,
  });
}

export function useCampaign(id: string | undefined) {
  return useQuery({
    queryKey: campaignKeys.detail(id ?? ""),
    queryFn: ({ signal }) => api.get<Campaign>(path(id ?? ""), { signal }),
    enabled: Boolean(id),
    retry: false,
    staleTime: 10_000,
  });
}

/** Wraps a failed campaign call in an Error carrying the §8 text for `action`. */
export class CampaignCallError extends Error {
  readonly source: unknown;
  constructor(source: unknown, action: string) {
    super(campaignActionErrorMessage(source, action));
    this.source = source;
  }
  get fieldErrors() {
    return this.source instanceof ApiError ? (this.source.errors ?? []) : [];
  }
}

async function call<T>(action: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new CampaignCallError(error, action);
  }
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: campaignKeys.all });
}

export function useCreateCampaign() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: CampaignCreate) => {
      if (!input.name?.trim() || !input.subject_line?.trim()) return Promise.reject(new Error(CAMPAIGN_MESSAGES.required));
      return call("create campaign", () => api.post<Campaign>("/campaigns/", input));
    },
    onSuccess: () => invalidate(),
  });
}

export function useUpdateCampaign(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CampaignUpdate) => call("update campaign", () => api.put<Campaign>(path(id), input)),
    onSuccess: (c) => {
      qc.setQueryData(campaignKeys.detail(id), c);
      return qc.invalidateQueries({ queryKey: campaignKeys.lists() });
    },
  });
}

export function runCampaignAction(id: string, action: CampaignAction): Promise<Campaign | undefined> {
  return call(ACTION_VERBS[action], () =>
    action === "delete" ? api.delete<undefined>(path(id)) : api.post<Campaign>(`${path(id)}/${action}`),
  );
}

export function useCampaignAction(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (action: CampaignAction) => runCampaignAction(id, action),
    onSuccess: (c, action) => {
      if (c && action !== "delete") qc.setQueryData(campaignKeys.detail(id), c);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}

export function useDuplicateCampaign(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (newName: string) => call("duplicate campaign", () => api.post<Campaign>(`${path(id)}/duplicate`, { new_name: newName })),
    onSuccess: () => invalidate(),
  });
}

export interface BulkReport {
  action: CampaignAction;
  succeeded: Array<{ id: string; name: string }>;
  failed: Array<{ id: string; name: string; error: string }>;
}

/** §4: one call per campaign, in turn; every answer is kept, so one failure stops nothing. */
export function useBulkCampaignAction() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ action, campaigns }: { action: CampaignAction; campaigns: Array<{ id: string; name: string }> }) => {
      const report: BulkReport = { action, succeeded: [], failed: [] };
      for (const c of campaigns) {
        try {
          await runCampaignAction(c.id, action);
          report.succeeded.push(c);
        } catch (error) {
          report.failed.push({ ...c, error: error instanceof Error ? error.message : `Failed to ${ACTION_VERBS[action]}` });
        }
      }
      return report;
    },
    onSettled: () => invalidate(),
  });
}
