/**
 * Customer calls beyond the common ones: the linked lead's campaign history, the customer a lead
 * was converted into, and converting a lead (a customer and a deal in one step).
 */
import type { ConvertLead, ConvertLeadResult, CrmCustomer, CustomerCampaignHistoryEntry } from "@prospector/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { crmKeys } from "./crm-keys.ts";

export function useCampaignHistory(customerId: string, enabled: boolean) {
  return useQuery({
    queryKey: crmKeys.campaignHistory(customerId),
    queryFn: ({ signal }) =>
      api.get<CustomerCampaignHistoryEntry[]>(`/crm/customers/${encodeURIComponent(customerId)}/campaign-history`, { signal }),
    enabled,
  });
}

/** The customer converted from `leadId`, or null when it has not been converted. */
export function useCustomerOfLead(leadId: string, enabled = true) {
  return useQuery({
    enabled: enabled && Boolean(leadId),
    queryKey: crmKeys.customerOfLead(leadId),
    queryFn: async ({ signal }) => {
      const { items } = await api.getList<CrmCustomer>("/crm/customers/", { params: { lead_id: leadId, limit: 1 }, signal });
      return items[0] ?? null;
    },
  });
}

export function useConvertLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConvertLead) => api.post<ConvertLeadResult>("/crm/convert-lead", input),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: crmKeys.all }), queryClient.invalidateQueries({ queryKey: ["leads"] })]),
  });
}
