/**
 * The CRM of a workspace: its pipeline stages, customers, deals with their stage history, tasks and
 * interactions. Links between records are real foreign keys, so nothing can dangle: a deal keeps
 * its customer (the service asks whether to detach or delete deals before a customer goes), tasks
 * and interactions lose a link when its record goes. Each list's search runs on a trigram index
 * over the same expression the repository queries (the *_SEARCH_EXPR constants).
 */
import { sql } from "drizzle-orm";
import { boolean, check, date, doublePrecision, index, integer, numeric, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, ts, updatedAt } from "../../db/columns.ts";
import { campaigns } from "../campaigns/campaigns.table.ts";
import { users } from "../identity/identity.table.ts";
import { leads } from "../leads/leads.table.ts";
import { workspaces } from "../organizations/organizations.table.ts";

const workspaceId = () =>
  uuid("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" });
const userRef = (name: string) => uuid(name).references(() => users.id, { onDelete: "set null" });

export type CrmTaskStatus = "open" | "in_progress" | "done" | "cancelled";
export type CrmInteractionType = "email" | "call" | "meeting" | "note";
/** Who wrote an interaction: a person, or the product when a reply, a one-off send or a booking happened. */
export type CrmInteractionSource = "manual" | "reply" | "compose" | "meeting";

/** Ordered stages of the workspace's pipeline; a deal is open unless its stage is won or lost. */
export const crmStages = pgTable(
  "crm_stages",
  {
    id: id(),
    workspaceId: workspaceId(),
    name: text("name").notNull(),
    position: integer("position").notNull(),
    /** Default win probability (0–100) of a deal in this stage that has none of its own. */
    probability: integer("probability").notNull(),
    isWon: boolean("is_won").notNull().default(false),
    isLost: boolean("is_lost").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("crm_stages_probability_ck", sql`${t.probability} between 0 and 100`),
    check("crm_stages_outcome_ck", sql`not (${t.isWon} and ${t.isLost})`),
    uniqueIndex("crm_stages_ws_name_unique").on(t.workspaceId, sql`lower(${t.name})`),
    index("crm_stages_ws_position_idx").on(t.workspaceId, t.position),
  ],
);

/** The text the customer search matches (crm_customers_search_trgm_idx). */
export const CUSTOMER_SEARCH_EXPR = sql.raw(`lower(name || ' ' || coalesce(email, '') || ' ' || coalesce(company, ''))`);

export const crmCustomers = pgTable(
  "crm_customers",
  {
    id: id(),
    workspaceId: workspaceId(),
    name: text("name").notNull(),
    email: text("email"),
    company: text("company"),
    phone: text("phone"),
    ownerId: userRef("owner_id"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    notes: text("notes"),
    /** The lead this customer was converted from; the lead's side of the link is this column. */
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "set null" }),
    createdBy: userRef("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("crm_customers_ws_created_idx").on(t.workspaceId, t.createdAt),
    index("crm_customers_ws_name_idx").on(t.workspaceId, sql`lower(${t.name})`),
    index("crm_customers_ws_owner_idx").on(t.workspaceId, t.ownerId, t.createdAt),
    index("crm_customers_ws_email_idx").on(t.workspaceId, sql`lower(${t.email})`),
    uniqueIndex("crm_customers_lead_unique").on(t.leadId).where(sql`${t.leadId} is not null`),
    index("crm_customers_tags_idx").using("gin", t.tags),
    index("crm_customers_search_trgm_idx").using("gin", sql`${CUSTOMER_SEARCH_EXPR} gin_trgm_ops`),
  ],
);

/** The text the deal search matches (crm_deals_search_trgm_idx). */
export const DEAL_SEARCH_EXPR = sql.raw(`lower(name || ' ' || coalesce(description, ''))`);

