/**
 * What /system-health/* reads (docs/operations.md, "System health pages"): the current status of
 * each component, the sampled history over a range (at most 300 points) and the infrastructure
 * facts. Instance admins only; anyone else gets 403 INSTANCE_ADMIN_REQUIRED. Keys under ["system-health"].
 */
import type { SystemHistory, SystemHistoryRange, SystemInfrastructure, SystemStatus } from "@prospector/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { ApiError } from "../../../lib/errors.ts";

export const systemHealthKeys = {
  status: ["system-health", "status"] as const,
  history: (range: SystemHistoryRange) => ["system-health", "history", range] as const,
  infrastructure: ["system-health", "infrastructure"] as const,
};

/** A 403 is an answer (not an administrator), never retried. */
const retry = (count: number, error: unknown) => !(error instanceof ApiError && error.status === 403) && count < 2;

export function useSystemStatus() {
  return useQuery({
    queryKey: systemHealthKeys.status,
    queryFn: ({ signal }) => api.get<SystemStatus>("/system-health/status", { signal }),
    refetchInterval: 30_000,
    retry,
  });
}

export function useSystemHistory(range: SystemHistoryRange) {
  return useQuery({
    queryKey: systemHealthKeys.history(range),
    queryFn: ({ signal }) => api.get<SystemHistory>("/system-health/history", { params: { range }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
    retry,
  });
}

export function useSystemInfrastructure() {
  return useQuery({
    queryKey: systemHealthKeys.infrastructure,
    queryFn: ({ signal }) => api.get<SystemInfrastructure>("/system-health/infrastructure", { signal }),
    retry,
  });
}

export const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;
