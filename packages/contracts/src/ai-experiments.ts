/** Request and response shapes of the AI doctor, causal analytics and the variant bandit (docs/ai/experiments.md). */
import { z } from "zod";
import { ExperimentMetric, TrafficPoint } from "./experiments.ts";

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "A day as YYYY-MM-DD");

// --- The bandit (/ai/reinforcement-learning) ---------------------------------------------------

export const BanditQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(20).default(10),
});
export type BanditQuery = z.infer<typeof BanditQuery>;

/** One variant's posterior on the step's metric: Beta(1 + successes, 1 + sent − successes). */
export const BanditArm = z.object({
  /** 0 = the step itself (A). */
  variant: z.number(),
  label: z.string(),
  subject: z.string(),
  sent: z.number(),
  successes: z.number(),
  alpha: z.number(),
  beta: z.number(),
  /** alpha / (alpha + beta) */
  mean: z.number(),
  /** 95 % equal-tailed credible interval. */
  low: z.number(),
  high: z.number(),
  /** Probability of having the best rate, by seeded Monte Carlo over the posteriors. */
  p_best: z.number(),
  /** Its share of the step's new traffic now (0–1). */
  share: z.number(),
});
export type BanditArm = z.infer<typeof BanditArm>;

export const BanditStep = z.object({
  campaign_id: z.string(),
  campaign_name: z.string(),
  /** 1-based. */
  step: z.number(),
  metric: ExperimentMetric,
  /** The floor as set, and as applied (capped at 1/k). */
  min_share: z.number(),
  floor: z.number(),
  declared_winner: z.number().nullable(),
  arms: z.array(BanditArm),
  /** Posterior densities on a common grid of rates x (one series per arm, same order). */
  density: z.object({ x: z.array(z.number()), y: z.array(z.array(z.number())) }),
  draws: z.number(),
  history: z.array(TrafficPoint),
  weights_at: z.string().nullable(),
});
export type BanditStep = z.infer<typeof BanditStep>;

export const BanditList = z.object({ steps: z.array(BanditStep), total: z.number(), page: z.number(), per_page: z.number() });
export type BanditList = z.infer<typeof BanditList>;

// --- Causal analytics (/ai-tools/causal-analytics) --------------------------------------------

export const CausalOptions = z.object({
  campaigns: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      /** 1-based steps that have variants (randomized comparisons). */
      ab_steps: z.array(z.number()),
      /** Days the campaign was edited (from its activity), newest first, at most 20. */
      changes: z.array(z.object({ day: z.string(), message: z.string() })),
    }),
  ),
});
export type CausalOptions = z.infer<typeof CausalOptions>;

export const CausalAbQuery = z.object({
  campaign_id: z.uuid("Not a valid campaign id"),
  step: z.coerce.number().int("A whole step number").min(1, "Steps start at 1").max(1000),
});
export type CausalAbQuery = z.infer<typeof CausalAbQuery>;

export const CausalCell = z.object({ sent: z.number(), replied: z.number(), rate: z.number().nullable() });
export type CausalCell = z.infer<typeof CausalCell>;

export const CausalEffect = z.object({
  variant: z.number(),
  label: z.string(),
  subject: z.string(),
  cell: CausalCell,
  /** Reply rate difference against A, in percentage points, with its 95 % CI; null without enough data. */
  uplift: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  p_value: z.number().nullable(),
  significant: z.boolean(),
  enough_data: z.boolean(),
});
export type CausalEffect = z.infer<typeof CausalEffect>;

export const CausalAbResult = z.object({
  design: z.literal("randomized_ab"),
  campaign_id: z.string(),
  campaign_name: z.string(),
  step: z.number(),
  control: CausalEffect,
  effects: z.array(CausalEffect),
  min_sends_per_arm: z.number(),
  enough_data: z.boolean(),
  explanation: z.string(),
  caveats: z.array(z.string()),
});
export type CausalAbResult = z.infer<typeof CausalAbResult>;

