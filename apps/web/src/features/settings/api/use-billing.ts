/** Billing under /api/user-settings/billing: the overview (plan, usage, invoices, address), plan changes, address and renewal. */
import type { BillingAddress, BillingOverview, ChangePlanRequest } from "@prospector/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { settingsKeys } from "./settings-keys.ts";

const BASE = "/user-settings/billing";

/** The overview's key, request and freshness (shared with the dashboard's early start). */
export const billingOverviewQuery = {
  queryKey: settingsKeys.billing(),
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get<BillingOverview>(BASE, { signal, retry503: false, report: false }),
  staleTime: 30_000,
  retry: false,
} as const;

export function useBillingOverview(options: { enabled?: boolean; refetchInterval?: number | false } = {}) {
  return useQuery({ ...billingOverviewQuery, enabled: options.enabled ?? true, refetchInterval: options.refetchInterval });
}

function useSetOverview() {
  const queryClient = useQueryClient();
  return (overview: BillingOverview) => {
    queryClient.setQueryData(settingsKeys.billing(), overview);
    // The plan shows in the session (top bar, dashboard) and limits the leads counter.
    void queryClient.invalidateQueries({ queryKey: ["auth"] });
    void queryClient.invalidateQueries({ queryKey: ["leads", "count"] });
  };
}

export function useChangePlan() {
  const setOverview = useSetOverview();
  return useMutation({
    mutationFn: (body: ChangePlanRequest) => api.post<BillingOverview>(`${BASE}/plan`, body, { report: false }),
    onSuccess: setOverview,
  });
}

export function useSetAutoRenew() {
  const setOverview = useSetOverview();
  return useMutation({
    mutationFn: (autoRenew: boolean) => api.put<BillingOverview>(`${BASE}/auto-renew`, { autoRenew }, { report: false }),
    onSuccess: setOverview,
  });
}

export function useSaveBillingAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (address: BillingAddress) => api.put<BillingAddress>(`${BASE}/address`, address, { report: false }),
    onSuccess: (address) =>
      queryClient.setQueryData<BillingOverview>(settingsKeys.billing(), (old) => (old ? { ...old, billingAddress: address } : old)),
  });
}
