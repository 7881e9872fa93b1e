/**
 * The team decision log (docs/team-decisions.md): a decision (question, context, vote-by date,
 * status and outcome), its 2–10 options, one vote per member, the records it links to (no foreign
 * key: a deleted lead or deal shows as "deleted"), and its thread (every change, vote and comment).
 */
import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAtMs, id, ts, updatedAt } from "../../db/columns.ts";
import { users } from "../identity/identity.table.ts";
import { workspaces } from "../organizations/organizations.table.ts";

export const decisions = pgTable(
  "decisions",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    question: text("question").notNull(),
    context: text("context").notNull().default(""),
    status: text("status").$type<"open" | "decided" | "cancelled">().notNull().default("open"),
    /** "Vote by": a reminder for the team, not a deadline the server enforces. */
    dueAt: ts("due_at"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    /** The chosen option (no foreign key: options are replaced only while nobody voted, never after a decision). */
    outcomeOptionId: uuid("outcome_option_id"),
    rationale: text("rationale"),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: ts("decided_at"),
    cancelReason: text("cancel_reason"),
    createdAt: createdAtMs(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("decisions_ws_created_idx").on(t.workspaceId, t.createdAt.desc(), t.id.desc()),
    index("decisions_ws_status_created_idx").on(t.workspaceId, t.status, t.createdAt.desc(), t.id.desc()),
    index("decisions_ws_due_idx").on(t.workspaceId, t.dueAt, t.id),
    index("decisions_question_trgm_idx").using("gin", sql`${sql.identifier("question")} gin_trgm_ops`),
  ],
);

export const decisionOptions = pgTable(
  "decision_options",
  {
    id: id(),
    decisionId: uuid("decision_id")
      .notNull()
      .references(() => decisions.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    label: text("label").notNull(),
    description: text("description"),
  },
  (t) => [uniqueIndex("decision_options_decision_position_uq").on(t.decisionId, t.position)],
);

/** One vote per member and decision; changing it updates the row. */
export const decisionVotes = pgTable(
  "decision_votes",
  {
    decisionId: uuid("decision_id")
      .notNull()
      .references(() => decisions.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    optionId: uuid("option_id")
      .notNull()
      .references(() => decisionOptions.id, { onDelete: "cascade" }),
    comment: text("comment"),
    createdAt: createdAtMs(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.decisionId, t.userId] }), index("decision_votes_user_idx").on(t.userId, t.decisionId)],
);

export const decisionLinks = pgTable(
  "decision_links",
  {
    decisionId: uuid("decision_id")
      .notNull()
      .references(() => decisions.id, { onDelete: "cascade" }),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"lead" | "campaign" | "deal" | "customer" | "task">().notNull(),
    recordId: uuid("record_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.decisionId, t.kind, t.recordId] }),
    // "Which decisions name this lead/deal/campaign?"
    index("decision_links_record_idx").on(t.workspaceId, t.kind, t.recordId),
  ],
);

/** The thread: created, edited, options changed, votes, decided, reopened, cancelled, comments. */
export const decisionEvents = pgTable(
  "decision_events",
  {
    id: id(),
    decisionId: uuid("decision_id")
      .notNull()
      .references(() => decisions.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind").notNull(),
    body: text("body"),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAtMs(),
  },
  (t) => [index("decision_events_decision_idx").on(t.decisionId, t.createdAt, t.id)],
);
