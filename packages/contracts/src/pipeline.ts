/**
 * Pipeline health, bottlenecks, forecasts, alerts, actions and deal insights (outreach-core §7
 * "Pipeline"). Every figure carries a `basis`: one sentence saying what it was computed from, so
 * the page can explain each number ("12 won of 40 closed in the last 180 days").
 */
import { z } from "zod";

/** "true"/"false" (also 1/0) in a query string. */
const QueryBool = z
  .enum(["true", "false", "1", "0"])
  .default("true")
  .transform((v) => v === "true" || v === "1");

/**
 * `role=sales_rep` limits every figure to the caller's own deals (owner); any other role, or none,
 * is the workspace's whole pipeline. A caller whose own role is sales_rep always sees their own.
 */
export const PipelineRole = z.enum(["admin", "manager", "developer", "sales_rep", "marketing", "analyst", "support", "viewer"]);
export type PipelineRole = z.infer<typeof PipelineRole>;

export const PipelineScope = z.enum(["all", "own"]);
export type PipelineScope = z.infer<typeof PipelineScope>;

export const PipelineSeverity = z.enum(["low", "medium", "high"]);
export type PipelineSeverity = z.infer<typeof PipelineSeverity>;

/** A number with where it comes from; value is null when there is not enough data to say. */
export const Figure = z.object({ value: z.number().nullable(), basis: z.string() });
export type Figure = z.infer<typeof Figure>;

const Computed = {
  scope: PipelineScope,
  computed_at: z.string(),
  /** True when the answer came from the snapshot cache (pipeline_snapshots). */
  from_cache: z.boolean(),
};

// ---------------------------------------------------------------- queries

export const HealthOverviewQuery = z.object({
  role: PipelineRole.optional(),
  use_cache: QueryBool,
  /** Coverage target (amount to win in the next 90 days); without it the last 90 days' won value is the target. */
  target: z.coerce.number().min(0).max(1e13).optional(),
});
export type HealthOverviewQuery = z.infer<typeof HealthOverviewQuery>;

export const BottlenecksQuery = z.object({
  role: PipelineRole.optional(),
  /** Only bottlenecks at least this severe. */
  severity_threshold: PipelineSeverity.default("low"),
  use_cache: QueryBool,
});
export type BottlenecksQuery = z.infer<typeof BottlenecksQuery>;

export const ForecastMethod = z.enum(["monte_carlo", "weighted", "historical"]);
export type ForecastMethod = z.infer<typeof ForecastMethod>;

export const ForecastQuery = z.object({
  method: ForecastMethod.default("monte_carlo"),
  months_ahead: z.coerce.number().int().min(1).max(24).default(6),
  role: PipelineRole.optional(),
  use_cache: QueryBool,
});
export type ForecastQuery = z.infer<typeof ForecastQuery>;

export const AlertsQuery = z.object({
  /** Only alerts at least this severe. */
  severity: PipelineSeverity.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  role: PipelineRole.optional(),
});
export type AlertsQuery = z.infer<typeof AlertsQuery>;

export const ScopeQuery = z.object({ role: PipelineRole.optional() });
export type ScopeQuery = z.infer<typeof ScopeQuery>;

// ---------------------------------------------------------------- overview

export const StageSummary = z.object({
  stage_id: z.string(),
  name: z.string(),
  position: z.number().int(),
  is_won: z.boolean(),
  is_lost: z.boolean(),
  /** Default probability of the stage, 0–100. */
  probability: z.number(),
  deals: z.number().int(),
  value: z.number(),
  weighted_value: z.number(),
});
export type StageSummary = z.infer<typeof StageSummary>;

export const StageConversion = z.object({
  stage_id: z.string(),
  stage: z.string(),
  /** Deals that entered the stage (stage history, last 180 days). */
  entered: z.number().int(),
  /** Of those, deals that went on to a later open stage or a won stage. */
  advanced: z.number().int(),
  rate: z.number().nullable(),
  basis: z.string(),
});
export type StageConversion = z.infer<typeof StageConversion>;

export const HealthOverview = z.object({
  ...Computed,
  /** Currencies of the deals summed (values are added as stored, without conversion). */
  currencies: z.array(z.string()),
  open_deals: z.number().int(),
  pipeline_value: Figure,
  weighted_value: Figure,
  /** 0–1. */
  win_rate: Figure,
  avg_cycle_days: Figure,
  stages: z.array(StageSummary),
  stage_conversion: z.array(StageConversion),
  coverage: z.object({ target: Figure, ratio: Figure }),
});
export type HealthOverview = z.infer<typeof HealthOverview>;

// ---------------------------------------------------------------- bottlenecks

export const DealRef = z.object({
  id: z.string(),
  name: z.string(),
  value: z.number(),
  currency: z.string(),
  stage_id: z.string(),
  owner_id: z.string().nullable(),
  days_in_stage: z.number(),
  expected_close_date: z.string().nullable(),
});
export type DealRef = z.infer<typeof DealRef>;

export const Bottleneck = z.object({
  stage_id: z.string(),
  stage: z.string(),
  kind: z.enum(["time_in_stage", "conversion"]),
  severity: PipelineSeverity,
  /** What was measured, e.g. "median days in stage of open deals". */
  metric: z.string(),
  value: z.number(),
  baseline: z.number(),
  /** Robust z-score: distance from the baseline in MADs (scaled), the ground for the severity. */
  score: z.number(),
  basis: z.string(),
  deals: z.array(DealRef),
});
export type Bottleneck = z.infer<typeof Bottleneck>;

