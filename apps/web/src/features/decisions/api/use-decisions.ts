/**
 * What /collaboration/decisions reads and changes (docs/team-decisions.md): the keyset-paged log
 * with counts per status, one decision, its thread, the link picker, and every action on a
 * decision. Each action answers the whole decision, which replaces the cached one; lists refresh.
 */
import type {
  Decision,
  DecisionCreateInput,
  DecisionEvent,
  DecisionLinkable,
  DecisionLinkKind,
  DecisionPage,
  DecisionStatus,
  DecisionThread,
  DecisionUpdateInput,
} from "@prospector/contracts";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const PAGE_SIZE = 20;

export interface DecisionFilters {
  status: DecisionStatus;
  mineToVote: boolean;
  search: string;
  sort: "newest" | "due";
  link?: { kind: DecisionLinkKind; id: string };
}

export const decisionKeys = {
  all: ["decisions"] as const,
  lists: () => [...decisionKeys.all, "list"] as const,
  list: (f: DecisionFilters, cursor: string | undefined) => [...decisionKeys.lists(), f, cursor ?? null] as const,
  detail: (id: string) => [...decisionKeys.all, "detail", id] as const,
  thread: (id: string) => [...decisionKeys.all, "thread", id] as const,
  linkable: (kind: DecisionLinkKind, search: string) => [...decisionKeys.all, "linkable", kind, search] as const,
};

export function useDecisionList(f: DecisionFilters, cursor: string | undefined) {
  return useQuery({
    queryKey: decisionKeys.list(f, cursor),
    queryFn: ({ signal }) =>
      api.get<DecisionPage>("/decisions", {
        params: {
          status: f.status,
          mine_to_vote: f.mineToVote || undefined,
          search: f.search || undefined,
          sort: f.sort,
          link_kind: f.link?.kind,
          link_id: f.link?.id,
          limit: PAGE_SIZE,
          cursor,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useDecision(id: string) {
  return useQuery({
    queryKey: decisionKeys.detail(id),
    queryFn: ({ signal }) => api.get<Decision>(`/decisions/${id}`, { signal }),
    // Others vote while the page is open: a light refresh keeps the tallies current.
    refetchInterval: 30_000,
  });
}

export function useDecisionThread(id: string) {
  return useQuery({
    queryKey: decisionKeys.thread(id),
    queryFn: ({ signal }) => api.get<DecisionThread>(`/decisions/${id}/comments`, { params: { limit: 200 }, signal }),
    refetchInterval: 30_000,
  });
}

export function useLinkable(kind: DecisionLinkKind, search: string, enabled: boolean) {
  return useQuery({
    queryKey: decisionKeys.linkable(kind, search),
    queryFn: ({ signal }) => api.get<DecisionLinkable>("/decisions/linkable", { params: { kind, search: search || undefined }, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

function useSettled() {
  const qc = useQueryClient();
  return (d: Decision) => {
    qc.setQueryData(decisionKeys.detail(d.id), d);
    void qc.invalidateQueries({ queryKey: decisionKeys.lists() });
    void qc.invalidateQueries({ queryKey: decisionKeys.thread(d.id) });
  };
}

export function useCreateDecision() {
  const settled = useSettled();
  return useMutation({ mutationFn: (body: DecisionCreateInput) => api.post<Decision>("/decisions", body), onSuccess: settled });
}

export function useUpdateDecision(id: string) {
  const settled = useSettled();
  return useMutation({ mutationFn: (body: DecisionUpdateInput) => api.patch<Decision>(`/decisions/${id}`, body), onSuccess: settled });
}

export function useVote(id: string) {
  const settled = useSettled();
  return useMutation({
    mutationFn: (body: { option_id: string; comment?: string } | null) =>
      body ? api.put<Decision>(`/decisions/${id}/votes`, body) : api.delete<Decision>(`/decisions/${id}/votes`),
    onSuccess: settled,
  });
}

export type DecisionAction =
  | { kind: "decide"; option_id: string; rationale: string }
  | { kind: "reopen"; reason: string }
  | { kind: "cancel"; reason?: string };

export function useDecisionAction(id: string) {
  const settled = useSettled();
  return useMutation({
    mutationFn: ({ kind, ...body }: DecisionAction) => api.post<Decision>(`/decisions/${id}/${kind}`, body),
    onSuccess: settled,
  });
}

export function useComment(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => api.post<DecisionEvent>(`/decisions/${id}/comments`, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: decisionKeys.thread(id) }),
  });
}
