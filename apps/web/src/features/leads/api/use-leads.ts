/**
 * Lead data for the grid and the drawer: the paged list (total from X-Total-Count), one lead,
 * create, update, delete, bulk tag and delete, and the CSV export of a filtered list.
 */
import type { BulkResult, BulkTag, Lead, LeadCreate, LeadUpdate } from "@prospector/contracts";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, downloadBlob } from "../../../lib/api-client.ts";
import type { LeadListParams } from "../lib/lead-list-params.ts";
import { leadKeys } from "./lead-keys.ts";

export function useLeadList(params: LeadListParams) {
  return useQuery({
    queryKey: leadKeys.list(params),
    queryFn: ({ signal }) => api.getList<Lead>("/leads/", { params: { ...params }, signal }),
    // The grid keeps showing the last page while the next one loads, instead of flashing empty.
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useLead(id: string | null) {
  return useQuery({
    queryKey: leadKeys.detail(id ?? ""),
    queryFn: ({ signal }) => api.get<Lead>(`/leads/${encodeURIComponent(id ?? "")}`, { signal }),
    enabled: Boolean(id),
    retry: false,
  });
}

function useInvalidateLeads() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: leadKeys.all });
}

export function useCreateLead() {
  const invalidate = useInvalidateLeads();
  return useMutation({
    mutationFn: (input: LeadCreate) => api.post<Lead>("/leads/", input),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateLead(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LeadUpdate) => api.put<Lead>(`/leads/${encodeURIComponent(id)}`, input),
    onSuccess: (lead) => {
      queryClient.setQueryData(leadKeys.detail(id), lead);
      return queryClient.invalidateQueries({ queryKey: leadKeys.lists() });
    },
  });
}

export function useDeleteLead() {
  const invalidate = useInvalidateLeads();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/leads/${encodeURIComponent(id)}`),
    onSuccess: () => invalidate(),
  });
}

export function useBulkDelete() {
  const invalidate = useInvalidateLeads();
  return useMutation({
    mutationFn: (leadIds: string[]) => api.post<BulkResult>("/leads/bulk-delete", { lead_ids: leadIds }),
    onSettled: () => invalidate(),
  });
}

export function useBulkTag() {
  const invalidate = useInvalidateLeads();
  return useMutation({
    mutationFn: (body: BulkTag) => api.post<BulkResult>("/leads/bulk-tag", body),
    onSettled: () => invalidate(),
  });
}

/** Downloads the server's CSV of every lead matching the filters (streamed, formula-safe). */
export function useExportLeads() {
  return useMutation({
    mutationFn: async (filters: Omit<LeadListParams, "skip" | "limit">) => {
      const blob = await api.getBlob("/leads/export.csv", { params: { ...filters } });
      downloadBlob(blob, `leads-${new Date().toISOString().slice(0, 10)}.csv`);
      return blob;
    },
  });
}