export const BottlenecksAnswer = z.object({ ...Computed, bottlenecks: z.array(Bottleneck) });
export type BottlenecksAnswer = z.infer<typeof BottlenecksAnswer>;

// ---------------------------------------------------------------- forecast

export const ForecastMonth = z.object({
  /** YYYY-MM. */
  month: z.string(),
  p10: z.number(),
  p50: z.number(),
  p90: z.number(),
  expected: z.number(),
});
export type ForecastMonth = z.infer<typeof ForecastMonth>;

export const Forecast = z.object({
  ...Computed,
  method: ForecastMethod,
  months_ahead: z.number().int(),
  /** Monte Carlo runs; 0 for the weighted and historical methods. */
  runs: z.number().int(),
  open_deals: z.number().int(),
  duration_ms: z.number().nullable(),
  months: z.array(ForecastMonth),
  total: ForecastMonth.omit({ month: true }),
  basis: z.string(),
});
export type Forecast = z.infer<typeof Forecast>;

// ---------------------------------------------------------------- deal health, data quality

export const HealthReason = z.object({
  factor: z.string(),
  /** Points added to (positive) or taken from (negative) the score. */
  impact: z.number(),
  detail: z.string(),
});
export type HealthReason = z.infer<typeof HealthReason>;

export const DealHealth = z.object({
  deal_id: z.string(),
  /** 0–100: 100 is a deal with nothing wrong. */
  score: z.number().int().min(0).max(100),
  grade: z.enum(["healthy", "at_risk", "critical"]),
  reasons: z.array(HealthReason),
  computed_at: z.string(),
});
export type DealHealth = z.infer<typeof DealHealth>;

export const DataQuality = z.object({
  scope: PipelineScope,
  computed_at: z.string(),
  open_deals: z.number().int(),
  missing: z.array(z.object({ field: z.string(), missing: z.number().int(), share: z.number(), basis: z.string() })),
  stale: z.object({ threshold_days: z.number().int(), count: z.number().int(), basis: z.string(), deals: z.array(DealRef) }),
});
export type DataQuality = z.infer<typeof DataQuality>;

// ---------------------------------------------------------------- alerts and actions

export const HealthActionType = z.enum(["reassign", "move_stage", "create_task", "snooze_alert"]);
export type HealthActionType = z.infer<typeof HealthActionType>;

export const SuggestedAction = z.object({
  action_type: HealthActionType,
  label: z.string(),
  /** Parameters known in advance (deal ids, alert key); the person adds the rest (owner, stage). */
  parameters: z.record(z.string(), z.unknown()),
});
export type SuggestedAction = z.infer<typeof SuggestedAction>;

export const Alert = z.object({
  /** Stable for the same condition on the same record: what snooze_alert names. */
  key: z.string(),
  kind: z.enum(["stuck", "overdue_close", "no_owner", "no_next_task", "coverage"]),
  severity: PipelineSeverity,
  title: z.string(),
  detail: z.string(),
  deal_ids: z.array(z.string()),
  actions: z.array(SuggestedAction),
});
export type Alert = z.infer<typeof Alert>;

const DealIds = z.array(z.uuid()).min(1).max(200);

export const HealthAction = z.discriminatedUnion("action_type", [
  z.object({
    action_type: z.literal("reassign"),
    parameters: z.object({ deal_ids: DealIds, owner_id: z.uuid() }),
    reason: z.string().trim().max(1000).optional(),
  }),
  z.object({
    action_type: z.literal("move_stage"),
    parameters: z.object({ deal_ids: DealIds, stage_id: z.uuid() }),
    reason: z.string().trim().max(1000).optional(),
  }),
  z.object({
    action_type: z.literal("create_task"),
    parameters: z.object({
      deal_id: z.uuid(),
      title: z.string().trim().min(1).max(300),
      due_at: z.iso.datetime({ offset: true }).optional(),
      assignee_id: z.uuid().optional(),
      description: z.string().max(5000).optional(),
    }),
    reason: z.string().trim().max(1000).optional(),
  }),
  z.object({
    action_type: z.literal("snooze_alert"),
    parameters: z.object({ alert_key: z.string().min(1).max(200), days: z.number().int().min(1).max(90).default(7) }),
    reason: z.string().trim().max(1000).optional(),
  }),
]);
export type HealthAction = z.infer<typeof HealthAction>;

export const HealthActionResult = z.object({
  action_type: HealthActionType,
  /** Records changed (deals moved or reassigned, tasks created, alerts snoozed). */
  affected: z.number().int(),
  deal_ids: z.array(z.string()),
  task_id: z.string().nullable(),
  alert_key: z.string().nullable(),
  snoozed_until: z.string().nullable(),
  message: z.string(),
});
export type HealthActionResult = z.infer<typeof HealthActionResult>;

// ---------------------------------------------------------------- insights

export const Insight = z.object({
  key: z.string(),
  severity: PipelineSeverity,
  title: z.string(),
  /** The facts behind it, each a sentence with its figures. */
  evidence: z.array(z.string()).min(1),
});
export type Insight = z.infer<typeof Insight>;

export const NextBestAction = Insight.extend({ action: SuggestedAction.nullable() });
export type NextBestAction = z.infer<typeof NextBestAction>;

export const DealInsights = z.object({
  deal_id: z.string(),
  health: DealHealth,
  risks: z.array(Insight),
  next_best_actions: z.array(NextBestAction),
});
export type DealInsights = z.infer<typeof DealInsights>;
