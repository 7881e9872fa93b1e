/**
 * The CRM task API as /task-planning reads it: every task due in the view's window (paged 200 at a
 * time, up to PLANNING_CAP), the workload per member, and moving a task (reschedule, reassign)
 * through PUT /api/crm/tasks/{id}. Keys sit under the CRM's, so a change anywhere refreshes both.
 */
import type { CrmTask, CrmTaskUpdate, CrmTaskWorkload } from "@prospector/contracts";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, type QueryParams } from "../../../lib/api-client.ts";
import { crmKeys } from "../../crm/api/crm-keys.ts";

export const PLANNING_PAGE = 200;
/** The most tasks one view loads; past it the page says how many it left out. */
export const PLANNING_CAP = 1000;

export const planningKeys = {
  tasks: (query: QueryParams) => [...crmKeys.records("tasks"), "planning", query] as const,
  workload: (from: string, to: string) => [...crmKeys.records("tasks"), "workload", from, to] as const,
};

export function usePlannedTasks(query: QueryParams) {
  return useQuery({
    queryKey: planningKeys.tasks(query),
    queryFn: async ({ signal }) => {
      const items: CrmTask[] = [];
      let total = 0;
      for (let skip = 0; skip < PLANNING_CAP; skip += PLANNING_PAGE) {
        const page = await api.getList<CrmTask>("/crm/tasks/", {
          params: { ...query, sort: "due_date", skip, limit: PLANNING_PAGE },
          signal,
        });
        items.push(...page.items);
        total = page.total;
        if (items.length >= total || page.items.length < PLANNING_PAGE) break;
      }
      return { items, total };
    },
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useTaskWorkload(from: string, to: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: planningKeys.workload(from, to),
    queryFn: ({ signal }) => api.get<CrmTaskWorkload>("/crm/tasks/workload", { params: { from, to }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useMoveTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: CrmTaskUpdate }) => api.put<CrmTask>(`/crm/tasks/${encodeURIComponent(id)}`, patch),
    onSettled: () => queryClient.invalidateQueries({ queryKey: crmKeys.all }),
  });
}
