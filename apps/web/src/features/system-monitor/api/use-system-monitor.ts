/**
 * What /system-monitor and /system/edge-cases read and do (docs/operations.md, "System monitor" and
 * "Failure modes"): job queues, a queue's failures in keyset pages, retries, the sampled history,
 * error groups and one group, the failure-mode catalogue. Keys live under ["system-monitor"].
 */
import type {
  ClientErrorType,
  EdgeCaseList,
  ErrorGroupDetail,
  ErrorGroupList,
  FailedJobPage,
  MonitorHistory,
  MonitorRange,
  QueueList,
  RetryJobsResult,
} from "@prospector/contracts";
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const systemMonitorKeys = {
  all: ["system-monitor"] as const,
  queues: ["system-monitor", "queues"] as const,
  failures: (name: string) => ["system-monitor", "failures", name] as const,
  history: (range: MonitorRange) => ["system-monitor", "history", range] as const,
  errors: (range: MonitorRange, type: ClientErrorType | undefined, cursor: string | undefined) =>
    ["system-monitor", "errors", range, type ?? null, cursor ?? null] as const,
  group: (id: string, range: MonitorRange) => ["system-monitor", "group", id, range] as const,
  edgeCases: ["system-monitor", "edge-cases"] as const,
};

export const ERROR_PAGE_SIZE = 20;
export const FAILURE_PAGE_SIZE = 20;

export function useQueues() {
  return useQuery({
    queryKey: systemMonitorKeys.queues,
    queryFn: ({ signal }) => api.get<QueueList>("/system-monitor/queues", { signal }),
    refetchInterval: 30_000,
    staleTime: 10_000,
  });
}

export function useFailures(name: string | null) {
  return useInfiniteQuery({
    queryKey: systemMonitorKeys.failures(name ?? ""),
    queryFn: ({ pageParam, signal }) =>
      api.get<FailedJobPage>(`/system-monitor/queues/${encodeURIComponent(name ?? "")}/failures`, {
        params: { limit: FAILURE_PAGE_SIZE, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: Boolean(name),
  });
}

export function useRetryJobs(name: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (jobId?: string) =>
      api.post<RetryJobsResult>(`/system-monitor/queues/${encodeURIComponent(name)}/retry`, jobId ? { job_id: jobId } : {}),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: systemMonitorKeys.queues });
      void qc.invalidateQueries({ queryKey: systemMonitorKeys.failures(name) });
    },
  });
}

export function useMonitorHistory(range: MonitorRange) {
  return useQuery({
    queryKey: systemMonitorKeys.history(range),
    queryFn: ({ signal }) => api.get<MonitorHistory>("/system-monitor/history", { params: { range }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useErrorGroups(range: MonitorRange, type: ClientErrorType | undefined, cursor: string | undefined) {
  return useQuery({
    queryKey: systemMonitorKeys.errors(range, type, cursor),
    queryFn: ({ signal }) =>
      api.get<ErrorGroupList>("/system-monitor/errors", { params: { range, type, cursor, limit: ERROR_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useErrorGroup(id: string | null, range: MonitorRange) {
  return useQuery({
    queryKey: systemMonitorKeys.group(id ?? "", range),
    queryFn: ({ signal }) =>
      api.get<ErrorGroupDetail>(`/system-monitor/errors/${encodeURIComponent(id ?? "")}`, { params: { range }, signal }),
    enabled: Boolean(id),
    staleTime: 30_000,
  });
}

export function useEdgeCases() {
  return useQuery({
    queryKey: systemMonitorKeys.edgeCases,
    queryFn: ({ signal }) => api.get<EdgeCaseList>("/system/edge-cases", { signal }),
    refetchInterval: 30_000,
    staleTime: 10_000,
  });
}
