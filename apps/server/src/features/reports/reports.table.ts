/**
 * Tables of the report builder: saved report definitions, their email schedules, and the log of
 * every delivery (one row per schedule and run slot, so a run is never sent twice).
 */
import type { ReportDefinition } from "@prospector/contracts";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, ts, updatedAt } from "../../db/columns.ts";
import { users } from "../identity/identity.table.ts";
import { workspaces } from "../organizations/organizations.table.ts";

export const savedReports = pgTable(
  "saved_reports",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    definition: jsonb("definition").$type<ReportDefinition>().notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("saved_reports_ws_name_uq").on(t.workspaceId, t.name),
    index("saved_reports_ws_page_idx").on(t.workspaceId, t.createdAt, t.id),
  ],
);

export const reportSchedules = pgTable(
  "report_schedules",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    reportId: uuid("report_id")
      .notNull()
      .references(() => savedReports.id, { onDelete: "cascade" }),
    frequency: text("frequency").$type<"daily" | "weekly" | "monthly">().notNull(),
    hour: integer("hour").notNull(),
    weekday: integer("weekday"),
    monthday: integer("monthday"),
    timezone: text("timezone").notNull(),
    recipients: jsonb("recipients").$type<string[]>().notNull(),
    format: text("format").$type<"csv" | "xlsx" | "pdf">().notNull(),
    enabled: boolean("enabled").notNull().default(true),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    nextRunAt: ts("next_run_at"),
    lastRunAt: ts("last_run_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("report_schedules_report_idx").on(t.reportId), index("report_schedules_due_idx").on(t.nextRunAt)],
);

export const reportDeliveries = pgTable(
  "report_deliveries",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    scheduleId: uuid("schedule_id")
      .notNull()
      .references(() => reportSchedules.id, { onDelete: "cascade" }),
    reportId: uuid("report_id")
      .notNull()
      .references(() => savedReports.id, { onDelete: "cascade" }),
    slot: timestamp("slot", { withTimezone: true, mode: "date" }).notNull(),
    manual: boolean("manual").notNull().default(false),
    format: text("format").$type<"csv" | "xlsx" | "pdf">().notNull(),
    recipients: jsonb("recipients").$type<string[]>().notNull(),
    /** Recipient → the mail_messages row queued for them (a retried run skips those already queued). */
    mailIds: jsonb("mail_ids").$type<Record<string, string>>().notNull().default({}),
    status: text("status").$type<"preparing" | "queued" | "failed">().notNull().default("preparing"),
    periodFrom: text("period_from"),
    periodTo: text("period_to"),
    rows: integer("rows"),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("report_deliveries_slot_uq").on(t.scheduleId, t.slot),
    index("report_deliveries_ws_page_idx").on(t.workspaceId, t.createdAt, t.id),
  ],
);
