/**
 * Tables of recommendations: the recommendations a generation run wrote (one row per workspace,
 * kind and target: the id is derived from them, so a second run refreshes the row instead of
 * duplicating it), every application with its baseline, the outcome the evaluation job judged,
 * and the generation runs with their progress.
 */
import type {
  RecommendationEffect,
  RecommendationFigure,
  RecommendationKind,
  RecommendationRunStatus,
  RecommendationSample,
  RecommendationStatus,
  RecommendationTarget,
  RecommendationTest,
  RecommendationVerdict,
} from "@prospector/contracts";
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, ts, updatedAt } from "../../db/columns.ts";
import { users } from "../identity/identity.table.ts";
import { workspaces } from "../organizations/organizations.table.ts";

const workspaceId = () =>
  uuid("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" });

/** What "apply" needs to redo the change (the rule's parameters). */
export type RecommendationAction =
  | { kind: "ab_winner"; campaignId: string; step: number; variant: number }
  | { kind: "send_window"; campaignId: string; days: number; blockHours: number }
  | { kind: "segment_stop"; campaignId: string; dimension: string; value: string };

export const recommendations = pgTable(
  "recommendations",
  {
    /** Derived from (workspace, kind, key): the same advice is the same row. */
    id: uuid("id").primaryKey(),
    workspaceId: workspaceId(),
    kind: text("kind").$type<RecommendationKind>().notNull(),
    key: text("key").notNull(),
    status: text("status").$type<RecommendationStatus>().notNull().default("open"),
    title: text("title").notNull(),
    rationale: text("rationale").notNull(),
    target: jsonb("target").$type<RecommendationTarget>().notNull(),
    figures: jsonb("figures").$type<RecommendationFigure[]>().notNull(),
    test: jsonb("test").$type<RecommendationTest | null>(),
    source: text("source").notNull(),
    expected: jsonb("expected").$type<RecommendationEffect>().notNull(),
    action: jsonb("action").$type<RecommendationAction>().notNull(),
    permission: text("permission").notNull(),
    actionText: text("action_text").notNull(),
    generatedAt: ts("generated_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
    snoozedUntil: ts("snoozed_until"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("recommendations_ws_key_uq").on(t.workspaceId, t.kind, t.key),
    index("recommendations_ws_status_order_idx").on(t.workspaceId, t.status, t.generatedAt.desc(), t.id.desc()),
    index("recommendations_status_expires_idx").on(t.status, t.expiresAt),
  ],
);

export const recommendationApplications = pgTable(
  "recommendation_applications",
  {
    id: id(),
    workspaceId: workspaceId(),
    recommendationId: uuid("recommendation_id")
      .notNull()
      .references(() => recommendations.id, { onDelete: "cascade" }),
    kind: text("kind").$type<RecommendationKind>().notNull(),
    title: text("title").notNull(),
    target: jsonb("target").$type<RecommendationTarget>().notNull(),
    appliedBy: uuid("applied_by").references(() => users.id, { onDelete: "set null" }),
    appliedAt: ts("applied_at").notNull(),
    baseline: jsonb("baseline").$type<RecommendationSample>().notNull(),
    minSends: integer("min_sends").notNull(),
    evaluateAfter: ts("evaluate_after").notNull(),
    evaluatedAt: ts("evaluated_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("recommendation_applications_ws_order_idx").on(t.workspaceId, t.appliedAt.desc(), t.id.desc()),
    index("recommendation_applications_pending_idx").on(t.appliedAt).where(sql`${t.evaluatedAt} is null`),
    index("recommendation_applications_rec_idx").on(t.recommendationId),
  ],
);

export const recommendationOutcomes = pgTable(
  "recommendation_outcomes",
  {
    id: id(),
    workspaceId: workspaceId(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => recommendationApplications.id, { onDelete: "cascade" }),
    verdict: text("verdict").$type<RecommendationVerdict>().notNull(),
    after: jsonb("after").$type<RecommendationSample>().notNull(),
    test: jsonb("test").$type<RecommendationTest>().notNull(),
    note: text("note").notNull(),
    evaluatedAt: ts("evaluated_at").notNull(),
  },
  (t) => [
    uniqueIndex("recommendation_outcomes_application_uq").on(t.applicationId),
    index("recommendation_outcomes_ws_idx").on(t.workspaceId, t.evaluatedAt),
  ],
);

export const recommendationRuns = pgTable(
  "recommendation_runs",
  {
    id: id(),
    workspaceId: workspaceId(),
    status: text("status").$type<RecommendationRunStatus>().notNull().default("queued"),
    progress: integer("progress").notNull().default(0),
    step: text("step"),
    created: integer("created").notNull().default(0),
    refreshed: integer("refreshed").notNull().default(0),
    expired: integer("expired").notNull().default(0),
    evaluated: integer("evaluated").notNull().default(0),
    error: text("error"),
    requestedBy: uuid("requested_by").references(() => users.id, { onDelete: "set null" }),
    startedAt: ts("started_at").notNull(),
    finishedAt: ts("finished_at"),
  },
  (t) => [index("recommendation_runs_ws_started_idx").on(t.workspaceId, t.startedAt.desc())],
);
