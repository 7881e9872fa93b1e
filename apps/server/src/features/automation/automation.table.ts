/**
 * Tables of the automation feature: rules, the trigger inbox (every event a rule may react to, once),
 * the run log, the per-workspace cursor over campaign events, and nurture sequences with their enrolments.
 */
import type { AutomationAction, AutomationCondition, AutomationRunAction, AutomationTrigger, NurtureExit } from "@prospector/contracts";
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, ts, updatedAt } from "../../db/columns.ts";
import { campaigns } from "../campaigns/campaigns.table.ts";
import { users } from "../identity/identity.table.ts";
import { leads } from "../leads/leads.table.ts";
import { workspaces } from "../organizations/organizations.table.ts";

const workspaceId = () =>
  uuid("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" });

export const automationRules = pgTable(
  "automation_rules",
  {
    id: id(),
    workspaceId: workspaceId(),
    name: text("name").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    triggerType: text("trigger_type").notNull(),
    trigger: jsonb("trigger").$type<AutomationTrigger>().notNull(),
    conditions: jsonb("conditions").$type<AutomationCondition[]>().notNull(),
    actions: jsonb("actions").$type<AutomationAction[]>().notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    lastRunAt: ts("last_run_at"),
    runs: integer("runs").notNull().default(0),
    failures: integer("failures").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("automation_rules_ws_created_idx").on(t.workspaceId, t.createdAt),
    index("automation_rules_ws_trigger_idx").on(t.workspaceId, t.triggerType).where(sql`${t.enabled}`),
  ],
);

export const nurtureSequences = pgTable(
  "nurture_sequences",
  {
    id: id(),
    workspaceId: workspaceId(),
    name: text("name").notNull(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    enabled: boolean("enabled").notNull().default(true),
    triggerType: text("trigger_type").notNull(),
    entryTrigger: jsonb("entry_trigger").$type<AutomationTrigger>().notNull(),
    entryConditions: jsonb("entry_conditions").$type<AutomationCondition[]>().notNull(),
    exits: jsonb("exits").$type<NurtureExit[]>().notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("nurture_sequences_ws_created_idx").on(t.workspaceId, t.createdAt),
    uniqueIndex("nurture_sequences_campaign_uq").on(t.campaignId),
  ],
);

export const nurtureEnrollments = pgTable(
  "nurture_enrollments",
  {
    id: id(),
    workspaceId: workspaceId(),
    sequenceId: uuid("sequence_id")
      .notNull()
      .references(() => nurtureSequences.id, { onDelete: "cascade" }),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    status: text("status").$type<"active" | "exited">().notNull().default("active"),
    enteredAt: ts("entered_at").notNull().defaultNow(),
    entryReason: text("entry_reason").notNull(),
    exitedAt: ts("exited_at"),
    exitReason: text("exit_reason"),
  },
  (t) => [
    uniqueIndex("nurture_enrollments_once_uq").on(t.sequenceId, t.leadId),
    index("nurture_enrollments_seq_status_idx").on(t.sequenceId, t.status, t.enteredAt),
    index("nurture_enrollments_ws_lead_idx").on(t.workspaceId, t.leadId, t.enteredAt),
    index("nurture_enrollments_ws_entered_idx").on(t.workspaceId, t.enteredAt),
  ],
);

/**
 * The trigger inbox: each event a rule may react to, written once (unique key) by the hooks, the
 * event scan or an automation action, and claimed by the automation.process job (SKIP LOCKED).
 */
export const automationTriggers = pgTable(
  "automation_triggers",
  {
    id: id(),
    workspaceId: workspaceId(),
    type: text("type").notNull(),
    /** What identifies the event for good (reply Message-ID, campaign event id, campaign:lead…). */
    ref: text("ref").notNull(),
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "cascade" }),
    campaignId: uuid("campaign_id"),
    step: integer("step"),
    tag: text("tag"),
    /** How many automation actions led here (0: a person's or a mail server's event). */
    depth: integer("depth").notNull().default(0),
    occurredAt: ts("occurred_at").notNull(),
    createdAt: createdAt(),
    processedAt: ts("processed_at"),
  },
  (t) => [
    uniqueIndex("automation_triggers_once_uq").on(t.workspaceId, t.type, t.ref),
    index("automation_triggers_pending_idx").on(t.createdAt).where(sql`${t.processedAt} is null`),
  ],
);

/** The run log: one row per (rule or sequence, lead, run key): the unique index makes a rule fire once per event. */
export const automationRuns = pgTable(
  "automation_runs",
  {
    id: id(),
    workspaceId: workspaceId(),
    ruleId: uuid("rule_id").references(() => automationRules.id, { onDelete: "cascade" }),
    sequenceId: uuid("sequence_id").references(() => nurtureSequences.id, { onDelete: "cascade" }),
    /** rule:<id> or sequence:<id>, so one unique index covers both. */
    owner: text("owner").notNull(),
    runKey: text("run_key").notNull(),
    triggerType: text("trigger_type").notNull(),
    triggerRef: text("trigger_ref").notNull(),
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "set null" }),
    campaignId: uuid("campaign_id"),
    status: text("status").notNull(),
    actions: jsonb("actions").$type<AutomationRunAction[]>().notNull(),
    error: text("error"),
    durationMs: integer("duration_ms").notNull().default(0),
    depth: integer("depth").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("automation_runs_once_uq").on(t.owner, t.leadId, t.runKey),
    index("automation_runs_ws_created_idx").on(t.workspaceId, t.createdAt, t.id),
    index("automation_runs_rule_created_idx").on(t.ruleId, t.createdAt),
    index("automation_runs_ws_lead_idx").on(t.workspaceId, t.leadId, t.createdAt),
  ],
);

/**
 * How far the campaign events and memberships have been read into the trigger inbox: one row per
 * source, claimed by a conditional UPDATE (a lease), so one scan runs at a time across processes.
 */
export const automationScanCursors = pgTable("automation_scan_cursors", {
  source: text("source").primaryKey(),
  /** campaign_events: the last id read (UUIDv7, time-ordered). */
  eventId: uuid("event_id"),
  /** campaign_leads: memberships added or finished up to this time were read. */
  memberAt: ts("member_at"),
  /** A scan holds the cursor until then (a crashed scan frees it). */
  leasedUntil: ts("leased_until"),
  updatedAt: updatedAt(),
});
