/**
 * A/B experiments across campaigns (/api/experiments, docs/ab-testing.md): each campaign step with
 * variants is one experiment, with per-variant figures and significance on its metric, a status
 * (collecting, winner, no clear winner), a power estimate of the sends still needed, and how its
 * traffic is split (even, bandit, or all to a declared winner).
 */
import { z } from "zod";
import { ProportionTest, VariantResult } from "./sending.ts";

export const ExperimentMode = z.enum(["even", "bandit"]);
export type ExperimentMode = z.infer<typeof ExperimentMode>;

/** What counts as success: a human open, a human click, or a reply (leads, not events). */
export const ExperimentMetric = z.enum(["reply", "open", "click"]);
export type ExperimentMetric = z.infer<typeof ExperimentMetric>;

export const ExperimentStatus = z.enum(["collecting", "winner", "no_clear_winner"]);
export type ExperimentStatus = z.infer<typeof ExperimentStatus>;

/** Why the traffic shares changed: the bandit recomputed them, the mode changed, a winner was declared or cleared. */
export const TrafficReason = z.enum(["bandit", "mode", "winner", "winner_cleared"]);
export type TrafficReason = z.infer<typeof TrafficReason>;

/** Default exploration floor: each variant keeps at least this share under the bandit. */
export const DEFAULT_MIN_SHARE = 0.1;

export const ExperimentVariant = VariantResult.extend({
  click_rate: z.number(),
  click_test: ProportionTest,
  /** Its share of the step's new traffic now (0–1). */
  share: z.number(),
});
export type ExperimentVariant = z.infer<typeof ExperimentVariant>;

export const TrafficPoint = z.object({ at: z.string(), weights: z.array(z.number()), reason: TrafficReason });
export type TrafficPoint = z.infer<typeof TrafficPoint>;

export const Experiment = z.object({
  /** "<campaign_id>:<step>" */
  id: z.string(),
  campaign_id: z.string(),
  campaign_name: z.string(),
  campaign_status: z.string(),
  /** 1-based step of the sequence. */
  step: z.number(),
  mode: ExperimentMode,
  metric: ExperimentMetric,
  min_share: z.number(),
  /** The declared winner (all traffic goes to it), else null. */
  declared_winner: z.number().nullable(),
  status: ExperimentStatus,
  /** The declared winner, else the variant that wins on the metric at 95% (A when A beats every variant). */
  winner: z.number().nullable(),
  /** p-value of the deciding comparison: the winner's (or, without one, the best variant's) test against A. */
  p_value: z.number().nullable(),
  /** Best rate's relative lift over A on the metric, in percent (null when A has no successes). */
  lift: z.number().nullable(),
  /** Power estimate (95%, 80% power): further sends, all variants together, before a decision; 0 when decided; null before any success. */
  sends_needed: z.number().nullable(),
  sent: z.number(),
  variants: z.array(ExperimentVariant),
  /** The most recent traffic share changes, oldest first (at most 30 here; all of them on the history route). */
  history: z.array(TrafficPoint),
  weights_at: z.string().nullable(),
});
export type Experiment = z.infer<typeof Experiment>;

export const ExperimentListQuery = z.object({
  status: ExperimentStatus.optional(),
  campaign_id: z.uuid("Not a valid campaign id").optional(),
  /** Judge every experiment on this metric instead of its own. */
  metric: ExperimentMetric.optional(),
  mode: ExperimentMode.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export type ExperimentListQuery = z.infer<typeof ExperimentListQuery>;

export const ExperimentSummary = z.object({
  total: z.number(),
  collecting: z.number(),
  winner: z.number(),
  no_clear_winner: z.number(),
  bandit: z.number(),
});
export type ExperimentSummary = z.infer<typeof ExperimentSummary>;

export const ExperimentList = z.object({
  experiments: z.array(Experiment),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
  /** Counts over every experiment of the workspace matching campaign, metric and mode (not status or page). */
  summary: ExperimentSummary,
  /** Campaigns that run experiments, for the filter (newest first, at most 500). */
  campaigns: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type ExperimentList = z.infer<typeof ExperimentList>;

/** PUT /api/experiments/{campaign_id}/{step}: the traffic mode, metric and exploration floor. */
export const ExperimentSettingsInput = z.object({
  mode: ExperimentMode.optional(),
  metric: ExperimentMetric.optional(),
  min_share: z.number().min(0, "At least 0").max(0.5, "At most 0.5 (50%)").optional(),
});
export type ExperimentSettingsInput = z.infer<typeof ExperimentSettingsInput>;

export const DeclareWinnerInput = z.object({ variant: z.number().int().min(0, "Variant 0 (A) or higher") });
export type DeclareWinnerInput = z.infer<typeof DeclareWinnerInput>;

export const TrafficHistoryQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(100),
});
export type TrafficHistoryQuery = z.infer<typeof TrafficHistoryQuery>;

export const TrafficHistory = z.object({ points: z.array(TrafficPoint), total: z.number(), page: z.number(), per_page: z.number() });
export type TrafficHistory = z.infer<typeof TrafficHistory>;