export const crmDeals = pgTable(
  "crm_deals",
  {
    id: id(),
    workspaceId: workspaceId(),
    name: text("name").notNull(),
    /** Amount in `currency`, two decimals. */
    value: numeric("value", { precision: 14, scale: 2, mode: "number" }).notNull().default(0),
    /** ISO 4217 code, upper case. */
    currency: text("currency").notNull().default("USD"),
    stageId: uuid("stage_id")
      .notNull()
      .references(() => crmStages.id, { onDelete: "restrict" }),
    /** Order within its stage's column on the board (lower first). */
    position: doublePrecision("position").notNull().default(0),
    description: text("description"),
    ownerId: userRef("owner_id"),
    /** 0–100; null means the stage's default probability. */
    probability: integer("probability"),
    expectedCloseDate: date("expected_close_date", { mode: "string" }),
    /** A customer with deals cannot be deleted until the service detached or deleted them. */
    customerId: uuid("customer_id").references(() => crmCustomers.id, { onDelete: "restrict" }),
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "set null" }),
    sourceCampaignId: uuid("source_campaign_id").references(() => campaigns.id, { onDelete: "set null" }),
    /** When the deal entered its current stage (time in stage, bottlenecks). */
    stageEnteredAt: ts("stage_entered_at").notNull().defaultNow(),
    /** Set when the deal enters a won or lost stage, cleared when it leaves one. */
    closedAt: ts("closed_at"),
    createdBy: userRef("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("crm_deals_value_ck", sql`${t.value} >= 0`),
    check("crm_deals_probability_ck", sql`${t.probability} is null or ${t.probability} between 0 and 100`),
    index("crm_deals_ws_created_idx").on(t.workspaceId, t.createdAt),
    index("crm_deals_ws_updated_idx").on(t.workspaceId, t.updatedAt),
    index("crm_deals_ws_stage_position_idx").on(t.workspaceId, t.stageId, t.position),
    index("crm_deals_ws_owner_idx").on(t.workspaceId, t.ownerId, t.createdAt),
    index("crm_deals_ws_close_idx").on(t.workspaceId, t.expectedCloseDate),
    index("crm_deals_ws_value_idx").on(t.workspaceId, t.value),
    index("crm_deals_customer_idx").on(t.customerId),
    index("crm_deals_lead_idx").on(t.leadId),
    index("crm_deals_campaign_idx").on(t.sourceCampaignId),
    index("crm_deals_search_trgm_idx").using("gin", sql`${DEAL_SEARCH_EXPR} gin_trgm_ops`),
  ],
);

/** Every stage a deal entered, with when and by whom: cycle times, conversion and bottlenecks. */
export const crmDealStageHistory = pgTable(
  "crm_deal_stage_history",
  {
    id: id(),
    workspaceId: workspaceId(),
    dealId: uuid("deal_id")
      .notNull()
      .references(() => crmDeals.id, { onDelete: "cascade" }),
    /** Null for the stage a deal was created in. */
    fromStageId: uuid("from_stage_id").references(() => crmStages.id, { onDelete: "set null" }),
    toStageId: uuid("to_stage_id").references(() => crmStages.id, { onDelete: "set null" }),
    changedBy: userRef("changed_by"),
    changedAt: ts("changed_at").notNull().defaultNow(),
  },
  (t) => [
    index("crm_deal_stage_history_deal_idx").on(t.dealId, t.changedAt),
    index("crm_deal_stage_history_ws_to_idx").on(t.workspaceId, t.toStageId, t.changedAt),
    index("crm_deal_stage_history_ws_from_idx").on(t.workspaceId, t.fromStageId, t.changedAt),
  ],
);

/** The text the task search matches (crm_tasks_search_trgm_idx). */
export const TASK_SEARCH_EXPR = sql.raw(`lower(title || ' ' || coalesce(description, ''))`);

