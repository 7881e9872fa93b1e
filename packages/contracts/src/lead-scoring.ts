/**
 * Contracts of predictive lead scoring (docs/analytics/lead-scoring.md): a logistic regression trained
 * on the workspace's own outcomes, its weights, cross-validated AUC and calibration, the training job,
 * and the ranked predictions with each lead's reasons.
 */
import { z } from "zod";

/** What the model predicts: a person's reply (auto-replies and bots excluded) or a meeting. */
export const LeadScoreTarget = z.enum(["reply", "meeting"]);
export type LeadScoreTarget = z.infer<typeof LeadScoreTarget>;

/** The minimum data a model is trained on (refused below: 409 LEAD_SCORING_NOT_ENOUGH_DATA). */
export const LEAD_SCORE_MINIMUM = { contacted: 200, positives: 20, negatives: 20 } as const;

export const LeadScoreDataCounts = z.object({
  target: LeadScoreTarget,
  days: z.number().int(),
  /** Leads with at least one delivered campaign message in the window. */
  contacted: z.number().int(),
  /** Of those, leads with the target outcome. */
  positives: z.number().int(),
  negatives: z.number().int(),
  needed: z.object({ contacted: z.number().int(), positives: z.number().int(), negatives: z.number().int() }),
  enough: z.boolean(),
});
export type LeadScoreDataCounts = z.infer<typeof LeadScoreDataCounts>;

export const LeadScoreWeight = z.object({
  /** Stable name, e.g. "seniority=director", "title:founder", "has_phone". */
  feature: z.string(),
  /** What a person reads: "Seniority: director". */
  label: z.string(),
  group: z.string(),
  kind: z.enum(["intercept", "category", "flag", "keyword", "numeric"]),
  /** Log-odds per unit (per standard deviation for numeric features). */
  weight: z.number(),
  odds_ratio: z.number(),
  /** Training examples where the feature is present (non-zero). */
  support: z.number().int(),
});
export type LeadScoreWeight = z.infer<typeof LeadScoreWeight>;

export const CalibrationBin = z.object({
  bin: z.number().int(),
  n: z.number().int(),
  predicted: z.number(),
  observed: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
});
export type CalibrationBin = z.infer<typeof CalibrationBin>;

export const RocPoint = z.object({ fpr: z.number(), tpr: z.number() });
export type RocPoint = z.infer<typeof RocPoint>;

export const LeadScoreModelSummary = z.object({
  id: z.uuid(),
  version: z.number().int(),
  kind: z.literal("lead_score"),
  status: z.enum(["active", "retired"]),
  target: LeadScoreTarget,
  training_from: z.string(),
  training_to: z.string(),
  n: z.number().int(),
  positives: z.number().int(),
  cv_auc: z.number().nullable(),
  trained_at: z.string(),
});
export type LeadScoreModelSummary = z.infer<typeof LeadScoreModelSummary>;

export const LeadScoreModel = LeadScoreModelSummary.extend({
  fold_aucs: z.array(z.number().nullable()),
  /** L2 penalty on every weight but the intercept. */
  lambda: z.number(),
  iterations: z.number().int(),
  weights: z.array(LeadScoreWeight),
  calibration: z.array(CalibrationBin),
  roc: z.array(RocPoint),
  /** Leads holding a prediction of this model. */
  scored_leads: z.number().int(),
  scored_at: z.string().nullable(),
});
export type LeadScoreModel = z.infer<typeof LeadScoreModel>;

export const LeadScoreTrainStatus = z.enum(["queued", "running", "done", "failed"]);
export type LeadScoreTrainStatus = z.infer<typeof LeadScoreTrainStatus>;

export const LeadScoreTrainJob = z.object({
  id: z.uuid(),
  status: LeadScoreTrainStatus,
  /** What the job is doing now, for the progress line. */
  stage: z.string(),
  progress: z.number().min(0).max(100),
  target: LeadScoreTarget,
  days: z.number().int(),
  error: z.string().nullable(),
  model_version: z.number().int().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type LeadScoreTrainJob = z.infer<typeof LeadScoreTrainJob>;

/** GET /api/lead-scoring/model: the active model, the history and the data the next training would use. */
export const LeadScoreOverview = z.object({
  active: LeadScoreModel.nullable(),
  history: z.array(LeadScoreModelSummary),
  data: LeadScoreDataCounts,
  latest_job: LeadScoreTrainJob.nullable(),
});
export type LeadScoreOverview = z.infer<typeof LeadScoreOverview>;

export const LeadScoreOverviewQuery = z.object({
  target: LeadScoreTarget.default("reply"),
  days: z.coerce
    .number()
    .int("days must be a whole number")
    .min(30, "days must be at least 30")
    .max(730, "days must be at most 730")
    .default(365),
});
export type LeadScoreOverviewQuery = z.infer<typeof LeadScoreOverviewQuery>;

export const LeadScoreTrainInput = z.object({
  target: LeadScoreTarget.default("reply"),
  days: z.number().int("days must be a whole number").min(30, "days must be at least 30").max(730, "days must be at most 730").default(365),
});
export type LeadScoreTrainInput = z.infer<typeof LeadScoreTrainInput>;

export const LeadContribution = z.object({
  feature: z.string(),
  label: z.string(),
  /** Log-odds added by this feature for this lead (weight × value). */
  value: z.number(),
});
export type LeadContribution = z.infer<typeof LeadContribution>;

export const LeadPrediction = z.object({
  lead_id: z.uuid(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  company: z.string().nullable(),
  title: z.string().nullable(),
  probability: z.number(),
  contacted: z.boolean(),
  /** The three largest contributions, by size. */
  reasons: z.array(LeadContribution),
  model_version: z.number().int(),
  scored_at: z.string(),
});
export type LeadPrediction = z.infer<typeof LeadPrediction>;

const bool = z
  .enum(["true", "false"], { error: "uncontacted must be true or false" })
  .transform((v) => v === "true")
  .default(true);

export const LeadPredictionsQuery = z.object({
  uncontacted: bool,
  limit: z.coerce
    .number()
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(100, "limit must be at most 100")
    .default(20),
  cursor: z.string().max(200, "cursor is too long").optional(),
});
export type LeadPredictionsQuery = z.input<typeof LeadPredictionsQuery>;

export const LeadPredictionPage = z.object({
  items: z.array(LeadPrediction),
  next_cursor: z.string().nullable(),
  /** Leads the active model ranks under this filter. */
  total: z.number().int(),
  model: LeadScoreModelSummary,
});
export type LeadPredictionPage = z.infer<typeof LeadPredictionPage>;

/** GET /api/lead-scoring/leads/:id: one lead's probability and every contribution. */
export const LeadScoreExplanation = z.object({
  lead_id: z.uuid(),
  probability: z.number(),
  contacted: z.boolean(),
  /** The intercept's log-odds: where every lead starts. */
  baseline: z.number(),
  contributions: z.array(LeadContribution),
  model: LeadScoreModelSummary,
  scored_at: z.string(),
});
export type LeadScoreExplanation = z.infer<typeof LeadScoreExplanation>;
