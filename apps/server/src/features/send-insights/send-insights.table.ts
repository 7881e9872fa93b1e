/**
 * Tables of the send-insights feature: the mailbox provider of each email domain of a workspace's
 * leads (from MX records, filled by a lookup job, never in a request), and those lookup jobs with
 * their progress. Per workspace, so one workspace's lookups neither show nor cost another's.
 */
import type { MailProvider, MxLookupJobStatus, MxLookupStatus } from "@prospector/contracts";
import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
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
