/**
 * Tables of the analytics feature (engine part, docs/analytics.md "The engine").
 *
 * analytics_daily: the mail metrics of every sent campaign message, summed per (workspace, UTC send
 * day, campaign, inbox, step, variant). Events count on the SEND day of their message (cohort): a
 * reply on Tuesday to Monday's message counts on Monday. A refresh rewrites whole (workspace, day,
 * campaign) groups, so the table holds exactly what a live recount of those messages gives.
 *
 * analytics_refresh_state: per workspace, the watermark of the last refresh (everything sent or
 * tracked before it, less an overlap, is in analytics_daily) and what the last run did.
 */
import { sql } from "drizzle-orm";
import { date, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { ts } from "../../db/columns.ts";
import { campaigns } from "../campaigns/campaigns.table.ts";
import { workspaces } from "../organizations/organizations.table.ts";

export const analyticsDaily = pgTable(
  "analytics_daily",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** The UTC calendar day the message was sent. */
    day: date("day", { mode: "string" }).notNull(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    inboxId: uuid("inbox_id"),
    step: integer("step").notNull(),
    variant: integer("variant").notNull(),
    sent: integer("sent").notNull().default(0),
    bounced: integer("bounced").notNull().default(0),
    opened: integer("opened").notNull().default(0),
    clicked: integer("clicked").notNull().default(0),
    replied: integer("replied").notNull().default(0),
    meetings: integer("meetings").notNull().default(0),
    unsubscribed: integer("unsubscribed").notNull().default(0),
    complaints: integer("complaints").notNull().default(0),
  },
  (t) => [
    // Every report reads one workspace's day range; refresh rewrites (workspace, day, campaign) groups.
    index("analytics_daily_ws_day_idx").on(t.workspaceId, t.day, t.campaignId),
    index("analytics_daily_campaign_idx").on(t.campaignId, t.day),
  ],
);

export const analyticsRefreshState = pgTable("analytics_refresh_state", {
  workspaceId: uuid("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  /** Sends and events at or after (watermark − overlap) are re-read by the next refresh. */
  watermark: ts("watermark").notNull(),
  /** When the rollup last finished a refresh (what ReportResult.computed_at shows). */
  computedAt: ts("computed_at").notNull(),
  /** The last full rebuild (every day of the workspace), done at least daily. */
  fullAt: ts("full_at").notNull(),
  /** idle | queued | running, for the page's "refreshing" state. */
  status: text("status").notNull().default("idle"),
  groupsRefreshed: integer("groups_refreshed").notNull().default(0),
  durationMs: integer("duration_ms").notNull().default(0),
  queuedAt: ts("queued_at").default(sql`null`),
});
