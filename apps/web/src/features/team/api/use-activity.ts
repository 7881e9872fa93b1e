/** The workspace's activity feed (GET /api/v1/workspaces/{id}/activity): newest first, keyset "Load more". */
import type { ActivityPage } from "@prospector/contracts";
import { useInfiniteQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { teamKeys, wsPath } from "./team-keys.ts";

export interface ActivityFilters {
  /** One kind ("member.joined") or a prefix ending in "." ("member."). */
  kind?: string;
  actor_id?: string;
  /** ISO date-times. */
  since?: string;
  until?: string;
}

export function useActivity(id: string | undefined, filters: ActivityFilters, limit = 50) {
  return useInfiniteQuery({
    enabled: Boolean(id),
    queryKey: teamKeys.activity(id ?? "", { ...filters, limit }),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      api.get<ActivityPage>(wsPath(id ?? "", "/activity"), { params: { ...filters, limit, cursor: pageParam }, signal }),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}
