/**
 * Contracts of analytics intelligence (docs/analytics/intelligence.md): measurable changes between
 * two periods (insights), own rates against own history and published benchmarks (competitive),
 * and what each lead source turns into (lead source intelligence).
 */
import { z } from "zod";
import type { MetricKey } from "./analytics-engine.ts";

/** A rate with its sample and 95 % Wilson interval (nulls when n is 0). */
export const IntelRate = z.object({
  successes: z.number().int(),
  n: z.number().int(),
  rate: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
});
export type IntelRate = z.infer<typeof IntelRate>;

// ---------------------------------------------------------------- insights

/** The rate metrics the insights test, period against period. */
export const INSIGHT_METRICS = ["reply_rate", "meeting_rate", "open_rate", "click_rate", "bounce_rate", "unsubscribe_rate"] as const;
export const InsightMetric = z.enum(INSIGHT_METRICS, { error: "Unknown metric" });
export type InsightMetric = z.infer<typeof InsightMetric>;

/** Where a change was seen: the whole workspace, one campaign, one inbox, or one step of one campaign. */
export const InsightScope = z.enum(["workspace", "campaign", "inbox", "step"]);
export type InsightScope = z.infer<typeof InsightScope>;

/** Below this denominator in either period a cell is not tested (and not counted as a test). */
export const INSIGHT_MIN_N = 30;
/** The false discovery rate the Benjamini–Hochberg procedure holds. */
export const INSIGHT_FDR = 0.05;

export const InsightFinding = z.object({
  metric: InsightMetric,
  scope: InsightScope,
  /** The campaign, inbox or "campaign:step" the change is in; null for the workspace. */
  key: z.string().nullable(),
  label: z.string(),
  /** The in-app page where it can be looked at. */
  link: z.string(),
  previous: IntelRate,
  current: IntelRate,
  /** current − previous, in rate points (0.05 = 5 points). */
  delta: z.number(),
  direction: z.enum(["up", "down"]),
  /** Up is good for reply/meeting/open/click, bad for bounce and unsubscribe. */
  good: z.boolean(),
  z: z.number(),
  p_value: z.number(),
  /** The Benjamini–Hochberg adjusted p-value over every test of the run. */
  q_value: z.number(),
});
export type InsightFinding = z.infer<typeof InsightFinding>;

export const InsightRunStatus = z.enum(["queued", "running", "completed", "failed"]);
export type InsightRunStatus = z.infer<typeof InsightRunStatus>;

export const InsightRun = z.object({
  id: z.string(),
  status: InsightRunStatus,
  progress: z.number().int(),
  step: z.string().nullable(),
  error: z.string().nullable(),
  period_days: z.number().int(),
  /** Both periods, UTC days, both ends included. */
  current_from: z.string(),
  current_to: z.string(),
  previous_from: z.string(),
  previous_to: z.string(),
  requested_at: z.string(),
  finished_at: z.string().nullable(),
  /** How many tests the correction covered (cells with enough data in both periods). */
  tests: z.number().int(),
  /** Cells skipped for too little data (fewer than INSIGHT_MIN_N in a period). */
  skipped: z.number().int(),
  findings: z.array(InsightFinding),
});
export type InsightRun = z.infer<typeof InsightRun>;

/** GET /api/analytics/intelligence/insights: the latest run (null before the first). */
export const InsightsAnswer = z.object({
  run: InsightRun.nullable(),
  /** Latest completed run when the latest one is still under way or failed. */
  last_completed: InsightRun.nullable(),
  min_n: z.number().int(),
  fdr: z.number(),
  sources: z.record(z.string(), z.string()),
});
export type InsightsAnswer = z.infer<typeof InsightsAnswer>;

/** POST /api/analytics/intelligence/insights/recompute */
export const InsightsRecomputeBody = z.object({
  period_days: z.coerce.number("Enter a number of days").int("Whole days").min(7, "At least 7 days").max(90, "At most 90 days").default(14),
});
export type InsightsRecomputeBody = z.input<typeof InsightsRecomputeBody>;

// ---------------------------------------------------------------- competitive

export const BENCHMARK_METRICS = ["reply_rate", "meeting_rate", "open_rate", "click_rate", "bounce_rate", "unsubscribe_rate"] as const;
export const BenchmarkMetric = z.enum(BENCHMARK_METRICS, { error: "Choose a rate metric" });
export type BenchmarkMetric = z.infer<typeof BenchmarkMetric>;

/** A benchmark older than this many years is flagged. */
export const BENCHMARK_STALE_YEARS = 2;

const rate = (what: string) =>
  z.number(`Enter the ${what} as a fraction (0.085 for 8.5 %)`).min(0, "At least 0").max(1, "At most 1 (100 %)");

/** "2019", "2019-10" or "2019-10-01": as precise as the publication says, no more. */
const PublishedDate = z
  .string("Enter the publication date")
  .regex(/^\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$/, "Use 2019, 2019-10 or 2019-10-01 (as precise as the source says)");

