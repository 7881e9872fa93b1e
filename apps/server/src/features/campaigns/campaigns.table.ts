/**
 * Campaign tables: the campaign with its sequence, lead membership with per-lead progress, the
 * outbox (one row per campaign × lead × step, written before sending) and tracked events, indexed
 * so aggregates stay index-only at millions of rows. docs/campaigns.md describes each for the sender.
 */
import type {
  CampaignEventType,
  CampaignLeadState,
  CampaignSchedule,
  CampaignStatus,
  CampaignStep,
  MessageStatus,
} from "@prospector/contracts";
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, ts, updatedAt } from "../../db/columns.ts";
import { users } from "../identity/identity.table.ts";
import { leads } from "../leads/leads.table.ts";
import { workspaces } from "../organizations/organizations.table.ts";

const workspaceId = () =>
  uuid("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" });

export const campaigns = pgTable(
  "campaigns",
  {
    id: id(),
    workspaceId: workspaceId(),
    name: text("name").notNull(),
    status: text("status").$type<CampaignStatus>().notNull().default("draft"),
    /** The whole sequence; steps[0] is the first email (its subject is the spec's subject_line). */
    steps: jsonb("steps").$type<CampaignStep[]>().notNull(),
    /** Inboxes that send for this campaign, in rotation (the inboxes table arrives with the sender). */
    inboxIds: uuid("inbox_ids").array().notNull().default(sql`'{}'::uuid[]`),
    schedule: jsonb("schedule").$type<CampaignSchedule>().notNull(),
    startsAt: ts("starts_at"),
    trackOpens: boolean("track_opens").notNull().default(true),
    trackClicks: boolean("track_clicks").notNull().default(true),
    stopOnReply: boolean("stop_on_reply").notNull().default(true),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    launchedAt: ts("launched_at"),
    pausedAt: ts("paused_at"),
    stoppedAt: ts("stopped_at"),
    completedAt: ts("completed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("campaigns_ws_created_idx").on(t.workspaceId, t.createdAt),
    index("campaigns_ws_updated_idx").on(t.workspaceId, t.updatedAt),
    index("campaigns_ws_launched_idx").on(t.workspaceId, t.launchedAt),
    index("campaigns_ws_status_created_idx").on(t.workspaceId, t.status, t.createdAt),
    index("campaigns_ws_name_idx").on(t.workspaceId, sql`lower(${t.name})`),
    index("campaigns_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
    // The sender's sweep for scheduled campaigns whose start has come.
    index("campaigns_scheduled_start_idx").on(t.startsAt).where(sql`${t.status} = 'scheduled'`),
  ],
);

/** A lead's membership of a campaign and where it is in the sequence. */
export const campaignLeads = pgTable(
  "campaign_leads",
  {
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    workspaceId: workspaceId(),
    state: text("state").$type<CampaignLeadState>().notNull().default("queued"),
    /** Index of the next step to send (0-based). */
    currentStep: integer("current_step").notNull().default(0),
    nextSendAt: ts("next_send_at"),
    lastSentAt: ts("last_sent_at"),
    waitReason: text("wait_reason"),
    addedAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: ts("finished_at"),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.leadId] }),
    index("campaign_leads_lead_idx").on(t.leadId),
    index("campaign_leads_campaign_state_idx").on(t.campaignId, t.state),
    index("campaign_leads_added_idx").on(t.campaignId, t.addedAt),
    // The scheduler's question: which leads are due now.
    index("campaign_leads_due_idx").on(t.nextSendAt).where(sql`${t.state} in ('queued', 'in_progress')`),
  ],
);

