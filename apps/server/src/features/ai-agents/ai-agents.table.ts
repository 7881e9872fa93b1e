/**
 * Tables of AI agents (docs/ai/agents.md): each workspace's agent settings, the runs (budget,
 * usage, progress), every run's step log, and the proposals a run ends with (what approving applies
 * and what Revert restores).
 */
import type { AiAgentProposalPayload } from "@prospector/contracts";
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { createdAtMs, id, ts, updatedAt } from "../../db/columns.ts";
import { users } from "../identity/identity.table.ts";
import { workspaces } from "../organizations/organizations.table.ts";

export const aiAgentSettings = pgTable(
  "ai_agent_settings",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    autopilot: boolean("autopilot").notNull().default(false),
    budgetTokens: integer("budget_tokens").notNull(),
    budgetPages: integer("budget_pages").notNull(),
    budgetSeconds: integer("budget_seconds").notNull(),
    /** classify_replies: every N hours (null: by hand only). */
    scheduleHours: integer("schedule_hours"),
    lastScheduledAt: ts("last_scheduled_at"),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.kind] })],
);

export const aiAgentRuns = pgTable(
  "ai_agent_runs",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    status: text("status").notNull().default("queued"),
    subjectType: text("subject_type").notNull(),
    subjectId: uuid("subject_id"),
    subjectLabel: text("subject_label"),
    engine: text("engine").$type<"llm" | "builtin">(),
    budgetTokens: integer("budget_tokens").notNull(),
    budgetPages: integer("budget_pages").notNull(),
    budgetSeconds: integer("budget_seconds").notNull(),
    usedTokens: integer("used_tokens").notNull().default(0),
    usedPages: integer("used_pages").notNull().default(0),
    usedMs: integer("used_ms").notNull().default(0),
    progress: integer("progress").notNull().default(0),
    stage: text("stage"),
    error: text("error"),
    autopilot: boolean("autopilot").notNull().default(false),
    cancelRequested: boolean("cancel_requested").notNull().default(false),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAtMs(),
    startedAt: ts("started_at"),
    finishedAt: ts("finished_at"),
  },
  (t) => [
    index("ai_agent_runs_ws_created_idx").on(t.workspaceId, t.createdAt.desc(), t.id.desc()),
    index("ai_agent_runs_ws_kind_created_idx").on(t.workspaceId, t.kind, t.createdAt.desc(), t.id.desc()),
    index("ai_agent_runs_ws_status_created_idx").on(t.workspaceId, t.status, t.createdAt.desc(), t.id.desc()),
  ],
);

export const aiAgentSteps = pgTable(
  "ai_agent_steps",
  {
    runId: uuid("run_id")
      .notNull()
      .references(() => aiAgentRuns.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    kind: text("kind").notNull(),
    text: text("text").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>(),
    tokens: integer("tokens").notNull().default(0),
    durationMs: integer("duration_ms").notNull().default(0),
    createdAt: createdAtMs(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.seq] })],
);

export const aiAgentProposals = pgTable(
  "ai_agent_proposals",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    runId: uuid("run_id")
      .notNull()
      .references(() => aiAgentRuns.id, { onDelete: "cascade" }),
    payload: jsonb("payload").$type<AiAgentProposalPayload>().notNull(),
    explanation: text("explanation").notNull(),
    status: text("status").notNull().default("pending"),
    previous: jsonb("previous").$type<Record<string, unknown>>(),
    result: jsonb("result").$type<Record<string, unknown>>(),
    autopilot: boolean("autopilot").notNull().default(false),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: ts("decided_at"),
    createdAt: createdAtMs(),
  },
  (t) => [
    index("ai_agent_proposals_run_idx").on(t.runId, t.createdAt),
    index("ai_agent_proposals_ws_status_idx").on(t.workspaceId, t.status),
  ],
);
