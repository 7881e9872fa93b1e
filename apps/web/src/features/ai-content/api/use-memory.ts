/**
 * What /memory-intelligence reads (docs/ai/content.md): the lead picker, a lead's timeline (keyset
 * pages, kinds and words filters), its summary, and the workspace-wide search of timeline text.
 */
import type { MemoryLeadPage, MemorySearchPage, TimelineKind, TimelinePage, TimelineSummary } from "@prospector/contracts";
import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export interface TimelineFilter {
  kinds: TimelineKind[];
  q: string;
}

export const memoryKeys = {
  all: ["memory"] as const,
  leads: (q: string) => ["memory", "leads", q] as const,
  timeline: (leadId: string, f: TimelineFilter) => ["memory", "timeline", leadId, f] as const,
  summary: (leadId: string) => ["memory", "summary", leadId] as const,
  search: (q: string) => ["memory", "search", q] as const,
};

export function useMemoryLeads(q: string) {
  return useQuery({
    queryKey: memoryKeys.leads(q),
    queryFn: ({ signal }) => api.get<MemoryLeadPage>("/memory/leads", { params: { q: q || undefined, limit: 20 }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useTimeline(leadId: string | null, f: TimelineFilter) {
  return useInfiniteQuery({
    queryKey: memoryKeys.timeline(leadId ?? "", f),
    queryFn: ({ signal, pageParam }) =>
      api.get<TimelinePage>(`/memory/leads/${leadId}/timeline`, {
        params: { kinds: f.kinds.length ? f.kinds.join(",") : undefined, q: f.q || undefined, limit: 50, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: Boolean(leadId),
    staleTime: 15_000,
  });
}

export function useTimelineSummary(leadId: string | null) {
  return useQuery({
    queryKey: memoryKeys.summary(leadId ?? ""),
    queryFn: ({ signal }) => api.get<TimelineSummary>(`/memory/leads/${leadId}/summary`, { signal }),
    enabled: Boolean(leadId),
    staleTime: 15_000,
  });
}

export function useMemorySearch(q: string) {
  return useInfiniteQuery({
    queryKey: memoryKeys.search(q),
    queryFn: ({ signal, pageParam }) =>
      api.get<MemorySearchPage>("/memory/search", { params: { q, limit: 20, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: q.trim().length >= 2,
    staleTime: 15_000,
  });
}
