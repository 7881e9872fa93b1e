/** Sending inboxes: list (with health), one, connect, edit, pause/resume, delete and the connection test. */
import type { Inbox, InboxCreate, InboxList, InboxTestResult, InboxUpdate } from "@prospector/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const inboxKeys = {
  all: ["inboxes"] as const,
  list: () => [...inboxKeys.all, "list"] as const,
};

const path = (id: string) => `/inboxes/${encodeURIComponent(id)}`;

export function useInboxes() {
  return useQuery({
    queryKey: inboxKeys.list(),
    queryFn: ({ signal }) => api.get<InboxList>("/inboxes", { signal }),
    staleTime: 15_000,
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: inboxKeys.all });
}

export function useCreateInbox() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (input: InboxCreate) => api.post<Inbox>("/inboxes", input), onSuccess: () => invalidate() });
}

export function useUpdateInbox() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: InboxUpdate }) => api.put<Inbox>(path(id), input),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteInbox() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: string) => api.delete<void>(path(id)), onSuccess: () => invalidate() });
}

export function useTestInbox() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: string) => api.post<InboxTestResult>(`${path(id)}/test`), onSettled: () => invalidate() });
}
