/** Client error reports (POST /api/errors/report); retention is bounded by the service. */
import { index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "../../db/columns.ts";

export const errorReports = pgTable(
  "error_reports",
  {
    id: id(),
    workspaceId: uuid("workspace_id"),
    userId: uuid("user_id"),
    type: text("type").notNull(),
    severity: text("severity").notNull(),
    message: text("message").notNull(),
    stack: text("stack"),
    context: jsonb("context").$type<Record<string, unknown>>(),
    url: text("url"),
    userAgent: text("user_agent"),
    /**
     * The grouping keys of /system-monitor (shell §8: counts by type, field and component): the
     * report's `field` and its context's `component`, '' when absent so a group is one equality.
     */
    field: text("field").notNull().default(""),
    component: text("component").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    index("error_reports_time_idx").on(t.createdAt),
    // One group's reports newest first: its latest example, first/last seen and daily trend.
    index("error_reports_group_idx").on(t.type, t.field, t.component, t.createdAt),
  ],
);
