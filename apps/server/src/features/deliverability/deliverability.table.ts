/**
 * The latest answer of each check per workspace and sending domain (docs/deliverability.md): the
 * pages read these rows (cached checks), a refresh job rewrites them. Other tables of the feature
 * (history for trends) live here too.
 */
import type { CheckStatus } from "@prospector/contracts";
import { date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, ts } from "../../db/columns.ts";
import { workspaces } from "../organizations/organizations.table.ts";

export const deliverabilityChecks = pgTable(
  "deliverability_checks",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Lower-case sending domain (the part after @ of an inbox's address). */
    domain: text("domain").notNull(),
    /** spf, dkim, dmarc, mx, or blocklist:<zone> (contracts CheckKind). */
    kind: text("kind").notNull(),
    status: text("status").$type<CheckStatus>().notNull(),
    summary: text("summary").notNull(),
    found: text("found"),
    fix: jsonb("fix").$type<{ name: string; type: string; value: string } | null>(),
    checkedAt: ts("checked_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("deliverability_checks_key_uq").on(t.workspaceId, t.domain, t.kind),
    index("deliverability_checks_checked_idx").on(t.checkedAt),
  ],
);

/** Per sending domain, what the user saved: the DKIM selector their provider signs with. */
export const deliverabilityDomains = pgTable(
  "deliverability_domains",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    domain: text("domain").notNull(),
    dkimSelector: text("dkim_selector"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("deliverability_domains_key_uq").on(t.workspaceId, t.domain)],
);

/** History for trends: each domain's check statuses as the day's last run left them. */
export const deliverabilityDaily = pgTable(
  "deliverability_daily",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    domain: text("domain").notNull(),
    /** UTC day. */
    day: date("day", { mode: "string" }).notNull(),
    /** kind → status (spf, dkim, dmarc, mx, blocklist:<zone>). */
    checks: jsonb("checks").$type<Record<string, CheckStatus>>().notNull(),
    /** Sent, bounced and complained that day from the domain's inboxes, as counted at the run. */
    sent: integer("sent").notNull().default(0),
    bounces: integer("bounces").notNull().default(0),
    complaints: integer("complaints").notNull().default(0),
    checkedAt: ts("checked_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("deliverability_daily_key_uq").on(t.workspaceId, t.day, t.domain)],
);

/** A check run (the refresh job): its progress for the page's progress bar. */
export const deliverabilityRuns = pgTable(
  "deliverability_runs",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    status: text("status").$type<"queued" | "running" | "done" | "failed">().notNull().default("queued"),
    /** Only this domain, or null for all of the workspace's sending domains. */
    domain: text("domain"),
    total: integer("total").notNull().default(0),
    done: integer("done").notNull().default(0),
    error: text("error"),
    createdAt: createdAt(),
    finishedAt: ts("finished_at"),
  },
  (t) => [index("deliverability_runs_ws_idx").on(t.workspaceId, t.createdAt)],
);
