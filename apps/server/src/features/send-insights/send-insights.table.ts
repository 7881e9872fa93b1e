/**
 * Tables of the send-insights feature: the mailbox provider of each email domain of a workspace's
 * leads (from MX records, filled by a lookup job, never in a request), and those lookup jobs with
 * their progress. Per workspace, so one workspace's lookups neither show nor cost another's.
 */
import type { InsightsRefreshStatus, MailProvider, MxLookupJobStatus, MxLookupStatus } from "@prospector/contracts";
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, ts, updatedAt } from "../../db/columns.ts";
import { users } from "../identity/identity.table.ts";
import { workspaces } from "../organizations/organizations.table.ts";

const workspaceId = () =>
  uuid("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" });

export const sendInsightsMailDomains = pgTable(
  "send_insights_mail_domains",
  {
    id: id(),
    workspaceId: workspaceId(),
    /** Lower-case, the part after @ of a lead's address. */
    domain: text("domain").notNull(),
    provider: text("provider").$type<MailProvider>().notNull(),
    status: text("status").$type<MxLookupStatus>().notNull(),
    /** MX exchanges, most preferred first. */
    mxHosts: text("mx_hosts").array().notNull().default(sql`'{}'::text[]`),
    /** Why the provider is unknown (timeout, no MX…), in plain words. */
    error: text("error"),
    checkedAt: ts("checked_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("send_insights_mail_domains_ws_domain_uq").on(t.workspaceId, t.domain),
    index("send_insights_mail_domains_ws_provider_idx").on(t.workspaceId, t.provider, t.domain),
    index("send_insights_mail_domains_ws_checked_idx").on(t.workspaceId, t.checkedAt),
  ],
);

export const sendInsightsLookupJobs = pgTable(
  "send_insights_lookup_jobs",
  {
    id: id(),
    workspaceId: workspaceId(),
    status: text("status").$type<MxLookupJobStatus>().notNull().default("queued"),
    force: integer("force").notNull().default(0),
    total: integer("total").notNull().default(0),
    processed: integer("processed").notNull().default(0),
    classified: integer("classified").notNull().default(0),
    unresolved: integer("unresolved").notNull().default(0),
    error: text("error"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    startedAt: ts("started_at"),
    finishedAt: ts("finished_at"),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("send_insights_lookup_jobs_ws_created_idx").on(t.workspaceId, t.createdAt),
    index("send_insights_lookup_jobs_ws_status_idx").on(t.workspaceId, t.status),
  ],
);

/**
 * Computed answers, so the pages read a row instead of aggregating every send: kind "send_time"
 * (the weekday × hour counts and zone coverage; metric and block are applied when read) or
 * "providers" (the whole answer), per period (`days`) and campaign ('' = the whole workspace).
 * A refresh job recomputes a row when new sends or events arrive (debounced), when asked, or
 * when it is old; its progress is kept here so every process and page sees it.
 */
export const sendInsightsSnapshots = pgTable(
  "send_insights_snapshots",
  {
    id: id(),
    workspaceId: workspaceId(),
    kind: text("kind").$type<"send_time" | "providers">().notNull(),
    days: integer("days").notNull(),
    /** '' for the whole workspace, else the campaign's id. */
    campaignId: text("campaign_id").notNull().default(""),
    payload: jsonb("payload").$type<unknown>(),
    /** The instant the answer's data was read (its window ends here). */
    computedAt: ts("computed_at"),
    durationMs: integer("duration_ms"),
    /** New sends or events were seen after computed_at (set by the change check, or a finished MX lookup). */
    staleSince: ts("stale_since"),
    /** Someone read it: rows nobody read for a while are not recomputed, and are purged. */
    readAt: ts("read_at").notNull().defaultNow(),
    refreshStatus: text("refresh_status").$type<InsightsRefreshStatus>().notNull().default("idle"),
    refreshProgress: integer("refresh_progress").notNull().default(0),
    refreshStep: text("refresh_step"),
    refreshError: text("refresh_error"),
    refreshRequestedAt: ts("refresh_requested_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("send_insights_snapshots_key_uq").on(t.workspaceId, t.kind, t.days, t.campaignId),
    index("send_insights_snapshots_read_idx").on(t.readAt),
  ],
);

/**
 * Per workspace, how the change check sees its data: counts of sends, bounces and events since
 * `mark_from` (a recent instant). A count that moved means new data: changed_at is set and the
 * snapshots computed before it are recomputed.
 */
export const sendInsightsDataMarks = pgTable("send_insights_data_marks", {
  workspaceId: uuid("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  markFrom: ts("mark_from").notNull(),
  mark: text("mark").notNull(),
  checkedAt: ts("checked_at").notNull().defaultNow(),
  changedAt: ts("changed_at"),
});
