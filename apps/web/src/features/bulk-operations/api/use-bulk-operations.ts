/**
 * What /bulk-operations reads and does: the operations (polled every second while one runs, so
 * progress bars move), their items, the preview count of a selection, start, cancel and undo.
 */
import type {
  BulkItemList,
  BulkItemStatus,
  BulkOperation,
  BulkOperationList,
  BulkPreview,
  CampaignBulkRequest,
  CampaignList,
  LeadBulkRequest,
  LeadTarget,
} from "@prospector/contracts";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const bulkKeys = {
  all: ["bulk-operations"] as const,
  list: (state: "active" | "history", page: number, perPage: number) => ["bulk-operations", "list", state, page, perPage] as const,
  items: (id: string, status: BulkItemStatus | undefined, page: number) => ["bulk-operations", "items", id, status ?? "all", page] as const,
  preview: (target: LeadTarget | null) => ["bulk-operations", "preview", JSON.stringify(target)] as const,
  campaigns: ["bulk-operations", "campaign-options"] as const,
};

/** How often a running operation's progress is asked for. */
export const POLL_MS = 1000;

export const isActive = (op: BulkOperation) => op.status === "queued" || op.status === "running" || op.undo_status === "running";

export function useBulkOperations(state: "active" | "history", page: number, perPage: number) {
  return useQuery({
    queryKey: bulkKeys.list(state, page, perPage),
    queryFn: ({ signal }) =>
      api.get<BulkOperationList>("/bulk-operations", { params: { state, page: page + 1, per_page: perPage }, signal }),
    placeholderData: keepPreviousData,
    // Running operations move every second; the history is re-read when one of them ends.
    refetchInterval: (q) => (state === "active" && (q.state.data?.operations.some(isActive) ?? false) ? POLL_MS : false),
  });
}

export function useBulkItems(id: string, status: BulkItemStatus | undefined, page: number, enabled: boolean) {
  return useQuery({
    queryKey: bulkKeys.items(id, status, page),
    queryFn: ({ signal }) =>
      api.get<BulkItemList>(`/bulk-operations/${encodeURIComponent(id)}/items`, {
        params: { status, page: page + 1, per_page: 20 },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** How many leads a selection matches now; null target asks nothing. */
export function useBulkPreview(target: LeadTarget | null) {
  return useQuery({
    queryKey: bulkKeys.preview(target),
    queryFn: ({ signal }) => api.post<BulkPreview>("/bulk-operations/preview", { target }, { signal }),
    enabled: target !== null,
    staleTime: 5_000,
    retry: false,
  });
}

/** The workspace's campaigns to pick from (the 100 most recent; the search narrows). */
export function useCampaignOptions(search: string) {
  return useQuery({
    queryKey: [...bulkKeys.campaigns, search],
    queryFn: ({ signal }) => api.get<CampaignList>("/campaigns/", { params: { per_page: 100, search: search || undefined }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export type StartRequest = { kind: "leads"; body: LeadBulkRequest } | { kind: "campaigns"; body: CampaignBulkRequest };

export function useStartBulk() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (req: StartRequest) => api.post<BulkOperation>(`/bulk-operations/${req.kind}`, req.body),
    onSuccess: () => qc.invalidateQueries({ queryKey: bulkKeys.all }),
  });
}

export function useBulkAction(action: "cancel" | "undo") {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<BulkOperation>(`/bulk-operations/${encodeURIComponent(id)}/${action}`),
    onSettled: () => qc.invalidateQueries({ queryKey: bulkKeys.all }),
  });
}
