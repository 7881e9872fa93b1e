/** The public invitation link (/invite/:token): its preview for anyone, and accepting it when signed in. */
import type { InviteAcceptResult, InvitePreview } from "@prospector/contracts";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { teamKeys } from "./team-keys.ts";

export function useInvitePreview(token: string) {
  return useQuery({
    queryKey: teamKeys.invite(token),
    queryFn: ({ signal }) => api.get<InvitePreview>(`/v1/invites/${encodeURIComponent(token)}`, { signal, report: false }),
    retry: false,
  });
}

export function useAcceptInvite(token: string) {
  return useMutation({
    mutationFn: () => api.post<InviteAcceptResult>(`/v1/invites/${encodeURIComponent(token)}/accept`, {}),
  });
}
