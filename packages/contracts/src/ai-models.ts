/** Request and response shapes of the workspace's own models: registry, versions, deployments, drift and the feature store (docs/ai/models.md). */
import { z } from "zod";

/** The tasks a workspace has a model for. */
export const AiModelTask = z.enum(["lead_score", "send_time", "reply_intent"]);
export type AiModelTask = z.infer<typeof AiModelTask>;

/** Tasks whose versions are rows of ml_models (trained, deployable). */
export const TrainedModelTask = z.enum(["lead_score", "send_time"]);
export type TrainedModelTask = z.infer<typeof TrainedModelTask>;

/** A deploy of a version whose cross-validated AUC is below this is refused unless forced with a reason. */
export const AI_MODEL_AUC_FLOOR = 0.6;
/** Population stability index thresholds: at or above WATCH the feature is watched, at or above DRIFT it has drifted. */
export const PSI_WATCH = 0.1;
export const PSI_DRIFT = 0.25;

export const AiModelWeight = z.object({ column: z.string(), label: z.string(), weight: z.number(), support: z.number().int() });
export type AiModelWeight = z.infer<typeof AiModelWeight>;

/** One version of a trained model (ml_models row). */
export const AiModelVersion = z.object({
  id: z.uuid(),
  task: TrainedModelTask,
  version: z.number().int(),
  status: z.enum(["active", "retired"]),
  target: z.string(),
  training_from: z.string(),
  training_to: z.string(),
  n: z.number().int(),
  positives: z.number().int(),
  /** Cross-validated AUC (lead_score) or the time-holdout AUC (send_time). */
  cv_auc: z.number().nullable(),
  fold_aucs: z.array(z.number().nullable()),
  /** Number of weights (columns, or weekday × hour cells). */
  size: z.number().int(),
  trained_at: z.string(),
  trained_by: z.string().nullable(),
});
export type AiModelVersion = z.infer<typeof AiModelVersion>;

export const AiModelVersionDetail = AiModelVersion.extend({ weights: z.array(AiModelWeight) });
export type AiModelVersionDetail = z.infer<typeof AiModelVersionDetail>;

/** The built-in reply classifier as the registry sees it (reply-intent's model info). */
export const BuiltinModelInfo = z.object({
  version: z.string(),
  /** Accuracy on the classifier's own labelled test corpus. */
  accuracy: z.number().nullable(),
  corpus_size: z.number().int(),
  /** Share of the workspace's classified replies a person did not correct. */
  agreement: z.number().nullable(),
  corrections: z.number().int(),
  classified: z.number().int(),
});
export type BuiltinModelInfo = z.infer<typeof BuiltinModelInfo>;

export const RegistryEntry = z.object({
  task: AiModelTask,
  label: z.string(),
  trainable: z.boolean(),
  /** How the metric is measured, for the column header and tooltips. */
  metric: z.string(),
  live: AiModelVersion.nullable(),
  versions: z.number().int(),
  builtin: BuiltinModelInfo.nullable(),
  /** Why there is no live model, and how to get one. */
  empty_reason: z.string().nullable(),
});
export type RegistryEntry = z.infer<typeof RegistryEntry>;

export const AiModelRegistry = z.object({ tasks: z.array(RegistryEntry), auc_floor: z.number() });
export type AiModelRegistry = z.infer<typeof AiModelRegistry>;

export const AiModelVersionsQuery = z.object({
  task: TrainedModelTask.default("lead_score"),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(200).optional(),
});
export type AiModelVersionsQuery = z.infer<typeof AiModelVersionsQuery>;

export const AiModelVersionPage = z.object({ items: z.array(AiModelVersion), next_cursor: z.string().nullable() });
export type AiModelVersionPage = z.infer<typeof AiModelVersionPage>;

/** ml_models.version is a PostgreSQL integer: a larger number is no version, not a database error. */
const ModelVersion = z.number().int().min(1).max(2_147_483_647);

export const AiModelVersionParams = z.object({ task: TrainedModelTask, version: z.coerce.number().pipe(ModelVersion) });

export const AiModelTaskParams = z.object({ task: TrainedModelTask });

/** POST /api/ai-models/:task/train (send_time; lead_score trains on /predictive-analytics). */
export const SendTimeTrainInput = z.object({ days: z.number().int().min(7).max(730).default(180) });
export type SendTimeTrainInput = z.infer<typeof SendTimeTrainInput>;

export const SendTimeTrainAccepted = z.object({ queued: z.boolean(), days: z.number().int() });
export type SendTimeTrainAccepted = z.infer<typeof SendTimeTrainAccepted>;

export const DeployInput = z
  .object({
    version: ModelVersion,
    force: z.boolean().default(false),
    reason: z.string().trim().max(500).default(""),
  })
  .refine((v) => !v.force || v.reason.length > 0, { path: ["reason"], message: "A forced deploy needs a reason" });
export type DeployInput = z.infer<typeof DeployInput>;

