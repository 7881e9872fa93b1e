/** The local mailbox (GET /api/mailbox, GET /api/mailbox/{id}): system mail kept on this instance. */
import type { MailboxList, MailDetail, MailStatus } from "@prospector/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export interface MailboxFilter {
  page: number;
  per_page: number;
  status?: MailStatus;
  to?: string;
}

export const mailboxKeys = {
  all: ["mailbox"] as const,
  list: (filter: MailboxFilter) => [...mailboxKeys.all, "list", filter] as const,
  detail: (id: string) => [...mailboxKeys.all, "detail", id] as const,
};

export function useMailbox(filter: MailboxFilter) {
  return useQuery({
    queryKey: mailboxKeys.list(filter),
    queryFn: ({ signal }) => api.get<MailboxList>("/mailbox", { params: { ...filter }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useMailMessage(id: string | null) {
  return useQuery({
    queryKey: mailboxKeys.detail(id ?? ""),
    queryFn: ({ signal }) => api.get<MailDetail>(`/mailbox/${encodeURIComponent(id!)}`, { signal }),
    enabled: id !== null,
  });
}
