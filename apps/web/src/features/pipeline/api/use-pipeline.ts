/**
 * What /pipeline reads and does (outreach-core §7 "Pipeline"): health overview, bottlenecks, the
 * forecast, alerts and data quality for the whole workspace or only the caller's deals
 * (role=sales_rep), and the alert actions. Keys live under ["pipeline"], so an action refreshes all.
 */
import type {
  Alert,
  BottlenecksAnswer,
  CrmDeal,
  DataQuality,
  Forecast,
  ForecastMethod,
  HealthAction,
  HealthActionResult,
  HealthOverview,
} from "@prospector/contracts";
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** Whose deals the figures are about: everyone's, or the caller's own (the API's role=sales_rep). */
export type PipelineView = "all" | "own";

export const MONTHS_AHEAD = 6;
export const ALERTS_SHOWN = 10;

const roleParam = (view: PipelineView) => (view === "own" ? { role: "sales_rep" } : {});

export const pipelineKeys = {
  all: ["pipeline"] as const,
  overview: (view: PipelineView) => ["pipeline", "overview", view] as const,
  bottlenecks: (view: PipelineView) => ["pipeline", "bottlenecks", view] as const,
  forecast: (view: PipelineView, method: ForecastMethod) => ["pipeline", "forecast", view, method] as const,
  alerts: (view: PipelineView) => ["pipeline", "alerts", view] as const,
  dataQuality: (view: PipelineView) => ["pipeline", "data-quality", view] as const,
};

const options = { placeholderData: keepPreviousData, staleTime: 30_000 } as const;

export function useHealthOverview(view: PipelineView) {
  return useQuery({
    queryKey: pipelineKeys.overview(view),
    queryFn: ({ signal }) => api.get<HealthOverview>("/pipeline/health/overview", { params: roleParam(view), signal }),
    ...options,
  });
}

export function useBottlenecks(view: PipelineView) {
  return useQuery({
    queryKey: pipelineKeys.bottlenecks(view),
    queryFn: ({ signal }) => api.get<BottlenecksAnswer>("/pipeline/bottlenecks", { params: roleParam(view), signal }),
    ...options,
  });
}

export function useForecast(view: PipelineView, method: ForecastMethod) {
  return useQuery({
    queryKey: pipelineKeys.forecast(view, method),
    queryFn: ({ signal }) =>
      api.get<Forecast>("/pipeline/forecasts/precomputed", {
        params: { method, months_ahead: MONTHS_AHEAD, ...roleParam(view) },
        signal,
      }),
    ...options,
  });
}

export function useAlerts(view: PipelineView) {
  return useQuery({
    queryKey: pipelineKeys.alerts(view),
    queryFn: ({ signal }) => api.get<Alert[]>("/pipeline/health/alerts", { params: { limit: ALERTS_SHOWN, ...roleParam(view) }, signal }),
    ...options,
  });
}

export function useDataQuality(view: PipelineView) {
  return useQuery({
    queryKey: pipelineKeys.dataQuality(view),
    queryFn: ({ signal }) => api.get<DataQuality>("/pipeline/health/data-quality", { params: roleParam(view), signal }),
    ...options,
  });
}

/** Runs an alert's action (audited on the server), then every pipeline figure is read again. */
export function useHealthAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: HealthAction) => api.post<HealthActionResult>("/pipeline/health/actions", action),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pipelineKeys.all }),
  });
}

/** At most this many deals are looked up by id to name the alerts' links. */
export const NAMED_DEALS = 25;

/**
 * Names of deals the alerts link to and the page does not know from elsewhere (GET
 * /api/crm/deals/{id}, one cheap read each, cached): a link says "Acme renewal", not "Deal 2".
 * A deal that cannot be read (gone, not allowed) keeps the generic label.
 */
export function useDealNames(ids: string[], enabled: boolean): Map<string, string> {
  const unique = [...new Set(ids)].slice(0, NAMED_DEALS);
  const results = useQueries({
    queries: unique.map((id) => ({
      queryKey: ["pipeline", "deal-name", id] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) => api.get<CrmDeal>(`/crm/deals/${encodeURIComponent(id)}`, { signal, report: false }),
      enabled,
      staleTime: 5 * 60_000,
      retry: false,
    })),
  });
  const names = new Map<string, string>();
  results.forEach((r, i) => {
    if (r.data) names.set(unique[i]!, r.data.name);
  });
  return names;
}
