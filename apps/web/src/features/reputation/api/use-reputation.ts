/**
 * What /reputation-center and /deliverability-game read and do: the subjects with their latest
 * snapshot, one subject's history, the alerts, "refresh now", the history rebuild (a job whose
 * progress is polled while it runs) and the game board. Keys live under ["reputation"].
 */
import type {
  GameBoard,
  ReputationAlertList,
  ReputationBackfill,
  ReputationHistory,
  ReputationOverview,
  SubjectKind,
} from "@prospector/contracts";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const reputationKeys = {
  all: ["reputation"] as const,
  overview: (page: number, perPage: number) => ["reputation", "overview", page, perPage] as const,
  history: (kind: SubjectKind, id: string, days: number) => ["reputation", "history", kind, id, days] as const,
  alerts: (status: string, page: number, perPage: number) => ["reputation", "alerts", status, page, perPage] as const,
  backfill: ["reputation", "backfill"] as const,
  game: (page: number, perPage: number) => ["reputation", "game", page, perPage] as const,
};

const running = (b: ReputationBackfill | undefined) => b?.status === "queued" || b?.status === "running";

export function useReputationOverview(page: number, perPage: number) {
  return useQuery({
    queryKey: reputationKeys.overview(page, perPage),
    queryFn: ({ signal }) => api.get<ReputationOverview>("/reputation/overview", { params: { page, per_page: perPage }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useReputationHistory(kind: SubjectKind | null, id: string | null, days: number) {
  return useQuery({
    queryKey: reputationKeys.history(kind ?? "domain", id ?? "", days),
    queryFn: ({ signal }) => api.get<ReputationHistory>("/reputation/history", { params: { kind, id, days }, signal }),
    enabled: Boolean(kind && id),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useReputationAlerts(status: "open" | "resolved" | "all", page: number, perPage: number) {
  return useQuery({
    queryKey: reputationKeys.alerts(status, page, perPage),
    queryFn: ({ signal }) => api.get<ReputationAlertList>("/reputation/alerts", { params: { status, page, per_page: perPage }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** The rebuild's state, polled every 1.5 s while it is queued or running; every figure is read again when it ends. */
export function useBackfill(initial: ReputationBackfill | undefined) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: reputationKeys.backfill,
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<ReputationBackfill>(reputationKeys.backfill);
      const now = await api.get<ReputationBackfill>("/reputation/backfill", { signal });
      // Everything else of the page is read again; not this query itself (that would cancel this very fetch and start over).
      if (running(before) && !running(now))
        void queryClient.invalidateQueries({ queryKey: reputationKeys.all, predicate: (q) => q.queryKey[1] !== "backfill" });
      return now;
    },
    initialData: initial,
    refetchInterval: (q) => (running(q.state.data) ? 1500 : false),
  });
}

export function useStartBackfill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (days: number) => api.post<ReputationBackfill>("/reputation/backfill", { days }),
    onSuccess: (state) => queryClient.setQueryData(reputationKeys.backfill, state),
  });
}

export function useRefreshReputation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ReputationOverview>("/reputation/refresh"),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reputationKeys.all }),
  });
}

export function useGameBoard(page: number, perPage: number) {
  return useQuery({
    queryKey: reputationKeys.game(page, perPage),
    queryFn: ({ signal }) => api.get<GameBoard>("/reputation/game", { params: { page, per_page: perPage }, signal }),
    placeholderData: keepPreviousData,
  });
}
