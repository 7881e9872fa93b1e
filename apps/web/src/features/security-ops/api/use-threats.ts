/**
 * What /security/threat-detection and /security/threat-analytics read and do (docs/security-operations.md):
 * alerts in keyset pages, one alert with its evidence, acknowledge/resolve/dismiss, the rules and
 * their thresholds, detection runs with their progress, the sign-in log and the analytics.
 * Keys live under ["threats"].
 */
import type {
  AlertSeverity,
  AlertStatus,
  DetectionRun,
  DetectionStatus,
  SecurityAlertAction,
  SecurityAlertDetail,
  SecurityAlertPage,
  SecurityEventPage,
  SecurityRuleId,
  SecurityRuleList,
  SecurityRuleUpdate,
  ThreatAnalytics,
} from "@prospector/contracts";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export interface AlertFilters {
  status?: AlertStatus;
  rule?: SecurityRuleId;
  severity?: AlertSeverity;
}

export const threatKeys = {
  all: ["threats"] as const,
  alerts: (f: AlertFilters, cursor: string | undefined) => ["threats", "alerts", f, cursor ?? null] as const,
  alert: (id: string) => ["threats", "alert", id] as const,
  rules: ["threats", "rules"] as const,
  detection: ["threats", "detection"] as const,
  events: (cursor: string | undefined) => ["threats", "events", cursor ?? null] as const,
  analytics: (days: number) => ["threats", "analytics", days] as const,
};

export const ALERTS_PAGE = 25;

export function useAlerts(filters: AlertFilters, cursor: string | undefined) {
  return useQuery({
    queryKey: threatKeys.alerts(filters, cursor),
    queryFn: ({ signal }) => api.get<SecurityAlertPage>("/security/alerts", { params: { ...filters, limit: ALERTS_PAGE, cursor }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

export function useAlert(id: string | null) {
  return useQuery({
    queryKey: threatKeys.alert(id ?? ""),
    queryFn: ({ signal }) => api.get<SecurityAlertDetail>(`/security/alerts/${id}`, { signal }),
    enabled: Boolean(id),
  });
}

export function useAlertAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; action: SecurityAlertAction; note?: string }) =>
      api.post<SecurityAlertDetail>(`/security/alerts/${v.id}/${v.action}`, v.note ? { note: v.note } : {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: threatKeys.all }),
  });
}

export function useRules() {
  return useQuery({ queryKey: threatKeys.rules, queryFn: ({ signal }) => api.get<SecurityRuleList>("/security/rules", { signal }) });
}

export function useUpdateRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { rule: SecurityRuleId; body: SecurityRuleUpdate }) => api.put<SecurityRuleList>(`/security/rules/${v.rule}`, v.body),
    onSuccess: (list) => queryClient.setQueryData(threatKeys.rules, list),
  });
}

/** The latest run; polled every 2 s while one is queued or running. */
export function useDetectionStatus() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: threatKeys.detection,
    queryFn: async ({ signal }) => {
      const status = await api.get<DetectionStatus>("/security/detection", { signal });
      if (status.latest?.status === "done") void queryClient.invalidateQueries({ queryKey: ["threats", "alerts"] });
      return status;
    },
    refetchInterval: (q) => (q.state.data?.latest && ["queued", "running"].includes(q.state.data.latest.status) ? 2000 : false),
  });
}

export function useRunDetection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<DetectionRun>("/security/detection/run", {}),
    onSuccess: (run) =>
      queryClient.setQueryData<DetectionStatus>(threatKeys.detection, (old) => ({ latest: run, geoip: old?.geoip ?? null })),
  });
}

export function useSignInLog(cursor: string | undefined) {
  return useQuery({
    queryKey: threatKeys.events(cursor),
    queryFn: ({ signal }) => api.get<SecurityEventPage>("/security/events", { params: { limit: 25, cursor }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useThreatAnalytics(days: 7 | 30 | 90) {
  return useQuery({
    queryKey: threatKeys.analytics(days),
    queryFn: ({ signal }) => api.get<ThreatAnalytics>("/security/analytics", { params: { days }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
