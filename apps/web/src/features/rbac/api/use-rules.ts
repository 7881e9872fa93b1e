/** Policy rules, feature flags, access requests and the decision tester. */
import type { AccessRequest, CheckRequest, CheckResult, FeatureFlag, FeatureFlagInput, Policy, PolicyInput } from "@prospector/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { RBAC, rbacKeys } from "./rbac-keys.ts";

export function usePolicies() {
  return useQuery({ queryKey: rbacKeys.policies(), queryFn: ({ signal }) => api.get<Policy[]>(`${RBAC}/policies`, { signal }) });
}

export function useSavePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: PolicyInput }) =>
      id ? api.put<Policy>(`${RBAC}/policies/${encodeURIComponent(id)}`, input) : api.post<Policy>(`${RBAC}/policies`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rbacKeys.all }),
  });
}

export function useDeletePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`${RBAC}/policies/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rbacKeys.all }),
  });
}

export function useFlags() {
  return useQuery({ queryKey: rbacKeys.flags(), queryFn: ({ signal }) => api.get<FeatureFlag[]>(`${RBAC}/features`, { signal }) });
}

export function useSaveFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, input }: { key: string; input: FeatureFlagInput }) =>
      api.put<FeatureFlag>(`${RBAC}/features/${encodeURIComponent(key)}`, input),
    // The saved flag replaces the listed one at once (a slider or switch must not jump back while the list reloads).
    onSuccess: (saved) => {
      queryClient.setQueryData<FeatureFlag[]>(rbacKeys.flags(), (old) =>
        old?.some((f) => f.key === saved.key) ? old.map((f) => (f.key === saved.key ? saved : f)) : [...(old ?? []), saved],
      );
      return queryClient.invalidateQueries({ queryKey: rbacKeys.flags() });
    },
  });
}

export function useAccessRequests(enabled = true) {
  return useQuery({
    enabled,
    queryKey: rbacKeys.requests(),
    queryFn: ({ signal }) => api.get<AccessRequest[]>(`${RBAC}/access-requests`, { signal }),
  });
}

export function useDecideRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve, note }: { id: string; approve: boolean; note?: string }) =>
      api.post<AccessRequest>(`${RBAC}/access-requests/${encodeURIComponent(id)}/${approve ? "approve" : "reject"}`, note ? { note } : {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rbacKeys.all }),
  });
}

export function useCheckDecision() {
  return useMutation({ mutationFn: (body: CheckRequest) => api.post<CheckResult>(`${RBAC}/check/detailed`, body) });
}
