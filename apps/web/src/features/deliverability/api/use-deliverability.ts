/**
 * What /deliverability and /deliverability/enhanced read and do: the overview (cached checks, inbox
 * rates), Re-check runs, the saved DKIM selector, blocklists, trends, stored messages and header
 * analysis. Keys live under ["deliverability"], so a finished run refreshes every view.
 */
import type { BlocklistReport, DeliverabilityOverview, HeaderAnalysis, RefreshRun, StoredMessages, Trends } from "@prospector/contracts";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const deliverabilityKeys = {
  all: ["deliverability"] as const,
  overview: (page: number, perPage: number) => ["deliverability", "overview", page, perPage] as const,
  blocklists: ["deliverability", "blocklists"] as const,
  trends: (days: number, domain: string | null) => ["deliverability", "trends", days, domain] as const,
  messages: (page: number, perPage: number) => ["deliverability", "messages", page, perPage] as const,
  stored: (id: string) => ["deliverability", "stored", id] as const,
};

/** While a run is queued or running, the page asks again every 1.5 s for its progress. */
export const RUN_POLL_MS = 1500;
export const isRunning = (run: RefreshRun | null | undefined) => run?.status === "queued" || run?.status === "running";

export function useDeliverability(page: number, perPage: number) {
  const client = useQueryClient();
  return useQuery({
    queryKey: deliverabilityKeys.overview(page, perPage),
    queryFn: async ({ signal }) => {
      const answer = await api.get<DeliverabilityOverview>("/deliverability", { params: { page, per_page: perPage }, signal });
      // A run that just finished: the blocklists and trends views have new answers too.
      if (!isRunning(answer.run)) void client.invalidateQueries({ queryKey: deliverabilityKeys.blocklists });
      return answer;
    },
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (isRunning(query.state.data?.run) ? RUN_POLL_MS : false),
  });
}

export function useBlocklists() {
  return useQuery({
    queryKey: deliverabilityKeys.blocklists,
    queryFn: ({ signal }) => api.get<BlocklistReport>("/deliverability/blocklists", { signal }),
    refetchInterval: (query) => (isRunning(query.state.data?.run) ? RUN_POLL_MS : false),
  });
}

export function useTrends(days: number, domain: string | null) {
  return useQuery({
    queryKey: deliverabilityKeys.trends(days, domain),
    queryFn: ({ signal }) => api.get<Trends>("/deliverability/trends", { params: { days, domain: domain ?? undefined }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useStoredMessages(page: number, perPage: number) {
  return useQuery({
    queryKey: deliverabilityKeys.messages(page, perPage),
    queryFn: ({ signal }) => api.get<StoredMessages>("/deliverability/messages", { params: { page, per_page: perPage }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useStoredHeaders(id: string | null) {
  return useQuery({
    queryKey: deliverabilityKeys.stored(id ?? ""),
    queryFn: ({ signal }) => api.get<HeaderAnalysis>(`/deliverability/messages/${id}/headers`, { signal }),
    enabled: Boolean(id),
  });
}

export function useRecheck() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (domain?: string) => api.post<RefreshRun>("/deliverability/refresh", domain ? { domain } : {}),
    onSuccess: () => client.invalidateQueries({ queryKey: deliverabilityKeys.all }),
  });
}

export function useSaveSelector() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ domain, selector }: { domain: string; selector: string | null }) =>
      api.put<RefreshRun>(`/deliverability/domains/${encodeURIComponent(domain)}/dkim-selector`, { selector }),
    onSuccess: () => client.invalidateQueries({ queryKey: deliverabilityKeys.all }),
  });
}

export function useAnalyzeHeaders() {
  return useMutation({ mutationFn: (raw: string) => api.post<HeaderAnalysis>("/deliverability/headers", { raw }) });
}
