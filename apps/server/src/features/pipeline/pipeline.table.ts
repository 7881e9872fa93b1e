/**
 * What the pipeline feature keeps besides the CRM's records: computed answers (forecasts, health,
 * bottlenecks) cached per workspace and scope with when they were computed, and the state of each
 * alert a person acted on (snoozed until, resolved).
 */
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, ts, updatedAt } from "../../db/columns.ts";
import { users } from "../identity/identity.table.ts";
import { workspaces } from "../organizations/organizations.table.ts";

const workspaceId = () =>
  uuid("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" });

/**
 * One computed answer: kind is "forecast", "overview", "bottlenecks"…; scope is "all" or the user
 * id a sales_rep view is limited to; params_key names the parameters (method, months ahead).
 * `stale` is set when deals change, and the precompute job recomputes stale rows.
 */
export const pipelineSnapshots = pgTable(
  "pipeline_snapshots",
  {
    id: id(),
    workspaceId: workspaceId(),
    kind: text("kind").notNull(),
    scope: text("scope").notNull().default("all"),
    paramsKey: text("params_key").notNull().default(""),
    payload: jsonb("payload").$type<unknown>().notNull(),
    computedAt: ts("computed_at").notNull().defaultNow(),
    /** How long the computation took, for the answer and the bench. */
    durationMs: integer("duration_ms"),
    staleSince: ts("stale_since"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("pipeline_snapshots_key_unique").on(t.workspaceId, t.kind, t.scope, t.paramsKey),
    index("pipeline_snapshots_stale_idx").on(t.staleSince),
  ],
);

/** An alert someone snoozed or resolved; alert_key is stable for the same condition on the same record. */
export const pipelineAlertStates = pgTable(
  "pipeline_alert_states",
  {
    id: id(),
    workspaceId: workspaceId(),
    alertKey: text("alert_key").notNull(),
    snoozedUntil: ts("snoozed_until"),
    resolvedAt: ts("resolved_at"),
    reason: text("reason"),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("pipeline_alert_states_key_unique").on(t.workspaceId, t.alertKey)],
);
