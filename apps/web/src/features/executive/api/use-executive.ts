/**
 * What the executive pages read (docs/analytics/executive.md): the command center (refreshed every
 * minute), the boardroom and its PDF, team performance with a member's trend, and user success.
 * Keys live under ["executive"].
 */
import type { Boardroom, CommandCenter, MemberTrend, TeamPerformance, TeamSort, UserSuccess } from "@prospector/contracts";
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from "@tanstack/react-query";
import { api, downloadBlob } from "../../../lib/api-client.ts";

export interface MonthRange {
  from?: string;
  to?: string;
}

export interface TeamParams {
  from?: string;
  to?: string;
  sort: TeamSort;
}

export const executiveKeys = {
  all: ["executive"] as const,
  commandCenter: ["executive", "command-center"] as const,
  boardroom: (r: MonthRange) => ["executive", "boardroom", r] as const,
  team: (p: TeamParams) => ["executive", "team", p] as const,
  trend: (userId: string, p: { from?: string; to?: string }) => ["executive", "trend", userId, p] as const,
  userSuccess: ["executive", "user-success"] as const,
};

/** The command center refreshes itself every 60 s (and when the window regains focus). */
export const COMMAND_CENTER_REFRESH_MS = 60_000;

export function useCommandCenter() {
  return useQuery({
    queryKey: executiveKeys.commandCenter,
    queryFn: ({ signal }) => api.get<CommandCenter>("/analytics/command-center", { signal }),
    refetchInterval: COMMAND_CENTER_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

export function useBoardroom(r: MonthRange) {
  return useQuery({
    queryKey: executiveKeys.boardroom(r),
    queryFn: ({ signal }) => api.get<Boardroom>("/analytics/boardroom", { params: { ...r }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useBoardroomPdf() {
  return useMutation({
    mutationFn: async (r: MonthRange) => {
      const blob = await api.getBlob("/analytics/boardroom.pdf", { params: { ...r } });
      downloadBlob(blob, `boardroom-${r.from ?? "last-12-months"}-to-${r.to ?? "now"}.pdf`);
    },
  });
}

/** Pages of members in the chosen order; "Load more" asks for the next keyset page. */
export function useTeamPerformance(p: TeamParams) {
  return useInfiniteQuery({
    queryKey: executiveKeys.team(p),
    queryFn: ({ signal, pageParam }) =>
      api.get<TeamPerformance>("/analytics/team-performance", { params: { ...p, limit: 50, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function useMemberTrend(userId: string | null, p: { from?: string; to?: string }) {
  return useQuery({
    queryKey: executiveKeys.trend(userId ?? "", p),
    queryFn: ({ signal }) => api.get<MemberTrend>(`/analytics/team-performance/${userId}/trend`, { params: { ...p }, signal }),
    enabled: userId !== null,
  });
}

export function useUserSuccess() {
  return useInfiniteQuery({
    queryKey: executiveKeys.userSuccess,
    queryFn: ({ signal, pageParam }) =>
      api.get<UserSuccess>("/analytics/user-success", { params: { limit: 50, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}
