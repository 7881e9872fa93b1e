/**
 * Tables of lead scoring: trained models (generic: a `kind` column, so the model registry of issue 17
 * can list other kinds beside "lead_score"), training jobs with their progress, and the active
 * model's prediction per lead (ranked by probability through one index per filter).
 */
import type { CalibrationBin, LeadContribution, LeadScoreTarget, LeadScoreTrainStatus, RocPoint } from "@prospector/contracts";
import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, ts } from "../../db/columns.ts";
import { users } from "../identity/identity.table.ts";
import { leads } from "../leads/leads.table.ts";
import { workspaces } from "../organizations/organizations.table.ts";

/** How a model turns a lead into numbers (see lead-scoring.features.ts); stored so scoring uses the training's encoding. */
export interface EncoderSpec {
  categories: Record<string, string[]>;
  keywords: string[];
  numeric: { name: string; mean: number; sd: number }[];
  /** Column names in weight order, column 0 the intercept. */
  columns: string[];
}

export interface ModelMetrics {
  foldAucs: (number | null)[];
  calibration: CalibrationBin[];
  roc: RocPoint[];
  lambda: number;
  iterations: number;
  support: number[];
}

export const mlModels = pgTable(
  "ml_models",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    version: integer("version").notNull(),
    status: text("status").$type<"active" | "retired">().notNull(),
    target: text("target").$type<LeadScoreTarget>().notNull(),
    features: jsonb("features").$type<EncoderSpec>().notNull(),
    weights: jsonb("weights").$type<number[]>().notNull(),
    metrics: jsonb("metrics").$type<ModelMetrics>().notNull(),
    trainingFrom: ts("training_from").notNull(),
    trainingTo: ts("training_to").notNull(),
    n: integer("n").notNull(),
    positives: integer("positives").notNull(),
    cvAuc: doublePrecision("cv_auc"),
    trainedAt: ts("trained_at").notNull(),
    /** Leads sent to or changed before this instant have a current prediction (the rescoring watermark). */
    scoredAt: ts("scored_at"),
    trainedBy: uuid("trained_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("ml_models_ws_kind_version_uq").on(t.workspaceId, t.kind, t.version),
    index("ml_models_ws_kind_status_idx").on(t.workspaceId, t.kind, t.status),
  ],
);

export const leadScoreTrainJobs = pgTable(
  "lead_score_train_jobs",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    status: text("status").$type<LeadScoreTrainStatus>().notNull().default("queued"),
    stage: text("stage").notNull().default("Waiting for a worker"),
    progress: integer("progress").notNull().default(0),
    target: text("target").$type<LeadScoreTarget>().notNull(),
    days: integer("days").notNull(),
    error: text("error"),
    modelId: uuid("model_id").references(() => mlModels.id, { onDelete: "set null" }),
    requestedBy: uuid("requested_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    startedAt: ts("started_at"),
    finishedAt: ts("finished_at"),
  },
  (t) => [index("lead_score_train_jobs_ws_created_idx").on(t.workspaceId, t.createdAt)],
);

/** One prediction per lead and model kind; replaced when the lead is rescored or a new model is trained. */
export const leadPredictions = pgTable(
  "lead_predictions",
  {
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    kind: text("kind").notNull().default("lead_score"),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    modelId: uuid("model_id")
      .notNull()
      .references(() => mlModels.id, { onDelete: "cascade" }),
    probability: doublePrecision("probability").notNull(),
    /** The lead had a delivered campaign message when last scored (the "uncontacted" filter). */
    contacted: boolean("contacted").notNull(),
    contributions: jsonb("contributions").$type<LeadContribution[]>().notNull(),
    scoredAt: ts("scored_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.leadId, t.kind] }),
    // The ranked list, whole or uncontacted only: one index range each, keyset on (probability, lead_id).
    index("lead_predictions_rank_idx").on(t.workspaceId, t.modelId, t.probability.desc(), t.leadId.desc()),
    index("lead_predictions_contacted_rank_idx").on(t.workspaceId, t.modelId, t.contacted, t.probability.desc(), t.leadId.desc()),
  ],
);

/** The lead columns the scoring features read (lead-scoring.features.ts), as one select shape for every feature that loads them. */
export const LEAD_FEATURE_COLUMNS = {
  id: leads.id,
  seniority: leads.seniority,
  department: leads.department,
  industry: leads.industry,
  country: leads.country,
  source: leads.source,
  emailStatus: leads.emailStatus,
  role: leads.role,
  phone: leads.phone,
  website: leads.website,
  linkedinUrl: leads.linkedinUrl,
  companyName: leads.companyName,
  provenance: leads.provenance,
  customFields: leads.customFields,
};
