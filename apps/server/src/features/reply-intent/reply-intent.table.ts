/**
 * Tables of reply intent (docs/ai/reply-intent.md): each received reply's class from the built-in
 * classifier, with its probability, reasons, model version and a person's correction; and the
 * reclassify-all jobs that bring a workspace's replies up to a new model version.
 */
import type { AiActionExplanation, ReplyIntentClass, ReplyIntentLabel } from "@prospector/contracts";
import { sql } from "drizzle-orm";
import { doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAtMs, id, ts } from "../../db/columns.ts";
import { aiActions } from "../ai-ledger/ai-ledger.table.ts";
import { campaigns } from "../campaigns/campaigns.table.ts";
import { users } from "../identity/identity.table.ts";
import { leads } from "../leads/leads.table.ts";
import { workspaces } from "../organizations/organizations.table.ts";

export const replyIntents = pgTable(
  "reply_intents",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** The reply's Message-ID (or the replies feature's stand-in): one classification per reply. */
    replyRef: text("reply_ref").notNull(),
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "set null" }),
    campaignId: uuid("campaign_id").references(() => campaigns.id, { onDelete: "set null" }),
    fromAddress: text("from_address"),
    subject: text("subject").notNull().default(""),
    /** The start of the reply's text, kept so a new model version can classify it again. */
    snippet: text("snippet").notNull(),
    /** The class in force: the correction when there is one, else the model's (lists filter on it). */
    class: text("class").$type<ReplyIntentClass>().notNull(),
    predictedClass: text("predicted_class").$type<ReplyIntentClass>().notNull(),
    confidence: doublePrecision("confidence").notNull(),
    explanation: jsonb("explanation").$type<AiActionExplanation>().notNull(),
    modelVersion: text("model_version").notNull(),
    /** The ledger row of the latest classification. */
    actionId: uuid("action_id").references(() => aiActions.id, { onDelete: "set null" }),
    correctedClass: text("corrected_class").$type<ReplyIntentLabel>(),
    correctedBy: uuid("corrected_by").references(() => users.id, { onDelete: "set null" }),
    correctedAt: ts("corrected_at"),
    receivedAt: ts("received_at").notNull(),
    classifiedAt: ts("classified_at").notNull(),
  },
  (t) => [
    uniqueIndex("reply_intents_ws_ref_uq").on(t.workspaceId, t.replyRef),
    index("reply_intents_ws_received_idx").on(t.workspaceId, t.receivedAt.desc(), t.id.desc()),
    index("reply_intents_ws_class_received_idx").on(t.workspaceId, t.class, t.receivedAt.desc(), t.id.desc()),
    index("reply_intents_ws_campaign_received_idx").on(t.workspaceId, t.campaignId, t.receivedAt.desc(), t.id.desc()),
    index("reply_intents_ws_version_idx").on(t.workspaceId, t.modelVersion),
    index("reply_intents_lead_idx").on(t.leadId),
  ],
);

export const replyIntentJobs = pgTable(
  "reply_intent_jobs",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    requestedBy: uuid("requested_by").references(() => users.id, { onDelete: "set null" }),
    status: text("status").$type<"queued" | "running" | "done" | "failed">().notNull().default("queued"),
    /** The version the job classifies with. */
    modelVersion: text("model_version").notNull(),
    total: integer("total").notNull().default(0),
    done: integer("done").notNull().default(0),
    error: text("error"),
    createdAt: createdAtMs(),
    finishedAt: ts("finished_at"),
  },
  (t) => [
    index("reply_intent_jobs_ws_created_idx").on(t.workspaceId, t.createdAt.desc()),
    // One queued or running job per workspace, even when two requests start one at once.
    uniqueIndex("reply_intent_jobs_ws_active_uq").on(t.workspaceId).where(sql`status in ('queued', 'running')`),
  ],
);
