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
    createdAt: createdAt(),
  },
  (t) => [index("error_reports_time_idx").on(t.createdAt)],
);