export const RollbackInput = z.object({ reason: z.string().trim().max(500).default("") });
export type RollbackInput = z.infer<typeof RollbackInput>;

export const DeploymentAction = z.enum(["deploy", "rollback"]);
export type DeploymentAction = z.infer<typeof DeploymentAction>;

export const AiModelDeployment = z.object({
  id: z.uuid(),
  task: TrainedModelTask,
  from_version: z.number().int().nullable(),
  to_version: z.number().int(),
  action: DeploymentAction,
  forced: z.boolean(),
  reason: z.string(),
  by: z.string().nullable(),
  at: z.string(),
});
export type AiModelDeployment = z.infer<typeof AiModelDeployment>;

export const AiModelDeploymentsQuery = z.object({
  task: TrainedModelTask.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(200).optional(),
});
export type AiModelDeploymentsQuery = z.infer<typeof AiModelDeploymentsQuery>;

export const AiModelDeploymentPage = z.object({ items: z.array(AiModelDeployment), next_cursor: z.string().nullable() });
export type AiModelDeploymentPage = z.infer<typeof AiModelDeploymentPage>;

/** What a deploy or rollback did. */
export const DeployResult = z.object({ deployment: AiModelDeployment, live: AiModelVersion, rescore_queued: z.boolean() });
export type DeployResult = z.infer<typeof DeployResult>;

export const DriftStatus = z.enum(["stable", "watch", "drift"]);
export type DriftStatus = z.infer<typeof DriftStatus>;

export const FeatureDrift = z.object({ feature: z.string(), label: z.string(), psi: z.number(), status: DriftStatus });
export type FeatureDrift = z.infer<typeof FeatureDrift>;

/** One drift snapshot: the live model's training population against the leads contacted in [window_from, day]. */
export const DriftSnapshot = z.object({
  id: z.uuid(),
  day: z.string(),
  window_days: z.number().int(),
  model_version: z.number().int(),
  n: z.number().int(),
  training_n: z.number().int(),
  prediction_psi: z.number().nullable(),
  max_feature_psi: z.number().nullable(),
  status: DriftStatus,
  features: z.array(FeatureDrift),
  /** AUC of the model's scores on leads contacted since its deployment whose outcome is known. */
  realized_auc: z.number().nullable(),
  realized_n: z.number().int(),
  realized_positives: z.number().int(),
  computed_at: z.string(),
});
export type DriftSnapshot = z.infer<typeof DriftSnapshot>;

export const DriftQuery = z.object({ days: z.coerce.number().int().min(7).max(365).default(60) });
export type DriftQuery = z.infer<typeof DriftQuery>;

export const DriftOverview = z.object({
  model: AiModelVersion.nullable(),
  deployed_at: z.string().nullable(),
  thresholds: z.object({ watch: z.number(), drift: z.number() }),
  latest: DriftSnapshot.nullable(),
  /** Oldest first: the chart's series. */
  snapshots: z.array(DriftSnapshot),
});
export type DriftOverview = z.infer<typeof DriftOverview>;

export const FeatureDefinition = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(["category", "flag", "keyword", "numeric"]),
  source: z.string(),
  /** Leads of the workspace with a value in the source column, and their share. */
  with_value: z.number().int(),
  coverage: z.number().nullable(),
  distinct_values: z.number().int(),
  /** Columns the live model encodes from this feature (0 without a model). */
  model_columns: z.number().int(),
});
export type FeatureDefinition = z.infer<typeof FeatureDefinition>;

export const FeatureFreshness = z.object({
  leads: z.number().int(),
  scored: z.number().int(),
  /** Leads changed after their last scoring. */
  changed_since_scoring: z.number().int(),
  unscored: z.number().int(),
  oldest_score: z.string().nullable(),
  newest_score: z.string().nullable(),
});
export type FeatureFreshness = z.infer<typeof FeatureFreshness>;

export const FeatureStore = z.object({
  model: AiModelVersion.nullable(),
  features: z.array(FeatureDefinition),
  freshness: FeatureFreshness,
});
export type FeatureStore = z.infer<typeof FeatureStore>;

export const FeatureVectorQuery = z.object({ lead: z.string().trim().min(1, "Give a lead id or email address").max(320) });
export type FeatureVectorQuery = z.infer<typeof FeatureVectorQuery>;

export const FeatureVector = z.object({
  lead_id: z.uuid(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  updated_at: z.string(),
  raw: z.array(z.object({ feature: z.string(), label: z.string(), value: z.string().nullable() })),
  /** The live model's encoding of the lead: every non-zero column with its weight and contribution (log-odds). */
  encoded: z.array(z.object({ column: z.string(), label: z.string(), value: z.number(), weight: z.number(), contribution: z.number() })),
  model_version: z.number().int().nullable(),
  probability: z.number().nullable(),
  stored_probability: z.number().nullable(),
  scored_at: z.string().nullable(),
  stale: z.boolean(),
});
export type FeatureVector = z.infer<typeof FeatureVector>;
