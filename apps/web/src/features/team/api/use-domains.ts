/** Domain verification of one workspace (shell §4: a start and a check step; §7 domain/verify). */
import type { DomainVerification, DomainVerificationList, DomainVerifyRequest } from "@prospector/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { teamKeys, wsPath } from "./team-keys.ts";

export function useDomains(id: string | undefined, enabled = true) {
  return useQuery({
    enabled: Boolean(id) && enabled,
    queryKey: teamKeys.domains(id ?? ""),
    queryFn: ({ signal }) => api.get<DomainVerificationList>(wsPath(id ?? "", "/domains"), { signal }),
  });
}

function useDomainMutation<V, R>(id: string, fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.domains(id) }) });
}

export const useStartDomainVerification = (id: string) =>
  useDomainMutation(id, (input: DomainVerifyRequest) => api.post<DomainVerification>(wsPath(id, "/domain/verify"), input));

/** Runs the check now; the answer carries the new status and, when it failed, why in plain words. */
export const useCheckDomain = (id: string) =>
  useDomainMutation(id, (verificationId: string) =>
    api.get<DomainVerification>(wsPath(id, `/domain/verify/${encodeURIComponent(verificationId)}`)),
  );

export const useRemoveDomain = (id: string) =>
  useDomainMutation(id, (domain: string) => api.delete<void>(wsPath(id, `/domain/${encodeURIComponent(domain)}`)));