export const crmTasks = pgTable(
  "crm_tasks",
  {
    id: id(),
    workspaceId: workspaceId(),
    title: text("title").notNull(),
    status: text("status").$type<CrmTaskStatus>().notNull().default("open"),
    dueAt: ts("due_at"),
    description: text("description"),
    assigneeId: userRef("assignee_id"),
    /** The record the task is about: at most one of customer, deal, lead is usual, all are allowed. */
    customerId: uuid("customer_id").references(() => crmCustomers.id, { onDelete: "set null" }),
    dealId: uuid("deal_id").references(() => crmDeals.id, { onDelete: "set null" }),
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "set null" }),
    /** When to remind the assignee (a notification); remindedAt marks it done. */
    remindAt: ts("remind_at"),
    remindedAt: ts("reminded_at"),
    completedAt: ts("completed_at"),
    createdBy: userRef("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("crm_tasks_ws_created_idx").on(t.workspaceId, t.createdAt, t.id),
    // The task list's default order: soonest due first, undated last (ascending B-tree order), id as tie-break.
    index("crm_tasks_ws_due_idx").on(t.workspaceId, t.dueAt, t.id),
    index("crm_tasks_ws_updated_idx").on(t.workspaceId, t.updatedAt, t.id),
    index("crm_tasks_ws_title_idx").on(t.workspaceId, sql`lower(${t.title})`, t.id),
    index("crm_tasks_ws_status_due_idx").on(t.workspaceId, t.status, t.dueAt),
    index("crm_tasks_ws_assignee_due_idx").on(t.workspaceId, t.assigneeId, t.dueAt),
    index("crm_tasks_customer_idx").on(t.customerId),
    index("crm_tasks_deal_idx").on(t.dealId),
    index("crm_tasks_lead_idx").on(t.leadId),
    // The reminder sweep reads only reminders still to send.
    index("crm_tasks_reminder_due_idx").on(t.remindAt).where(sql`${t.remindedAt} is null and ${t.remindAt} is not null`),
    index("crm_tasks_search_trgm_idx").using("gin", sql`${TASK_SEARCH_EXPR} gin_trgm_ops`),
  ],
);

/** The text the interaction search matches (crm_interactions_search_trgm_idx). */
export const INTERACTION_SEARCH_EXPR = sql.raw(`lower(subject || ' ' || coalesce(description, '') || ' ' || coalesce(notes, ''))`);

export const crmInteractions = pgTable(
  "crm_interactions",
  {
    id: id(),
    workspaceId: workspaceId(),
    subject: text("subject").notNull(),
    type: text("type").$type<CrmInteractionType>().notNull(),
    /** When it happened (the spec's `date`). */
    occurredAt: ts("occurred_at").notNull().defaultNow(),
    description: text("description"),
    notes: text("notes"),
    customerId: uuid("customer_id").references(() => crmCustomers.id, { onDelete: "set null" }),
    dealId: uuid("deal_id").references(() => crmDeals.id, { onDelete: "set null" }),
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "set null" }),
    campaignId: uuid("campaign_id").references(() => campaigns.id, { onDelete: "set null" }),
    source: text("source").$type<CrmInteractionSource>().notNull().default("manual"),
    /**
     * What the product recorded it from (a reply's or a sent message's id, "campaign:lead" for a
     * meeting): unique per workspace and source, so the same event is recorded once.
     */
    sourceRef: text("source_ref"),
    createdBy: userRef("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("crm_interactions_ws_occurred_idx").on(t.workspaceId, t.occurredAt),
    index("crm_interactions_ws_created_idx").on(t.workspaceId, t.createdAt, t.id),
    index("crm_interactions_ws_type_occurred_idx").on(t.workspaceId, t.type, t.occurredAt),
    index("crm_interactions_customer_idx").on(t.customerId, t.occurredAt),
    index("crm_interactions_deal_idx").on(t.dealId, t.occurredAt),
    index("crm_interactions_lead_idx").on(t.leadId, t.occurredAt),
    index("crm_interactions_campaign_idx").on(t.campaignId),
    uniqueIndex("crm_interactions_source_unique").on(t.workspaceId, t.source, t.sourceRef).where(sql`${t.sourceRef} is not null`),
    index("crm_interactions_search_trgm_idx").using("gin", sql`${INTERACTION_SEARCH_EXPR} gin_trgm_ops`),
  ],
);
