/**
 * The optimization part's own data (docs/analytics/optimization.md): each workspace's outreach
 * cost model (one row) and the ROI calculator's saved scenarios.
 */
import type { CalculatorInputs } from "@prospector/contracts";
import { index, jsonb, numeric, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "../../db/columns.ts";
import { workspaces } from "../organizations/organizations.table.ts";

export const optimizationCostModels = pgTable("optimization_cost_models", {
  workspaceId: uuid("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  currency: text("currency").notNull().default("EUR"),
  inboxMonthlyCost: numeric("inbox_monthly_cost", { precision: 14, scale: 2, mode: "number" }).notNull().default(0),
  toolingMonthlyCost: numeric("tooling_monthly_cost", { precision: 14, scale: 2, mode: "number" }).notNull().default(0),
  defaultLeadCost: numeric("default_lead_cost", { precision: 14, scale: 2, mode: "number" }).notNull().default(0),
  leadCostBySource: jsonb("lead_cost_by_source").$type<Record<string, number>>().notNull().default({}),
  updatedAt: updatedAt(),
});

export const optimizationScenarios = pgTable(
  "optimization_scenarios",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    inputs: jsonb("inputs").$type<CalculatorInputs>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The keyset list, newest first: ids are UUIDv7, time-ordered.
  (t) => [index("optimization_scenarios_ws_id_idx").on(t.workspaceId, t.id)],
);