export const BenchmarkInput = z
  .object({
    metric: BenchmarkMetric,
    /** One published figure: low = high. A range: low < high. */
    value_low: rate("value (or the range's low end)"),
    value_high: rate("range's high end"),
    segment: z.string("Enter the segment or industry").trim().min(1, "Enter the segment or industry").max(200, "At most 200 characters"),
    source_name: z.string("Enter the source's name").trim().min(1, "Enter the source's name").max(200, "At most 200 characters"),
    source_url: z.url("Enter the source's web address (https://…)").max(1000, "At most 1000 characters"),
    published: PublishedDate,
    retrieved_on: z.iso.date("Use a date like 2026-01-31"),
    note: z.string().trim().max(1000, "At most 1000 characters").nullable().optional(),
  })
  .refine((b) => b.value_high >= b.value_low, { path: ["value_high"], message: "The high end must not be below the low end" });
export type BenchmarkInput = z.infer<typeof BenchmarkInput>;

export const Benchmark = z.object({
  id: z.string(),
  metric: BenchmarkMetric,
  value_low: z.number(),
  value_high: z.number(),
  segment: z.string(),
  source_name: z.string(),
  source_url: z.string(),
  published: z.string(),
  retrieved_on: z.string(),
  note: z.string().nullable(),
  /** Shipped with Prospector (read-only, shared by every workspace) or added by this workspace. */
  origin: z.enum(["published_seed", "workspace"]),
  /** Whole years between the publication and today. */
  age_years: z.number(),
  stale: z.boolean(),
  updated_at: z.string(),
});
export type Benchmark = z.infer<typeof Benchmark>;

export const BenchmarkList = z.object({ items: z.array(Benchmark), next_cursor: z.string().nullable() });
export type BenchmarkList = z.infer<typeof BenchmarkList>;

export const BenchmarkListQuery = z.object({
  metric: BenchmarkMetric.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
  cursor: z.string().max(200).optional(),
});
export type BenchmarkListQuery = z.input<typeof BenchmarkListQuery>;

/** The own-history comparison of one metric: recent days against the months before. */
export const HistoryComparison = z.object({
  metric: BenchmarkMetric,
  label: z.string(),
  source: z.string(),
  recent: IntelRate,
  history: IntelRate,
  delta: z.number().nullable(),
  z: z.number().nullable(),
  p_value: z.number().nullable(),
  significant: z.boolean(),
  /** The benchmarks for this metric, and where the recent rate sits against each. */
  benchmarks: z.array(
    z.object({
      id: z.string(),
      /** above: the interval's low end is above the range; below: high end under it; within: overlaps. */
      position: z.enum(["above", "within", "below", "no_data"]),
    }),
  ),
});
export type HistoryComparison = z.infer<typeof HistoryComparison>;

export const CompetitiveQuery = z.object({
  recent_days: z.coerce.number("Enter a number of days").int("Whole days").min(7, "At least 7 days").max(90, "At most 90 days").default(30),
  history_days: z.coerce
    .number("Enter a number of days")
    .int("Whole days")
    .min(30, "At least 30 days")
    .max(730, "At most 730 days")
    .default(180),
});
export type CompetitiveQuery = z.input<typeof CompetitiveQuery>;

export const CompetitiveAnswer = z.object({
  recent_from: z.string(),
  recent_to: z.string(),
  history_from: z.string(),
  history_to: z.string(),
  metrics: z.array(HistoryComparison),
  benchmarks: z.array(Benchmark),
  computed_at: z.string(),
});
export type CompetitiveAnswer = z.infer<typeof CompetitiveAnswer>;

// ---------------------------------------------------------------- lead sources

export const LeadSourceQuery = z.object({
  /** Leads added in this range (UTC days, both ends included); their outcomes are counted whenever they happened. */
  from: z.iso.date("Use a date like 2026-01-31").optional(),
  to: z.iso.date("Use a date like 2026-01-31").optional(),
});
export type LeadSourceQuery = z.input<typeof LeadSourceQuery>;

export const LeadSourceRow = z.object({
  source: z.string(),
  label: z.string(),
  leads: z.number().int(),
  contacted: z.number().int(),
  replied: z.number().int(),
  meetings: z.number().int(),
  deals: z.number().int(),
  deals_won: z.number().int(),
  revenue: z.number(),
  /** replied ÷ contacted, meetings ÷ contacted, won ÷ leads with a deal… with their 95 % intervals. */
  contact_rate: IntelRate,
  reply_rate: IntelRate,
  meeting_rate: IntelRate,
  deal_rate: IntelRate,
  win_rate: IntelRate,
});
export type LeadSourceRow = z.infer<typeof LeadSourceRow>;

export const LeadSourceAnswer = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
  rows: z.array(LeadSourceRow),
  totals: LeadSourceRow,
  /** Revenue is summed as stored; deals in other currencies than this are listed apart. */
  currency: z.string(),
  other_currencies: z.array(z.string()),
  sources: z.record(z.string(), z.string()),
  computed_at: z.string(),
});
export type LeadSourceAnswer = z.infer<typeof LeadSourceAnswer>;

/** The metric keys the engine must answer for the insights (counts behind each rate). */
export const INSIGHT_COUNT_METRICS: readonly MetricKey[] = [
  "sent",
  "delivered",
  "bounced",
  "opened",
  "clicked",
  "replied",
  "meetings",
  "unsubscribed",
];
