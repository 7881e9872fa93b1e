/**
 * The same few calls for every CRM record under /api/crm/{record}/: the paged list (total from
 * X-Total-Count), one record, create, update, delete and bulk delete. A write refreshes every CRM
 * query: records link to each other (a deal shows on its customer, a task on its deal).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, type QueryParams } from "../../../lib/api-client.ts";
import { type CrmRecord, crmKeys } from "./crm-keys.ts";

const base = (record: CrmRecord) => `/crm/${record}/`;
const one = (record: CrmRecord, id: string) => `/crm/${record}/${encodeURIComponent(id)}`;

export function useRecordList<T>(record: CrmRecord, query: QueryParams, enabled = true) {
  return useQuery({
    queryKey: crmKeys.list(record, query),
    queryFn: ({ signal }) => api.getList<T>(base(record), { params: query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    enabled,
  });
}

/** Records linked to another one (`by` is the filter, e.g. customer_id), newest first, the first 50. */
export function useRelated<T>(record: CrmRecord, by: string, id: string | null | undefined, extra: QueryParams = {}) {
  return useQuery({
    queryKey: [...crmKeys.related(record, by, id ?? ""), extra],
    queryFn: ({ signal }) => api.getList<T>(base(record), { params: { [by]: id ?? "", limit: 50, ...extra }, signal }),
    enabled: Boolean(id),
  });
}

export function useRecord<T>(record: CrmRecord, id: string | null) {
  return useQuery({
    queryKey: crmKeys.detail(record, id ?? ""),
    queryFn: ({ signal }) => api.get<T>(one(record, id ?? ""), { signal }),
    enabled: Boolean(id),
    retry: false,
  });
}

export function useInvalidateCrm() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: crmKeys.all });
}

export function useCreateRecord<T, I>(record: CrmRecord) {
  const invalidate = useInvalidateCrm();
  return useMutation({
    mutationFn: (input: I) => api.post<T>(base(record), input),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateRecord<T, I>(record: CrmRecord, id: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateCrm();
  return useMutation({
    mutationFn: (input: I) => api.put<T>(one(record, id), input),
    onSuccess: (saved) => {
      queryClient.setQueryData(crmKeys.detail(record, id), saved);
      return invalidate();
    },
  });
}

export function useDeleteRecord(record: CrmRecord) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, params }: { id: string; params?: QueryParams }) => api.delete<void>(one(record, id), { params }),
    // Everything but the deleted record's own queries: its drawer is closing, asking again would be a 404.
    onSuccess: (_, { id }) => queryClient.invalidateQueries({ queryKey: crmKeys.all, predicate: (q) => !q.queryKey.includes(id) }),
  });
}

export function useBulkDeleteRecords<R>(record: CrmRecord) {
  const invalidate = useInvalidateCrm();
  return useMutation({
    mutationFn: ({ ids, params }: { ids: string[]; params?: QueryParams }) =>
      api.post<R>(`${base(record)}bulk-delete`, { ids }, { params }),
    onSettled: () => invalidate(),
  });
}
