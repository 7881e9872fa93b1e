/**
 * Follows a background job (import, enrichment, scraping) until it ends: the team socket pushes
 * progress as it happens, and the job is polled as well in case the socket is down or a message
 * was missed (faster while the socket is not open).
 */
import { type QueryKey, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { useSocketEvent, useSocketStatus } from "../../../lib/use-socket.tsx";

export const ACTIVE_JOB_STATUSES = new Set(["queued", "running"]);
export const POLL_WITH_SOCKET_MS = 5_000;
export const POLL_WITHOUT_SOCKET_MS = 1_500;

export function isActiveJob(job: { status: string } | undefined): boolean {
  return Boolean(job && ACTIVE_JOB_STATUSES.has(job.status));
}

export function useJobProgress<T extends { id: string; status: string }>(options: {
  key: QueryKey;
  /** API path of the job, e.g. /leads/import-jobs/{id}. */
  path: string | null;
  /** Socket event type carrying {id, status, progress, …}. */
  event: string;
  id: string | null;
  /** A finished job's first answer, to show without waiting for a fetch. */
  initial?: T;
}) {
  const queryClient = useQueryClient();
  const socketStatus = useSocketStatus();
  const query = useQuery({
    queryKey: options.key,
    queryFn: ({ signal }) => api.get<T>(options.path ?? "", { signal }),
    enabled: Boolean(options.path && options.id),
    initialData: options.initial,
    staleTime: 0,
    refetchInterval: (q) =>
      isActiveJob(q.state.data as T | undefined) ? (socketStatus === "open" ? POLL_WITH_SOCKET_MS : POLL_WITHOUT_SOCKET_MS) : false,
  });
  useSocketEvent<Partial<T> & { id: string }>(options.event, (payload) => {
    if (!payload || payload.id !== options.id) return;
    queryClient.setQueryData<T>(options.key, (old) => (old ? { ...old, ...payload } : old));
    // Progress messages carry counters only; the finished job (errors, results) comes from the API.
    if (payload.status && !ACTIVE_JOB_STATUSES.has(payload.status)) void queryClient.invalidateQueries({ queryKey: options.key });
  });
  return query;
}
