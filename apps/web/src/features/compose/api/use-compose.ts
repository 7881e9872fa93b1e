/** One-off sends: send one email now (POST /api/compose/send) and the workspace's recently sent list. */
import type { ComposeMessage, ComposeSendRequest, ComposeSentList } from "@prospector/contracts";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { inboxKeys } from "../../inboxes/api/use-inboxes.ts";

export const composeKeys = {
  all: ["compose"] as const,
  sent: (page: number, perPage: number) => [...composeKeys.all, "sent", page, perPage] as const,
};

export function useSentEmails(page: number, perPage: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: composeKeys.sent(page, perPage),
    queryFn: ({ signal }) => api.get<ComposeSentList>("/compose/sent", { params: { page, per_page: perPage }, signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** Resolves with the stored message whatever became of it (sent, local, bounced, failed); refusals reject. */
export function useSendEmail() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ComposeSendRequest) => api.post<ComposeMessage>("/compose/send", input),
    onSettled: () => {
      // The history, and the inboxes' sent-today counts and health.
      void qc.invalidateQueries({ queryKey: composeKeys.all });
      void qc.invalidateQueries({ queryKey: inboxKeys.all });
    },
  });
}
