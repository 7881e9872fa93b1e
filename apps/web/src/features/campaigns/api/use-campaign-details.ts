/**
 * What the campaign page and the wizard read besides the campaign: metrics, trends, real-time
 * figures, the lead table, the send queue with wait reasons, the sent-message log, activity, launch checks, previews,
 * lead membership and email generation.
 */
import type {
  CampaignActivityEntry,
  CampaignLeadList,
  CampaignLeadsResult,
  CampaignMeeting,
  CampaignMetrics,
  CampaignPreview,
  CampaignQueue,
  CampaignRealTime,
  CampaignTrends,
  EmailGenerationRequest,
  GeneratedEmail,
  MessageLog,
  MessageStatus,
  ValidateLaunchResult,
} from "@prospector/contracts";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { campaignKeys } from "./campaign-keys.ts";
import { CampaignCallError } from "./use-campaigns.ts";

const path = (id: string, rest: string) => `/campaigns/${encodeURIComponent(id)}/${rest}`;

export function useCampaignMetrics(id: string) {
  return useQuery({
    queryKey: campaignKeys.sub(id, "metrics"),
    queryFn: ({ signal }) => api.get<CampaignMetrics>(path(id, "metrics"), { signal }),
    // §9: metrics are cached for 30 seconds.
    staleTime: 30_000,
    refetchInterval: 30_000,
  });
}

export function useRefreshMetrics(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CampaignMetrics>(path(id, "metrics/refresh")),
    onSuccess: (m) => {
      qc.setQueryData(campaignKeys.sub(id, "metrics"), m);
      // The refresh dropped the server's cached figures: the day-by-day series is recomputed too.
      void qc.invalidateQueries({ queryKey: campaignKeys.sub(id, "trends") });
    },
  });
}

export function useCampaignTrends(id: string, days: number) {
  return useQuery({
    queryKey: campaignKeys.sub(id, "trends", days),
    queryFn: ({ signal }) => api.get<CampaignTrends>(path(id, "trends"), { params: { days }, signal }),
    placeholderData: keepPreviousData,
    // On the metrics' rhythm: a campaign that is sending must not show figures above an empty chart.
    staleTime: 30_000,
    refetchInterval: 30_000,
  });
}

export function useCampaignRealTime(id: string) {
  return useQuery({
    queryKey: campaignKeys.sub(id, "real-time"),
    queryFn: ({ signal }) => api.get<CampaignRealTime>(path(id, "real-time"), { signal }),
    refetchInterval: 15_000,
    staleTime: 5_000,
  });
}

export function useCampaignLeads(id: string, page: number, perPage: number, state?: string) {
  return useQuery({
    queryKey: campaignKeys.sub(id, "leads", { page, perPage, state }),
    queryFn: ({ signal }) => api.get<CampaignLeadList>(path(id, "leads"), { params: { page, per_page: perPage, state }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** Marks a meeting booked with a lead of the campaign (booked: false takes the mark back); the lead table, the figures and the activity refresh. */
export function useMeetingMark(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ leadId, booked }: { leadId: string; booked: boolean }) => {
      const url = path(id, `leads/${encodeURIComponent(leadId)}/meeting`);
      try {
        if (booked) await api.post<CampaignMeeting>(url);
        else await api.delete<void>(url);
      } catch (error) {
        throw new CampaignCallError(error, booked ? "mark the meeting" : "take the meeting mark back");
      }
    },
    onSettled: () => qc.invalidateQueries({ queryKey: campaignKeys.detail(id) }),
  });
}

export function useCampaignQueue(id: string, page: number, perPage: number) {
  return useQuery({
    queryKey: campaignKeys.sub(id, "queue", { page, perPage }),
    queryFn: ({ signal }) => api.get<CampaignQueue>(path(id, "queue"), { params: { page, per_page: perPage }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export interface MessageLogParams {
  page: number;
  perPage: number;
  status?: MessageStatus;
  step?: number;
  search?: string;
}

export function useCampaignMessages(id: string, { page, perPage, status, step, search }: MessageLogParams) {
  return useQuery({
    queryKey: campaignKeys.sub(id, "messages", { page, perPage, status, step, search }),
    queryFn: ({ signal }) =>
      api.get<MessageLog>(path(id, "messages"), { params: { page, per_page: perPage, status, step, search: search || undefined }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useCampaignActivity(id: string) {
  return useQuery({
    queryKey: campaignKeys.sub(id, "activity"),
    queryFn: ({ signal }) => api.get<CampaignActivityEntry[]>(path(id, "activity"), { params: { limit: 50 }, signal }),
    staleTime: 10_000,
  });
}

export function useValidateLaunch(id: string, enabled = true) {
  return useQuery({
    queryKey: campaignKeys.sub(id, "validate-launch"),
    queryFn: ({ signal }) => api.get<ValidateLaunchResult>(path(id, "validate-launch"), { signal }),
    enabled,
    staleTime: 0,
  });
}

export function useCampaignPreview(id: string, params: { lead_id?: string; step: number; variant: number }) {
  return useQuery({
    queryKey: campaignKeys.sub(id, "preview", params),
    queryFn: ({ signal }) => api.get<CampaignPreview>(path(id, "preview"), { params: { ...params }, signal }),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 0,
  });
}

/** Adds or removes leads; the answer names the ones skipped and why. */
export function useCampaignMembership(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ op, leadIds }: { op: "add" | "remove"; leadIds: string[] }) => {
      try {
        const body = { lead_ids: leadIds };
        return op === "add"
          ? await api.post<CampaignLeadsResult>(path(id, "leads"), body)
          : await api.delete<CampaignLeadsResult>(path(id, "leads"), { body });
      } catch (error) {
        throw new CampaignCallError(error, op === "add" ? "add leads" : "remove leads");
      }
    },
    onSettled: () =>
      Promise.all([qc.invalidateQueries({ queryKey: campaignKeys.detail(id) }), qc.invalidateQueries({ queryKey: ["leads"] })]),
  });
}

export function useGenerateEmail() {
  return useMutation({
    mutationFn: async (input: EmailGenerationRequest) => {
      try {
        return await api.post<GeneratedEmail>("/campaigns/generate-email", input);
      } catch (error) {
        throw new CampaignCallError(error, "generate the email");
      }
    },
  });
}
