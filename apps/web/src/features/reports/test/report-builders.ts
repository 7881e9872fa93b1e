/** Test data for /report-builder, typed and parsed by the contracts. */
import {
  AnalyticsCatalog,
  DIMENSION_LABELS,
  type DimensionKey,
  METRICS,
  type MetricKey,
  type ReportDelivery,
  ReportResult,
  type ReportSchedule,
  type SavedReport,
} from "@prospector/contracts";
import { uuid } from "../../../test/kit.ts";

/** The engine's catalogue as GET /api/analytics/catalog answers it (built from the same METRICS). */
export const CATALOG = AnalyticsCatalog.parse({
  metrics: (Object.keys(METRICS) as MetricKey[]).map((key) => ({
    key,
    label: METRICS[key].label,
    kind: METRICS[key].kind,
    source: METRICS[key].source,
    dimensions: [...METRICS[key].dimensions],
  })),
  dimensions: (Object.keys(DIMENSION_LABELS) as DimensionKey[]).map((key) => ({ key, label: DIMENSION_LABELS[key] })),
});

const rate = (k: number, n: number, low: number, high: number) => ({ value: n ? k / n : null, n, low, high });

/** Sent and reply rate by week: two weeks. */
export function weeklyResult(over: { empty?: boolean } = {}): ReportResult {
  const e = over.empty ?? false;
  return ReportResult.parse({
    query: { metrics: ["sent", "reply_rate"], dimensions: ["week"], from: "2026-10-27", to: "2026-11-25" },
    rows: [
      {
        keys: { week: "2026-11-09" },
        labels: { week: "Week of 9 Nov 2026" },
        values: { sent: { value: e ? 0 : 40 }, reply_rate: e ? { value: null, n: 0, low: null, high: null } : rate(6, 40, 0.0706, 0.2913) },
      },
      {
        keys: { week: "2026-11-16" },
        labels: { week: "Week of 16 Nov 2026" },
        values: { sent: { value: e ? 0 : 60 }, reply_rate: e ? { value: null, n: 0, low: null, high: null } : rate(3, 60, 0.0171, 0.1367) },
      },
    ],
    totals: { sent: { value: e ? 0 : 100 }, reply_rate: e ? { value: null, n: 0, low: null, high: null } : rate(9, 100, 0.048, 0.1621) },
    next_cursor: null,
    sources: { sent: METRICS.sent.source, reply_rate: METRICS.reply_rate.source },
    computed_at: null,
  });
}

export function savedReport(over: Partial<SavedReport> = {}): SavedReport {
  return {
    id: uuid(),
    name: "Weekly replies",
    definition: { metrics: ["sent", "reply_rate"], dimensions: ["week"], filters: {}, period: { last_days: 30 }, chart: "line" },
    created_by: { id: uuid(1), name: "Olivia Owner" },
    schedules: 0,
    created_at: "2026-11-20T10:00:00.000Z",
    updated_at: "2026-11-20T10:00:00.000Z",
    ...over,
  };
}

export function schedule(over: Partial<ReportSchedule> = {}): ReportSchedule {
  return {
    id: uuid(),
    report_id: uuid(),
    frequency: "weekly",
    hour: 8,
    weekday: 1,
    monthday: null,
    timezone: "Europe/Paris",
    recipients: ["owner@example.com"],
    format: "pdf",
    enabled: true,
    next_run_at: "2026-11-30T07:00:00.000Z",
    last_run_at: null,
    last_status: null,
    last_error: null,
    created_at: "2026-11-20T10:00:00.000Z",
    ...over,
  };
}

export function delivery(over: Partial<ReportDelivery> = {}): ReportDelivery {
  return {
    id: uuid(),
    schedule_id: uuid(),
    report_id: uuid(),
    report_name: "Weekly replies",
    slot: "2026-11-23T07:00:00.000Z",
    manual: false,
    format: "pdf",
    period_from: "2026-10-25",
    period_to: "2026-11-23",
    rows: 5,
    recipients: [{ email: "owner@example.com", status: "sent", error: null }],
    status: "sent",
    error: null,
    attempts: 1,
    created_at: "2026-11-23T07:00:00.000Z",
    ...over,
  };
}
