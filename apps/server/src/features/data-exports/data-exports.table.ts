/** Data exports (one row per run, files under DATA_DIR/exports), scheduled exports, and workspace backups. */
import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, ts, updatedAt } from "../../db/columns.ts";
import { apiKeys } from "../api-keys/api-keys.table.ts";
import { users } from "../identity/identity.table.ts";
import { workspaces } from "../organizations/organizations.table.ts";

export interface ExportFileRow {
  name: string;
  size: number;
}

export const dataExports = pgTable(
  "data_exports",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    format: text("format").notNull(),
    status: text("status").$type<"queued" | "processing" | "completed" | "failed">().notNull().default("queued"),
    options: jsonb("options").$type<Record<string, unknown>>().notNull(),
    files: jsonb("files").$type<ExportFileRow[]>().notNull().default([]),
    /** The file the download link serves: the archive, or the only file. */
    mainFile: text("main_file"),
    fileSize: bigint("file_size", { mode: "number" }),
    error: text("error"),
    scheduledExportId: uuid("scheduled_export_id"),
    createdAt: createdAt(),
    completedAt: ts("completed_at"),
  },
  (t) => [
    index("data_exports_user_idx").on(t.userId, t.workspaceId, t.createdAt),
    index("data_exports_status_idx").on(t.status, t.createdAt),
    // One running export per user and workspace, enforced by the database (EXPORT_IN_PROGRESS).
    uniqueIndex("data_exports_one_running_uq").on(t.userId, t.workspaceId).where(sql`status in ('queued', 'processing')`),
  ],
);

export const scheduledExports = pgTable(
  "scheduled_exports",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    schedule: text("schedule").notNull(),
    timezone: text("timezone").notNull().default("UTC"),
    options: jsonb("options").$type<Record<string, unknown>>().notNull(),
    enabled: boolean("enabled").notNull().default(true),
    /**
     * The credential that created (or last changed) the schedule: each run re-checks it, so a
     * schedule made with an API key stops when the key is revoked or loses exports:create.
     */
    createdVia: text("created_via").$type<"session" | "api_key">().notNull().default("session"),
    /** Set null when the key is deleted; created_via still says a key made it, so the run stops. */
    apiKeyId: uuid("api_key_id").references(() => apiKeys.id, { onDelete: "set null" }),
    /** Why a run switched the schedule off (shown until the owner changes the schedule). */
    stoppedReason: text("stopped_reason"),
    lastRunAt: ts("last_run_at"),
    nextRunAt: ts("next_run_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("scheduled_exports_user_idx").on(t.userId, t.workspaceId), index("scheduled_exports_due_idx").on(t.enabled, t.nextRunAt)],
);

export const backupConfigs = pgTable(
  "backup_configs",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    enabled: boolean("enabled").notNull().default(false),
    frequency: text("frequency").$type<"daily" | "weekly" | "monthly">().notNull().default("weekly"),
    destination: text("destination").notNull().default("default"),
    retentionDays: integer("retention_days").notNull().default(30),
    retentionCount: integer("retention_count").notNull().default(10),
    includeAttachments: boolean("include_attachments").notNull().default(true),
    encryptBackups: boolean("encrypt_backups").notNull().default(true),
    notifyOnCompletion: boolean("notify_on_completion").notNull().default(true),
    /** Who gets the completion notification for scheduled runs: the last to change the settings. */
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    lastBackupAt: ts("last_backup_at"),
    nextBackupAt: ts("next_backup_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("backup_configs_ws_uq").on(t.workspaceId), index("backup_configs_due_idx").on(t.enabled, t.nextBackupAt)],
);

export const backups = pgTable(
  "backups",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    trigger: text("trigger").$type<"manual" | "scheduled">().notNull(),
    status: text("status").$type<"running" | "completed" | "failed">().notNull().default("running"),
    filePath: text("file_path"),
    size: bigint("size", { mode: "number" }),
    encrypted: boolean("encrypted").notNull(),
    includesAttachments: boolean("includes_attachments").notNull(),
    error: text("error"),
    createdAt: createdAt(),
    completedAt: ts("completed_at"),
  },
  (t) => [index("backups_ws_idx").on(t.workspaceId, t.createdAt)],
);
