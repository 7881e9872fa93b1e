/**
 * Tables of the analytics feature's intelligence part: the insights runs (period-over-period tests,
 * computed by a job, their findings stored with the evidence) and the industry benchmarks (published
 * figures shipped with Prospector, shared by every workspace, plus each workspace's own rows).
 */
import type { BenchmarkMetric, InsightFinding, InsightRunStatus } from "@prospector/contracts";
import { sql } from "drizzle-orm";
import { date, doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, ts, updatedAt } from "../../db/columns.ts";
import { users } from "../identity/identity.table.ts";
import { workspaces } from "../organizations/organizations.table.ts";

export const analyticsInsightRuns = pgTable(
  "analytics_insight_runs",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    status: text("status").$type<InsightRunStatus>().notNull().default("queued"),
    progress: integer("progress").notNull().default(0),
    step: text("step"),
    error: text("error"),
    periodDays: integer("period_days").notNull(),
    currentFrom: date("current_from", { mode: "string" }).notNull(),
    currentTo: date("current_to", { mode: "string" }).notNull(),
    previousFrom: date("previous_from", { mode: "string" }).notNull(),
    previousTo: date("previous_to", { mode: "string" }).notNull(),
    tests: integer("tests").notNull().default(0),
    skipped: integer("skipped").notNull().default(0),
    findings: jsonb("findings").$type<InsightFinding[]>().notNull().default([]),
    requestedBy: uuid("requested_by").references(() => users.id, { onDelete: "set null" }),
    requestedAt: ts("requested_at").notNull().defaultNow(),
    startedAt: ts("started_at"),
    finishedAt: ts("finished_at"),
  },
  (t) => [
    index("analytics_insight_runs_ws_requested_idx").on(t.workspaceId, t.requestedAt),
    index("analytics_insight_runs_ws_status_idx").on(t.workspaceId, t.status, t.requestedAt),
  ],
);

export const analyticsBenchmarks = pgTable(
  "analytics_benchmarks",
  {
    id: id(),
    /** Null: a published figure shipped with Prospector (read-only); else the workspace's own row. */
    workspaceId: uuid("workspace_id").references(() => workspaces.id, { onDelete: "cascade" }),
    /** Stable key of a shipped row, so seeding is idempotent. */
    seedKey: text("seed_key"),
    metric: text("metric").$type<BenchmarkMetric>().notNull(),
    valueLow: doublePrecision("value_low").notNull(),
    valueHigh: doublePrecision("value_high").notNull(),
    segment: text("segment").notNull(),
    sourceName: text("source_name").notNull(),
    sourceUrl: text("source_url").notNull(),
    /** "2019", "2019-10" or "2019-10-01": as precise as the publication. */
    published: text("published").notNull(),
    retrievedOn: date("retrieved_on", { mode: "string" }).notNull(),
    note: text("note"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("analytics_benchmarks_seed_uq").on(t.seedKey).where(sql`${t.seedKey} is not null`),
    index("analytics_benchmarks_ws_metric_idx").on(t.workspaceId, t.metric, t.id),
  ],
);
