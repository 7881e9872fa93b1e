/**
 * Leads of a workspace, their CSV import jobs and the audit of merged duplicates. Search runs on one
 * trigram index over name, email and company; every list filter and the main sorts have an index.
 */
import type { DuplicatePolicy, EmailStatus, FieldProvenance, ImportMapping, ImportRowError, LeadStatus } from "@prospector/contracts";
import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, ts, updatedAt } from "../../db/columns.ts";
import { users } from "../identity/identity.table.ts";
import { workspaces } from "../organizations/organizations.table.ts";

/** The text the lead search box matches: indexed by leads_search_trgm_idx and queried the same way. */
export const LEAD_SEARCH_EXPR = sql.raw(
  `(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(company_name, ''))`,
);

export const leads = pgTable(
  "leads",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    firstName: text("first_name"),
    lastName: text("last_name"),
    email: text("email"),
    companyName: text("company_name"),
    role: text("role"),
    industry: text("industry"),
    painPoint: text("pain_point"),
    companyInsight: text("company_insight"),
    /**
     * The campaign the lead was last added to. No foreign key: campaigns sits above leads; leads
     * checks the id through the leads.knownCampaigns hook, and campaigns clears it when a campaign goes.
     */
    campaignId: uuid("campaign_id"),
    phone: text("phone"),
    website: text("website"),
    linkedinUrl: text("linkedin_url"),
    city: text("city"),
    country: text("country"),
    seniority: text("seniority"),
    department: text("department"),
    source: text("source").notNull().default("manual"),
    status: text("status").$type<LeadStatus>().notNull().default("new"),
    score: integer("score"),
    scoreBreakdown: jsonb("score_breakdown").$type<Record<string, number>>(),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    ownerId: uuid("owner_id").references(() => users.id, { onDelete: "set null" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    customFields: jsonb("custom_fields").$type<Record<string, unknown>>().notNull().default({}),
    emailStatus: text("email_status").$type<EmailStatus>().notNull().default("unknown"),
    provenance: jsonb("provenance").$type<Record<string, FieldProvenance>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastActivityAt: ts("last_activity_at"),
  },
  (t) => [
    // Emails are stored lower-case (the check makes it so), so uniqueness is case-insensitive on the
    // plain column, whose statistics let a 1000-address duplicate lookup use this index; an index on
    // lower(email) has none and the planner chose a full scan.
    check("leads_email_lower_ck", sql`${t.email} = lower(${t.email})`),
    uniqueIndex("leads_ws_email_unique").on(t.workspaceId, t.email).where(sql`${t.email} is not null`),
    index("leads_ws_created_idx").on(t.workspaceId, t.createdAt),
    index("leads_ws_updated_idx").on(t.workspaceId, t.updatedAt),
    // Scores and activity are read high → low, empty last: the index holds that order, with the id
    // tie-break, because thousands of leads share a score (or have none) and a page must not sort them.
    index("leads_ws_activity_order_idx").on(t.workspaceId, t.lastActivityAt.desc().nullsLast(), t.id.desc()),
    index("leads_ws_score_order_idx").on(t.workspaceId, t.score.desc().nullsLast(), t.id.desc()),
    // A filter plus the default newest-first order is one index range, no sort.
    index("leads_ws_status_created_idx").on(t.workspaceId, t.status, t.createdAt),
    index("leads_ws_source_created_idx").on(t.workspaceId, t.source, t.createdAt),
    index("leads_ws_email_status_created_idx").on(t.workspaceId, t.emailStatus, t.createdAt),
    index("leads_ws_campaign_created_idx").on(t.workspaceId, t.campaignId, t.createdAt),
    index("leads_ws_owner_created_idx").on(t.workspaceId, t.ownerId, t.createdAt),
    // Case-insensitive: name sorts and the name + company duplicate lookup use lower().
    index("leads_ws_company_lower_idx").on(t.workspaceId, sql`lower(${t.companyName})`),
    index("leads_ws_name_lower_idx").on(t.workspaceId, sql`lower(${t.lastName})`, sql`lower(${t.firstName})`),
    index("leads_tags_idx").using("gin", t.tags),
    index("leads_search_trgm_idx").using("gin", sql`${LEAD_SEARCH_EXPR} gin_trgm_ops`),
  ],
);

export const leadImportJobs = pgTable(
  "lead_import_jobs",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status").$type<"queued" | "running" | "completed" | "failed">().notNull().default("queued"),
    fileName: text("file_name").notNull(),
    filePath: text("file_path").notNull(),
    fileSize: bigint("file_size", { mode: "number" }).notNull(),
    mapping: jsonb("mapping").$type<ImportMapping>().notNull(),
    duplicatePolicy: text("duplicate_policy").$type<DuplicatePolicy>().notNull(),
    /** Bytes of the file consumed so far; progress is this over file_size. */
    bytesProcessed: bigint("bytes_processed", { mode: "number" }).notNull().default(0),
    processedRows: integer("processed_rows").notNull().default(0),
    created: integer("created").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    skipped: integer("skipped").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    /** The first 1000 row errors with the row's cells as [header, value] in file order (jsonb keeps no key order). */
    errors: jsonb("errors").$type<(ImportRowError & { values: [string, string][] })[]>().notNull().default([]),
    error: text("error"),
    createdAt: createdAt(),
    startedAt: ts("started_at"),
    finishedAt: ts("finished_at"),
    updatedAt: updatedAt(),
  },
  (t) => [index("lead_import_jobs_ws_idx").on(t.workspaceId, t.createdAt)],
);

/** Audit of a duplicate merge: which leads went into which, and the values taken from each. */
export const leadMerges = pgTable(
  "lead_merges",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    keptLeadId: uuid("kept_lead_id").notNull(),
    mergedLeadIds: uuid("merged_lead_ids").array().notNull(),
    match: text("match").notNull(),
    matchKey: text("match_key").notNull(),
    /** {field: lead id it was taken from}. */
    takenFrom: jsonb("taken_from").$type<Record<string, string>>().notNull(),
    /** The merged-away leads as they were, so a merge can be inspected or undone by hand. */
    mergedSnapshots: jsonb("merged_snapshots").$type<Record<string, unknown>[]>().notNull(),
    mergedBy: uuid("merged_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("lead_merges_ws_idx").on(t.workspaceId, t.createdAt), index("lead_merges_kept_idx").on(t.keptLeadId)],
);
