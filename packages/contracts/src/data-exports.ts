/**
 * Data & export tab (outreach-core §3 "Export history", "Export options", "Scheduled exports",
 * "Backup"; §9 default max file size 100, in MB): exports run as jobs and are downloaded by their
 * owner only; backups cover a whole workspace and can be restored.
 */
import { z } from "zod";

export const ExportFormat = z.enum(["csv", "json", "xlsx"]);
export type ExportFormat = z.infer<typeof ExportFormat>;
export const ExportStatus = z.enum(["queued", "processing", "completed", "failed"]);
export type ExportStatus = z.infer<typeof ExportStatus>;
export const ExportType = z.enum(["personal_data", "campaign_data", "analytics_data", "system_logs", "multiple"]);
export type ExportType = z.infer<typeof ExportType>;

export const DEFAULT_EXPORT_MAX_FILE_SIZE_MB = 100;
export const MAX_SCHEDULED_EXPORTS = 20;

export const DateRange = z
  .object({
    from: z.iso.datetime({ offset: true }).nullable().optional(),
    to: z.iso.datetime({ offset: true }).nullable().optional(),
  })
  .refine((r) => !r.from || !r.to || Date.parse(r.from) <= Date.parse(r.to), { message: "The start must be before the end", path: ["to"] });
export type DateRange = z.infer<typeof DateRange>;

export const ExportOptions = z
  .object({
    includePersonalData: z.boolean().default(true),
    includeCampaignData: z.boolean().default(false),
    includeAnalyticsData: z.boolean().default(false),
    includeSystemLogs: z.boolean().default(false),
    dateRange: DateRange.nullable().default(null),
    format: ExportFormat.default("json"),
    compression: z.enum(["none", "zip"]).default("zip"),
    splitLargeFiles: z.boolean().default(false),
    /** Megabytes per file when splitting. */
    maxFileSize: z.number().min(0.01, "At least 0.01 MB").max(10_000).default(DEFAULT_EXPORT_MAX_FILE_SIZE_MB),
  })
  .refine((o) => o.includePersonalData || o.includeCampaignData || o.includeAnalyticsData || o.includeSystemLogs, {
    message: "Choose at least one kind of data",
    path: ["includePersonalData"],
  });
export type ExportOptions = z.infer<typeof ExportOptions>;
export type ExportOptionsInput = z.input<typeof ExportOptions>;

export const ExportFile = z.object({ name: z.string(), size: z.number().int(), downloadUrl: z.string() });
export type ExportFile = z.infer<typeof ExportFile>;

export const ExportRecord = z.object({
  id: z.string(),
  type: ExportType,
  format: ExportFormat,
  status: ExportStatus,
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** The archive (or the only file); null until completed. */
  downloadUrl: z.string().nullable(),
  fileSize: z.number().int().nullable(),
  files: z.array(ExportFile),
  error: z.string().nullable(),
  options: z.record(z.string(), z.unknown()),
  scheduledExportId: z.string().nullable(),
});
export type ExportRecord = z.infer<typeof ExportRecord>;

export const ScheduledExport = z.object({
  id: z.string(),
  name: z.string(),
  /** Five-field cron expression (minute hour day month weekday), evaluated in `timezone`. */
  schedule: z.string(),
  timezone: z.string(),
  options: z.record(z.string(), z.unknown()),
  enabled: z.boolean(),
  lastRun: z.string().nullable(),
  nextRun: z.string().nullable(),
  createdAt: z.string(),
  /** Each run acts with the credential that made or last changed the schedule: the owner signed in, or an API key. */
  createdWith: z.enum(["session", "api_key"]),
  /** Why a run switched the schedule off (e.g. its API key was revoked); null while it runs normally. */
  stoppedReason: z.string().nullable(),
});
export type ScheduledExport = z.infer<typeof ScheduledExport>;

export const ScheduledExportInput = z.object({
  name: z.string().trim().min(1, "Name is required").max(100),
  schedule: z.string().trim().min(1, "Enter a cron expression").max(100),
  timezone: z.string().max(100).default("UTC"),
  options: ExportOptions,
  enabled: z.boolean().default(true),
});
export type ScheduledExportInput = z.input<typeof ScheduledExportInput>;

export const ScheduledExportUpdate = z.object({
  name: z.string().trim().min(1, "Name is required").max(100).optional(),
  schedule: z.string().trim().min(1, "Enter a cron expression").max(100).optional(),
  timezone: z.string().max(100).optional(),
  options: ExportOptions.optional(),
  enabled: z.boolean().optional(),
});

// ---- Backups ------------------------------------------------------------------------------

export const BackupSettings = z.object({
  enabled: z.boolean(),
  frequency: z.enum(["daily", "weekly", "monthly"]),
  /** A folder under DATA_DIR/backups, or (instance administrators only) an absolute path. */
  destination: z.string(),
  retentionDays: z.number().int(),
  retentionCount: z.number().int(),
  includeAttachments: z.boolean(),
  encryptBackups: z.boolean(),
  notifyOnCompletion: z.boolean(),
  lastBackup: z.string().nullable(),
  nextBackup: z.string().nullable(),
});
export type BackupSettings = z.infer<typeof BackupSettings>;

export const BackupSettingsUpdate = z
  .object({
    enabled: z.boolean(),
    frequency: z.enum(["daily", "weekly", "monthly"]),
    destination: z.string().trim().min(1, "Choose a folder").max(500),
    retentionDays: z.number().int().min(1, "At least 1 day").max(3650),
    retentionCount: z.number().int().min(1, "Keep at least 1 backup").max(1000),
    includeAttachments: z.boolean(),
    encryptBackups: z.boolean(),
    notifyOnCompletion: z.boolean(),
  })
  .partial();
export type BackupSettingsUpdate = z.infer<typeof BackupSettingsUpdate>;

export const Backup = z.object({
  id: z.string(),
  status: z.enum(["running", "completed", "failed"]),
  trigger: z.enum(["manual", "scheduled"]),
  fileName: z.string().nullable(),
  size: z.number().int().nullable(),
  encrypted: z.boolean(),
  includesAttachments: z.boolean(),
  error: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Backup = z.infer<typeof Backup>;

export const RestoreResult = z.object({
  backupCreatedAt: z.string(),
  /** Rows written back per table. */
  tables: z.record(z.string(), z.number().int()),
  attachments: z.number().int(),
});
export type RestoreResult = z.infer<typeof RestoreResult>;
