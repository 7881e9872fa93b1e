/**
 * Tables of ai-models: the deployment history (every promote and rollback of a model version, with
 * who, when and why) and the drift snapshots the daily job computes for each live model.
 */
import type { FeatureDrift } from "@prospector/contracts";
import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAtMs, id, ts } from "../../db/columns.ts";
import { users } from "../identity/identity.table.ts";
import { mlModels } from "../lead-scoring/lead-scoring.table.ts";
import { workspaces } from "../organizations/organizations.table.ts";

export const aiModelDeployments = pgTable(
  "ai_model_deployments",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** ml_models.kind: lead_score or send_time. */
    task: text("task").notNull(),
    fromModelId: uuid("from_model_id").references(() => mlModels.id, { onDelete: "set null" }),
    fromVersion: integer("from_version"),
    toModelId: uuid("to_model_id").references(() => mlModels.id, { onDelete: "set null" }),
    toVersion: integer("to_version").notNull(),
    action: text("action").$type<"deploy" | "rollback">().notNull(),
    forced: boolean("forced").notNull().default(false),
    reason: text("reason").notNull().default(""),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAtMs(),
  },
  (t) => [
    index("ai_model_deployments_ws_created_idx").on(t.workspaceId, t.createdAt.desc(), t.id.desc()),
    index("ai_model_deployments_ws_task_created_idx").on(t.workspaceId, t.task, t.createdAt.desc(), t.id.desc()),
  ],
);

export const aiModelDriftSnapshots = pgTable(
  "ai_model_drift_snapshots",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    modelId: uuid("model_id")
      .notNull()
      .references(() => mlModels.id, { onDelete: "cascade" }),
    /** The UTC day the window ends on (YYYY-MM-DD, inclusive). */
    day: text("day").notNull(),
    windowDays: integer("window_days").notNull(),
    n: integer("n").notNull(),
    trainingN: integer("training_n").notNull(),
    predictionPsi: doublePrecision("prediction_psi"),
    maxFeaturePsi: doublePrecision("max_feature_psi"),
    features: jsonb("features").$type<FeatureDrift[]>().notNull(),
    realizedAuc: doublePrecision("realized_auc"),
    realizedN: integer("realized_n").notNull().default(0),
    realizedPositives: integer("realized_positives").notNull().default(0),
    computedAt: ts("computed_at").notNull(),
  },
  (t) => [uniqueIndex("ai_model_drift_snapshots_model_day_uq").on(t.workspaceId, t.modelId, t.day, t.windowDays)],
);