export const CausalChangeQuery = z.object({
  campaign_id: z.uuid("Not a valid campaign id"),
  date: isoDay,
  window_days: z.coerce.number().int("Whole days").min(7, "At least 7 days").max(90, "At most 90 days").default(28),
});
export type CausalChangeQuery = z.infer<typeof CausalChangeQuery>;

export const CausalChangeResult = z.object({
  design: z.literal("difference_in_differences"),
  campaign_id: z.string(),
  campaign_name: z.string(),
  date: z.string(),
  window_days: z.number(),
  treated: z.object({ before: CausalCell, after: CausalCell }),
  /** The workspace's other campaigns over the same days. */
  comparison: z.object({ campaigns: z.number(), before: CausalCell, after: CausalCell }),
  /** Percentage points: (treated after − before) − (comparison after − before); null without enough data. */
  uplift: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  /** Share of bootstrap resamples on the other side of 0 from the estimate, doubled (two-sided). */
  p_value: z.number().nullable(),
  resamples: z.number(),
  seed: z.number(),
  min_sends_per_cell: z.number(),
  enough_data: z.boolean(),
  explanation: z.string(),
  caveats: z.array(z.string()),
});
export type CausalChangeResult = z.infer<typeof CausalChangeResult>;

// --- The AI doctor (/ai-doctor) ----------------------------------------------------------------

export const DoctorArea = z.enum(["deliverability", "copy", "targeting", "timing"]);
export type DoctorArea = z.infer<typeof DoctorArea>;

export const DoctorSeverity = z.enum(["critical", "warning", "info", "ok"]);
export type DoctorSeverity = z.infer<typeof DoctorSeverity>;

export const DoctorFinding = z.object({
  /** The rule's id, e.g. "deliverability.bounce_rate". */
  rule: z.string(),
  area: DoctorArea,
  severity: DoctorSeverity,
  title: z.string(),
  /** The numbers behind it, each with its n. */
  evidence: z.string(),
  fix: z.string(),
  /** Where it is fixed in the app. */
  link: z.string().nullable(),
});
export type DoctorFinding = z.infer<typeof DoctorFinding>;

export const DoctorAreaResult = z.object({
  area: DoctorArea,
  /** False when the campaign has too little data for this area; `note` says what is missing. */
  enough_data: z.boolean(),
  note: z.string().nullable(),
  findings: z.array(DoctorFinding),
});
export type DoctorAreaResult = z.infer<typeof DoctorAreaResult>;

export const DiagnosisInput = z.object({
  campaign_id: z.uuid("Not a valid campaign id"),
  /** Ask the configured model for a plain-language summary too (ignored without one). */
  summary: z.boolean().default(false),
});
export type DiagnosisInput = z.infer<typeof DiagnosisInput>;

export const Diagnosis = z.object({
  campaign_id: z.string(),
  campaign_name: z.string(),
  campaign_status: z.string(),
  areas: z.array(DoctorAreaResult),
  /** The ledger entry of this diagnosis. */
  action_id: z.string(),
  /** The model's plain-language summary (null without a model or when not asked). */
  summary: z.string().nullable(),
  summary_action_id: z.string().nullable(),
  /** Why there is no summary when one was asked for. */
  summary_note: z.string().nullable(),
  llm_configured: z.boolean(),
  created_at: z.string(),
});
export type Diagnosis = z.infer<typeof Diagnosis>;

export const DoctorCampaignsQuery = z.object({
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type DoctorCampaignsQuery = z.infer<typeof DoctorCampaignsQuery>;

export const DoctorCampaigns = z.object({
  campaigns: z.array(z.object({ id: z.string(), name: z.string(), status: z.string() })),
  next_cursor: z.string().nullable(),
});
export type DoctorCampaigns = z.infer<typeof DoctorCampaigns>;
