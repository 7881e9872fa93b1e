/**
 * A/B experiments (docs/ab-testing.md): one row per campaign step whose traffic is not the default
 * even split (bandit mode, a declared winner, another metric), and the traffic share history the
 * bandit and the winner leave behind. A step with variants and no row is an even-split experiment.
 */
import type { ExperimentMetric, ExperimentMode, TrafficReason } from "@prospector/contracts";
import { doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, ts, updatedAt } from "../../db/columns.ts";
import { campaigns } from "../campaigns/campaigns.table.ts";
import { users } from "../identity/identity.table.ts";
import { workspaces } from "../organizations/organizations.table.ts";

export const abExperiments = pgTable(
  "ab_experiments",
  {
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    /** 0-based step index in the campaign's sequence. */
    step: integer("step").notNull(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    mode: text("mode").$type<ExperimentMode>().notNull().default("even"),
    metric: text("metric").$type<ExperimentMetric>().notNull().default("reply"),
    /** The least share of traffic each variant keeps under the bandit (exploration floor). */
    minShare: doublePrecision("min_share").notNull().default(0.1),
    /** Declared winner (0 = the step itself): all further traffic of the step goes to it. */
    winner: integer("winner"),
    /** The bandit's current traffic shares, one per variant (0 = A), summing to 1. */
    weights: jsonb("weights").$type<number[]>(),
    weightsAt: ts("weights_at"),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.step] }), index("ab_experiments_ws_idx").on(t.workspaceId)],
);

/** Each change of a step's traffic shares: the bandit's recomputations, a mode change, a declared winner. */
export const abTrafficHistory = pgTable(
  "ab_traffic_history",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    step: integer("step").notNull(),
    weights: jsonb("weights").$type<number[]>().notNull(),
    reason: text("reason").$type<TrafficReason>().notNull(),
    at: ts("at").notNull().defaultNow(),
  },
  (t) => [index("ab_traffic_history_step_at_idx").on(t.campaignId, t.step, t.at)],
);
