/**
 * What /kill-switch and /capacity-planning read and do: the kill switch's state (refreshed every
 * few seconds while the page is open), the campaigns and inboxes that can be stopped, the history,
 * holding and resuming; the capacity plan and the deadline calculator. Keys live under
 * ["sending-ops"], so a hold or resume refreshes everything, the capacity plan included.
 */
import type {
  CapacityCalcResult,
  CapacityPlan,
  Hold,
  HoldCreate,
  HoldHistory,
  HoldScope,
  HoldTargetList,
  KillSwitchState,
} from "@prospector/contracts";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const sendingOpsKeys = {
  all: ["sending-ops"] as const,
  state: () => ["sending-ops", "state"] as const,
  targets: (scope: "inbox" | "campaign", page: number, perPage: number, search: string) =>
    ["sending-ops", "targets", scope, page, perPage, search] as const,
  history: (page: number, perPage: number, scope: HoldScope | "") => ["sending-ops", "history", page, perPage, scope] as const,
  capacity: () => ["sending-ops", "capacity"] as const,
  calculator: (q: CalculatorInput) => ["sending-ops", "calculator", q] as const,
};

/** How often the state refreshes while the page is open: the sender may start or stop at any time. */
export const STATE_REFRESH_MS = 10_000;

export function useKillSwitchState() {
  return useQuery({
    queryKey: sendingOpsKeys.state(),
    queryFn: ({ signal }) => api.get<KillSwitchState>("/kill-switch", { signal }),
    refetchInterval: STATE_REFRESH_MS,
  });
}

export function useHoldTargets(scope: "inbox" | "campaign", page: number, perPage: number, search: string) {
  return useQuery({
    queryKey: sendingOpsKeys.targets(scope, page, perPage, search),
    queryFn: ({ signal }) =>
      api.get<HoldTargetList>("/kill-switch/targets", {
        params: { scope, page: page + 1, per_page: perPage, search: search || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useHoldHistory(page: number, perPage: number, scope: HoldScope | "") {
  return useQuery({
    queryKey: sendingOpsKeys.history(page, perPage, scope),
    queryFn: ({ signal }) =>
      api.get<HoldHistory>("/kill-switch/history", { params: { page: page + 1, per_page: perPage, scope: scope || undefined }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePlaceHold() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: HoldCreate) => api.post<Hold>("/kill-switch/holds", input),
    onSettled: () => client.invalidateQueries({ queryKey: sendingOpsKeys.all }),
  });
}

export function useReleaseHold() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note?: string }) => api.post<Hold>(`/kill-switch/holds/${id}/release`, note ? { note } : {}),
    onSettled: () => client.invalidateQueries({ queryKey: sendingOpsKeys.all }),
  });
}

export function useCapacityPlan() {
  return useQuery({
    queryKey: sendingOpsKeys.capacity(),
    queryFn: ({ signal }) => api.get<CapacityPlan>("/capacity-planning", { signal }),
    staleTime: 30_000,
  });
}

export interface CalculatorInput {
  campaign_id?: string;
  deadline: string;
  cap: number;
  min_gap_seconds: number;
}

/** Asked only once the form is submitted (`input` null before). */
export function useCapacityCalculator(input: CalculatorInput | null) {
  return useQuery({
    queryKey: sendingOpsKeys.calculator(input ?? { deadline: "", cap: 0, min_gap_seconds: 0 }),
    queryFn: ({ signal }) =>
      api.get<CapacityCalcResult>("/capacity-planning/calculator", { params: { ...(input as CalculatorInput) }, signal }),
    enabled: input !== null,
    retry: false,
  });
}
