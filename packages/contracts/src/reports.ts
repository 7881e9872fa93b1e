/**
 * Contracts of the report builder (docs/analytics/reports.md): saved report definitions (an
 * engine query with a relative or fixed period and a chart type), their email schedules, the
 * delivery log, and exports as CSV, XLSX or PDF.
 */
import { z } from "zod";
import { DimensionKey, MetricKey, ReportFilters } from "./analytics-engine.ts";

const isoDate = z.iso.date("Use a date like 2026-01-31");

/** "The last N days" (UTC, today included) moves with each run; a fixed range does not. */
export const ReportPeriod = z.union([
  z.object({ last_days: z.coerce.number().int().min(1, "At least 1 day").max(730, "At most 730 days") }).strict(),
  z.object({ from: isoDate, to: isoDate }).strict(),
]);
export type ReportPeriod = z.infer<typeof ReportPeriod>;

export const ReportChartType = z.enum(["line", "bar", "table"], { error: "Choose line, bar or table" });
export type ReportChartType = z.infer<typeof ReportChartType>;

/** A report: the engine's query without its page cursor, over a period that may be relative. */
export const ReportDefinition = z.object({
  metrics: z.array(MetricKey).min(1, "Choose at least one metric").max(10, "At most 10 metrics"),
  dimensions: z.array(DimensionKey).max(2, "At most 2 dimensions").default([]),
  filters: ReportFilters.default({}),
  sort: MetricKey.optional(),
  period: ReportPeriod,
  chart: ReportChartType.default("table"),
});
export type ReportDefinition = z.infer<typeof ReportDefinition>;
export type ReportDefinitionInput = z.input<typeof ReportDefinition>;

const reportName = z.string().trim().min(1, "Give the report a name").max(120, "At most 120 characters");

export const SavedReportInput = z.object({ name: reportName, definition: ReportDefinition });
export type SavedReportInput = z.input<typeof SavedReportInput>;

export const SavedReportUpdate = z.object({ name: reportName.optional(), definition: ReportDefinition.optional() });
export type SavedReportUpdate = z.input<typeof SavedReportUpdate>;

export const SavedReport = z.object({
  id: z.uuid(),
  name: z.string(),
  definition: ReportDefinition,
  created_by: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  schedules: z.number().int(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type SavedReport = z.infer<typeof SavedReport>;

const ReportsPageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(200).optional(),
});

export const SavedReportListQuery = ReportsPageQuery;
export const SavedReportList = z.object({ reports: z.array(SavedReport), next_cursor: z.string().nullable() });
export type SavedReportList = z.infer<typeof SavedReportList>;

export const ReportExportFormat = z.enum(["csv", "xlsx", "pdf"], { error: "Choose csv, xlsx or pdf" });
export type ReportExportFormat = z.infer<typeof ReportExportFormat>;

export const ReportExportQuery = z.object({ format: ReportExportFormat });
/** POST /api/reports/export: an unsaved definition, exported as it stands. */
export const ReportExportInput = z.object({
  name: reportName.default("Report"),
  definition: ReportDefinition,
  format: ReportExportFormat,
});
export type ReportExportInput = z.input<typeof ReportExportInput>;

export const ReportFrequency = z.enum(["daily", "weekly", "monthly"], { error: "Choose daily, weekly or monthly" });
export type ReportFrequency = z.infer<typeof ReportFrequency>;

export const MAX_REPORT_RECIPIENTS = 20;

export const ReportScheduleInput = z
  .object({
    frequency: ReportFrequency,
    /** Hour of the day in the schedule's time zone. */
    hour: z.coerce.number().int().min(0, "Between 0 and 23").max(23, "Between 0 and 23"),
    /** 0 = Sunday … 6 = Saturday; weekly schedules only. */
    weekday: z.coerce.number().int().min(0, "Between 0 (Sunday) and 6").max(6, "Between 0 (Sunday) and 6").nullable().default(null),
    /** 1–28 so every month has the day; monthly schedules only. */
    monthday: z.coerce.number().int().min(1, "Between 1 and 28").max(28, "Between 1 and 28").nullable().default(null),
    timezone: z.string().min(1, "Choose a time zone").max(64),
    /** Members of the workspace only (their sign-in addresses). */
    recipients: z
      .array(z.email("Not a valid email address"))
      .min(1, "Add at least one recipient")
      .max(MAX_REPORT_RECIPIENTS, `At most ${MAX_REPORT_RECIPIENTS} recipients`),
    format: ReportExportFormat.default("pdf"),
    enabled: z.boolean().default(true),
  })
  .superRefine((v, issue) => {
    if (v.frequency === "weekly" && v.weekday === null) issue.addIssue({ code: "custom", path: ["weekday"], message: "Choose a weekday" });
    if (v.frequency === "monthly" && v.monthday === null) {
      issue.addIssue({ code: "custom", path: ["monthday"], message: "Choose a day of the month" });
    }
  });
export type ReportScheduleInput = z.input<typeof ReportScheduleInput>;

export const ReportDeliveryStatus = z.enum(["preparing", "queued", "sent", "local", "retrying", "failed"]);
export type ReportDeliveryStatus = z.infer<typeof ReportDeliveryStatus>;

export const ReportSchedule = z.object({
  id: z.uuid(),
  report_id: z.uuid(),
  frequency: ReportFrequency,
  hour: z.number().int(),
  weekday: z.number().int().nullable(),
  monthday: z.number().int().nullable(),
  timezone: z.string(),
  recipients: z.array(z.string()),
  format: ReportExportFormat,
  enabled: z.boolean(),
  next_run_at: z.iso.datetime().nullable(),
  last_run_at: z.iso.datetime().nullable(),
  last_status: ReportDeliveryStatus.nullable(),
  last_error: z.string().nullable(),
  created_at: z.iso.datetime(),
});
export type ReportSchedule = z.infer<typeof ReportSchedule>;

export const ReportScheduleList = z.object({ schedules: z.array(ReportSchedule) });
export type ReportScheduleList = z.infer<typeof ReportScheduleList>;

export const ReportDelivery = z.object({
  id: z.uuid(),
  schedule_id: z.uuid(),
  report_id: z.uuid(),
  report_name: z.string(),
  /** The run slot (the due time), or the moment of a "Send now". */
  slot: z.iso.datetime(),
  manual: z.boolean(),
  format: ReportExportFormat,
  period_from: z.string().nullable(),
  period_to: z.string().nullable(),
  rows: z.number().int().nullable(),
  /** Per recipient: the mail's state in the outgoing mail log. */
  recipients: z.array(z.object({ email: z.string(), status: z.enum(["queued", "sent", "local", "failed"]), error: z.string().nullable() })),
  status: ReportDeliveryStatus,
  error: z.string().nullable(),
  attempts: z.number().int(),
  created_at: z.iso.datetime(),
});
export type ReportDelivery = z.infer<typeof ReportDelivery>;

export const ReportDeliveryListQuery = ReportsPageQuery.extend({ report_id: z.uuid("Not a valid report id").optional() });
export const ReportDeliveryList = z.object({ deliveries: z.array(ReportDelivery), next_cursor: z.string().nullable() });
export type ReportDeliveryList = z.infer<typeof ReportDeliveryList>;

/** The members a schedule may send to. */
export const ReportRecipientOptions = z.object({ members: z.array(z.object({ id: z.uuid(), email: z.string(), name: z.string() })) });
export type ReportRecipientOptions = z.infer<typeof ReportRecipientOptions>;
