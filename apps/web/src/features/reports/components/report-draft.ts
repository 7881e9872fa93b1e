/** The definition being edited on /report-builder, and the engine query its preview asks. */
import type { DimensionKey, MetricKey, ReportChartType, ReportFilters, ReportPeriod, ReportQuery } from "@prospector/contracts";

export interface Draft {
  metrics: MetricKey[];
  dimensions: DimensionKey[];
  filters: ReportFilters;
  period: ReportPeriod;
  chart: ReportChartType;
}

export const NEW_DRAFT: Draft = {
  metrics: ["sent", "reply_rate"],
  dimensions: ["week"],
  filters: {},
  period: { last_days: 30 },
  chart: "line",
};

const day = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The days a period covers now: UTC days, both ends included; "last N days" ends today (as on the server). */
export function periodDays(period: ReportPeriod, now = new Date()): { from: string; to: string } {
  if ("from" in period) return { from: period.from, to: period.to };
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { from: day(today - (period.last_days - 1) * 86_400_000), to: day(today) };
}

/** Filters without empty lists (the engine reads a missing list as "all"). */
export function cleanFilters(f: ReportFilters): ReportFilters {
  return Object.fromEntries(Object.entries(f).filter(([, v]) => Array.isArray(v) && v.length > 0)) as ReportFilters;
}

export function previewQuery(d: Draft): ReportQuery | null {
  if (d.metrics.length === 0) return null;
  if ("from" in d.period && (!d.period.from || !d.period.to)) return null;
  return { metrics: d.metrics, dimensions: d.dimensions, filters: cleanFilters(d.filters), ...periodDays(d.period), limit: 200 };
}

export function definitionOf(d: Draft) {
  return { ...d, filters: cleanFilters(d.filters) };
}
