/**
 * The AI ledger (docs/ai/activity.md): one row per AI action in a workspace — a language-model
 * call or a built-in model's decision — with who asked, what went in (the prompt for LLM calls),
 * what came out, its explanation, its cost and its outcome; and people's thumbs up or down on them.
 * Every AI feature writes here through the gateway (index.ts), so /ai-activity, cost accounting,
 * the monthly cap, transparency and feedback read one table.
 */
import type { AiActionExplanation } from "@prospector/contracts";
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAtMs, id, ts, updatedAt } from "../../db/columns.ts";
import { users } from "../identity/identity.table.ts";
import { workspaces } from "../organizations/organizations.table.ts";

export const aiActions = pgTable(
  "ai_actions",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Who asked (null: a job or an agent acting on its own schedule). */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** What kind of action: email_generation, llm_console, agent_step, reply_classification, … (AiActionKind). */
    kind: text("kind").notNull(),
    /** llm (the configured model) or builtin (a template, rule set or the workspace's own trained model). */
    engine: text("engine").$type<"llm" | "builtin">().notNull(),
    /** The model that answered: the provider's model name, or the built-in model's name and version. */
    model: text("model").notNull(),
    /** The record the action is about (lead, reply, deal, campaign, …), for transparency and the per-lead timeline. */
    subjectType: text("subject_type"),
    subjectId: uuid("subject_id"),
    /** The agent run this action is a step of (no foreign key: agents sit in a higher layer). */
    agentRunId: uuid("agent_run_id"),
    /** The chat messages sent to a language model (null for built-in actions). */
    prompt: jsonb("prompt").$type<{ role: string; content: string }[]>(),
    input: jsonb("input").$type<Record<string, unknown>>().notNull(),
    output: jsonb("output").$type<Record<string, unknown>>(),
    /** Why the output came out as it did: feature contributions, matched rules, prompt and model. */
    explanation: jsonb("explanation").$type<AiActionExplanation>(),
    tokensIn: integer("tokens_in").notNull().default(0),
    tokensOut: integer("tokens_out").notNull().default(0),
    /** The provider sent no usage, so the tokens were estimated (about 4 characters each). */
    tokensEstimated: boolean("tokens_estimated").notNull().default(false),
    /** Calls made to the provider for this action, retries included (0 for built-in actions and refusals). */
    attempts: smallint("attempts").notNull().default(0),
    /** Cost in millionths of a US dollar (0 for built-in actions). */
    costMicros: integer("cost_micros").notNull().default(0),
    durationMs: integer("duration_ms").notNull().default(0),
    /** ok, error, refused (the cap or a validation said no), over_budget. */
    outcome: text("outcome").$type<"ok" | "error" | "refused" | "over_budget">().notNull(),
    error: text("error"),
    createdAt: createdAtMs(),
  },
  (t) => [
    index("ai_actions_ws_created_idx").on(t.workspaceId, t.createdAt.desc(), t.id.desc()),
    index("ai_actions_ws_kind_created_idx").on(t.workspaceId, t.kind, t.createdAt.desc(), t.id.desc()),
    index("ai_actions_subject_idx").on(t.workspaceId, t.subjectType, t.subjectId, t.createdAt.desc()),
    index("ai_actions_run_idx").on(t.agentRunId, t.createdAt),
    index("ai_actions_ws_user_created_idx").on(t.workspaceId, t.userId, t.createdAt.desc(), t.id.desc()),
  ],
);

/** A workspace's own AI settings; without a row, LLM_MONTHLY_CAP_USD applies. */
export const aiSettings = pgTable("ai_settings", {
  workspaceId: uuid("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  /** The monthly language-model spend cap in millionths of a US dollar (null: the default). */
  monthlyCapMicros: bigint("monthly_cap_micros", { mode: "number" }),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: updatedAt(),
});

/** When each person last opened /ai-activity in a workspace: the nav's unread count starts there. */
export const aiActivitySeen = pgTable(
  "ai_activity_seen",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    seenAt: ts("seen_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] })],
);

/** A person's thumbs up (1) or down (-1) on one AI action; one per person and action. */
export const aiFeedback = pgTable(
  "ai_feedback",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    actionId: uuid("action_id")
      .notNull()
      .references(() => aiActions.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: smallint("rating").notNull(),
    comment: text("comment"),
    createdAt: createdAtMs(),
  },
  (t) => [
    uniqueIndex("ai_feedback_action_user_uq").on(t.actionId, t.userId),
    index("ai_feedback_ws_created_idx").on(t.workspaceId, t.createdAt.desc()),
  ],
);