/** The outbox: committed before the SMTP call, so each (campaign, lead, step) goes at most once. */
export const campaignMessages = pgTable(
  "campaign_messages",
  {
    id: id(),
    workspaceId: workspaceId(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    /** Null once the lead is deleted: what was sent stays in the campaign's figures. */
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "set null" }),
    /** 0-based step index. */
    step: integer("step").notNull(),
    /** 0 = the step itself, 1… = its variants. */
    variant: integer("variant").notNull().default(0),
    inboxId: uuid("inbox_id"),
    status: text("status").$type<MessageStatus>().notNull().default("queued"),
    /** RFC 5322 Message-ID header, to match replies (In-Reply-To / References) and bounces. */
    messageId: text("message_id"),
    subject: text("subject"),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    scheduledAt: ts("scheduled_at"),
    sentAt: ts("sent_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("campaign_messages_once_uq").on(t.campaignId, t.leadId, t.step),
    uniqueIndex("campaign_messages_message_id_uq").on(t.messageId).where(sql`${t.messageId} is not null`),
    // Sent and delivered (status) counts and daily series, index-only per campaign and per workspace.
    index("campaign_messages_campaign_sent_status_idx").on(t.campaignId, t.sentAt, t.status),
    index("campaign_messages_ws_sent_campaign_idx").on(t.workspaceId, t.sentAt, t.campaignId, t.status),
    // The message log, newest first (sent, else written), whole or by status or step; the status
    // one also serves the per-status counts.
    index("campaign_messages_log_idx").on(t.campaignId, sql`coalesce(${t.sentAt}, ${t.createdAt})`, t.id),
    index("campaign_messages_log_status_idx").on(t.campaignId, t.status, sql`coalesce(${t.sentAt}, ${t.createdAt})`, t.id),
    index("campaign_messages_log_step_idx").on(t.campaignId, t.step, sql`coalesce(${t.sentAt}, ${t.createdAt})`, t.id),
    index("campaign_messages_inbox_sent_idx").on(t.inboxId, t.sentAt),
    index("campaign_messages_pending_idx").on(t.status, t.scheduledAt).where(sql`${t.status} in ('queued', 'sending')`),
    // A lead's messages: the funnel's contacted leads (analytics) and the lead's delete (on delete set null).
    index("campaign_messages_lead_idx").on(t.leadId),
  ],
);

/**
 * Tracked events. The two campaign indexes carry every column the aggregates read, so metrics,
 * unique counts and daily series are index-only scans over one campaign's slice.
 */
export const campaignEvents = pgTable(
  "campaign_events",
  {
    id: id(),
    workspaceId: workspaceId(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "set null" }),
    messageId: uuid("message_id").references(() => campaignMessages.id, { onDelete: "set null" }),
    type: text("type").$type<CampaignEventType>().notNull(),
    /** Mail-privacy proxies and link scanners: counted apart from people. */
    isBot: boolean("is_bot").notNull().default(false),
    step: integer("step"),
    variant: integer("variant"),
    /** The clicked URL (click events). */
    url: text("url"),
    detail: jsonb("detail").$type<Record<string, unknown>>(),
    occurredAt: ts("occurred_at").notNull().defaultNow(),
  },
  (t) => [
    index("campaign_events_totals_idx").on(t.campaignId, t.type, t.isBot, t.leadId),
    index("campaign_events_series_idx").on(t.campaignId, t.occurredAt, t.type, t.isBot, t.leadId),
    index("campaign_events_ws_series_idx").on(t.workspaceId, t.occurredAt, t.type, t.isBot, t.campaignId, t.leadId),
    // A message's events for the message log, index-only.
    index("campaign_events_message_type_idx").on(t.messageId, t.type, t.isBot, t.occurredAt),
    // A lead's events: the funnel's stages (analytics) and the lead's delete (on delete set null).
    index("campaign_events_lead_idx").on(t.leadId),
  ],
);

/** What happened to a campaign, for its page: launched by whom, paused, sender notes. */
export const campaignActivity = pgTable(
  "campaign_activity",
  {
    id: id(),
    workspaceId: workspaceId(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    message: text("message").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    data: jsonb("data").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("campaign_activity_campaign_idx").on(t.campaignId, t.createdAt)],
);
