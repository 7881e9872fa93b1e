/**
 * Workspace backups (outreach-core §3 "Backup"): settings with a schedule, runs as jobs, retention
 * by count and age, AES-256-GCM encryption, a notification on completion, and restore from a kept
 * backup or an uploaded file. Configuring, running and restoring need settings:update.
 */
import fs from "node:fs";
import path from "node:path";
import type { Backup, BackupSettings, BackupSettingsUpdate, RestoreResult } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError, validationError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { storageUsage } from "../billing/index.ts";
import { createNotification } from "../notifications/index.ts";
import { BackupFormatError, type BackupPayload, BackupTooLargeError, backupKey, decodeBackupFile, encodeBackup } from "./backup.format.ts";
import { parseBackupTables, RESTORABLE_TABLES, RestoreRefused, restorableDump } from "./backup.restore.ts";
import { restorePlan } from "./backup-restore.repository.ts";
import { dumpWorkspace, estimateWorkspaceBytes } from "./backup-snapshot.repository.ts";
import { type BackupConfigRow, type BackupRow, createBackupsRepository } from "./backups.repository.ts";
import { defaultBackupsDir, formatBytes, spaceFor, workspaceUploadsDir } from "./storage.ts";

export const BACKUP_JOB = "backups.run";
type Frequency = BackupConfigRow["frequency"];

export function nextBackupAfter(from: Date, frequency: Frequency): Date {
  const d = new Date(from);
  if (frequency === "daily") d.setUTCDate(d.getUTCDate() + 1);
  else if (frequency === "weekly") d.setUTCDate(d.getUTCDate() + 7);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return d;
}

/** Where a destination setting points; relative folders stay inside DATA_DIR/backups. */
export function resolveDestination(ctx: Pick<AppContext, "config">, destination: string, allowAbsolute: boolean): string {
  const base = defaultBackupsDir(ctx.config);
  if (destination === "default") return base;
  if (path.isAbsolute(destination)) {
    if (!allowAbsolute)
      throw validationError([
        { field: "destination", message: "Only an instance administrator can choose a folder outside the data folder" },
      ]);
    return path.normalize(destination);
  }
  const full = path.resolve(base, destination);
  if (!full.startsWith(base + path.sep)) {
    throw validationError([{ field: "destination", message: "Choose a folder inside the backups folder (no ..)" }]);
  }
  return full;
}

function assertWritable(dir: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.accessSync(dir, fs.constants.W_OK);
  } catch (err) {
    throw new AppError(
      "BACKUP_DESTINATION_UNAVAILABLE",
      `The backup folder ${dir} is not writable (${(err as NodeJS.ErrnoException).code ?? "error"})`,
    );
  }
}

export function toBackup(row: BackupRow): Backup {
  return {
    id: row.id,
    status: row.status,
    trigger: row.trigger,
    fileName: row.filePath ? path.basename(row.filePath) : null,
    size: row.size,
    encrypted: row.encrypted,
    includesAttachments: row.includesAttachments,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

const repoOf = (ctx: Pick<AppContext, "db">) => createBackupsRepository(ctx.db);
const keyOf = (ctx: Pick<AppContext, "config">) => backupKey(ctx.config);

export async function assertCanConfigureBackups(ctx: Pick<AppContext, "access">, auth: AuthContext): Promise<void> {
  const d = await ctx.access.check(auth, "settings", "update");
  if (!d.allowed) throw new AppError("FORBIDDEN", undefined, { requiredPermission: "settings:update" });
}

export async function getBackupSettings(ctx: Pick<AppContext, "db">, auth: AuthContext): Promise<BackupSettings> {
  const c = await repoOf(ctx).config(auth.workspaceId);
  return {
    enabled: c.enabled,
    frequency: c.frequency,
    destination: c.destination,
    retentionDays: c.retentionDays,
    retentionCount: c.retentionCount,
    includeAttachments: c.includeAttachments,
    encryptBackups: c.encryptBackups,
    notifyOnCompletion: c.notifyOnCompletion,
    lastBackup: c.lastBackupAt?.toISOString() ?? null,
    nextBackup: c.enabled ? (c.nextBackupAt?.toISOString() ?? null) : null,
  };
}

export async function updateBackupSettings(ctx: AppContext, auth: AuthContext, patch: BackupSettingsUpdate): Promise<BackupSettings> {
  await assertCanConfigureBackups(ctx, auth);
  const repo = repoOf(ctx);
  const current = await repo.config(auth.workspaceId);
  if (patch.destination !== undefined && patch.destination !== current.destination) {
    assertWritable(resolveDestination(ctx, patch.destination, auth.isInstanceAdmin));
  }
  const enabled = patch.enabled ?? current.enabled;
  const frequency = patch.frequency ?? current.frequency;
  const scheduleChanged = patch.enabled !== undefined || patch.frequency !== undefined;
  const nextBackupAt = !enabled
    ? null
    : scheduleChanged || !current.nextBackupAt
      ? nextBackupAfter(current.lastBackupAt ?? new Date(), frequency)
      : current.nextBackupAt;
  // A schedule that fell behind (last backup long ago) runs at the next tick, not in the past forever.
  await repo.saveConfig(auth.workspaceId, { ...patch, nextBackupAt, updatedBy: auth.userId });
  return getBackupSettings(ctx, auth);
}

/** The two fields the flat user settings show. */
export async function backupSchedule(ctx: Pick<AppContext, "db">, auth: AuthContext) {
  const c = await repoOf(ctx).config(auth.workspaceId);
  return { enabled: c.enabled, frequency: c.frequency };
}

async function startBackup(
  ctx: AppContext,
  opts: { workspaceId: string; userId: string | null; trigger: "manual" | "scheduled"; isInstanceAdmin: boolean },
) {
  const repo = repoOf(ctx);
  const config = await repo.config(opts.workspaceId);
  const dir = resolveDestination(ctx, config.destination, true);
  assertWritable(dir);
  if (await repo.running(opts.workspaceId)) throw new AppError("BACKUP_IN_PROGRESS");
  // Even an empty workspace's backup has a header and table list: never estimate zero.
  const estimate = 4096 + (await estimateWorkspaceBytes(ctx.db, opts.workspaceId, RESTORABLE_TABLES));
  const space = await spaceFor(ctx.config, estimate, dir);
  if (space === "disk") throw new AppError("INSUFFICIENT_STORAGE");
  if (space === "quota") throw new AppError("BACKUP_QUOTA_EXCEEDED");
  const storage = await storageUsage(ctx, { workspaceId: opts.workspaceId });
  if (storage.limit !== null && storage.used + estimate > storage.limit) {
    throw new AppError("BACKUP_QUOTA_EXCEEDED", "Backups would exceed your plan's storage: lower the retention or delete old backups");
  }
  const row = await repo.create({
    workspaceId: opts.workspaceId,
    createdBy: opts.userId,
    trigger: opts.trigger,
    encrypted: config.encryptBackups,
    includesAttachments: config.includeAttachments,
  });
  await ctx.jobs.send(BACKUP_JOB, { backupId: row.id, workspaceId: opts.workspaceId });
  return row;
}

/** The job: dump, encode, write, apply retention, notify. Safe to run twice (a finished backup is left alone). */
export async function performBackup(ctx: AppContext, data: { backupId: string; workspaceId: string }): Promise<void> {
  const repo = repoOf(ctx);
  const row = await repo.find(data.workspaceId, data.backupId);
  if (row?.status !== "running") return;
  const config = await repo.config(data.workspaceId);
  const notifyTo = row.createdBy ?? config.updatedBy;
  try {
    const payload: BackupPayload = {
      format: "prospector-backup",
      version: 2,
      workspaceId: data.workspaceId,
      organizationId: await repo.organizationOf(data.workspaceId),
      createdAt: row.createdAt.toISOString(),
      tables: restorableDump(await dumpWorkspace(ctx.db, data.workspaceId, RESTORABLE_TABLES)),
      attachments: row.includesAttachments ? await readAttachments(workspaceUploadsDir(ctx.config, data.workspaceId)) : [],
    };
    const file = encodeBackup(payload, keyOf(ctx), { encrypt: row.encrypted });
    const dir = path.join(resolveDestination(ctx, config.destination, true), data.workspaceId);
    fs.mkdirSync(dir, { recursive: true });
    const stamp = row.createdAt.toISOString().replace(/[:.]/g, "-");
    const filePath = path.join(dir, `backup-${stamp}-${row.id.slice(-8)}.psbk`);
    await fs.promises.writeFile(`${filePath}.part`, file, { mode: 0o600 });
    await fs.promises.rename(`${filePath}.part`, filePath);
    // Retention first: nobody ever sees more than retentionCount completed backups.
    await applyRetention(ctx, data.workspaceId, config, row.id);
    const completedAt = new Date();
    await repo.finish(row.id, { status: "completed", filePath, size: file.length, completedAt });
    await repo.saveConfig(data.workspaceId, { lastBackupAt: completedAt });
    if (config.notifyOnCompletion && notifyTo) {
      await createNotification(ctx, {
        workspaceId: data.workspaceId,
        userId: notifyTo,
        type: "success",
        title: "Backup completed",
        message: `Workspace backup of ${formatBytes(file.length)} saved${row.encrypted ? " (encrypted)" : ""}.`,
        link: "/settings/data",
      });
    }
  } catch (err) {
    ctx.log.error({ err, backupId: row.id }, "backup failed");
    await repo.finish(row.id, { status: "failed", error: (err as Error).message.slice(0, 500), completedAt: new Date() });
    if (notifyTo) {
      await createNotification(ctx, {
        workspaceId: data.workspaceId,
        userId: notifyTo,
        type: "error",
        title: "Backup failed",
        message: (err as Error).message.slice(0, 300),
        link: "/settings/data",
      });
    }
  }
}

async function applyRetention(
  ctx: Pick<AppContext, "db">,
  workspaceId: string,
  config: Pick<BackupConfigRow, "retentionCount" | "retentionDays">,
  keepId: string,
) {
  const repo = repoOf(ctx);
  // The backup being finished (keepId) counts as one of the retentionCount kept.
  const older = (await repo.list(workspaceId, 1000)).filter((b) => b.status === "completed" && b.id !== keepId);
  const cutoff = Date.now() - config.retentionDays * 86_400_000;
  const doomed = older.filter((b, i) => i >= config.retentionCount - 1 || b.createdAt.getTime() < cutoff);
  for (const b of doomed) if (b.filePath) await fs.promises.rm(b.filePath, { force: true });
  await repo.remove(doomed.map((b) => b.id));
}

export async function findBackup(ctx: Pick<AppContext, "db">, auth: AuthContext, id: string): Promise<BackupRow> {
  const row = isUuid(id) ? await repoOf(ctx).find(auth.workspaceId, id) : null;
  if (!row) throw new AppError("BACKUP_NOT_FOUND");
  return row;
}

/**
 * Restores an authenticated backup file of the caller's workspace: the rows go through the
 * allow-list and validation of backup.restore.ts; the workspace and organization come from the
 * caller, never from the file.
 */
async function restoreFile(ctx: AppContext, auth: AuthContext, file: string): Promise<RestoreResult> {
  let payload: BackupPayload;
  try {
    payload = await decodeBackupFile(file, keyOf(ctx), {
      maxBytes: ctx.config.BACKUP_MAX_BYTES,
      maxExpandedBytes: ctx.config.BACKUP_MAX_EXPANDED_BYTES,
    });
  } catch (err) {
    if (err instanceof BackupTooLargeError) throw new AppError("FILE_TOO_LARGE", err.message);
    if (err instanceof BackupFormatError) throw new AppError("BACKUP_INVALID", err.message);
    throw err;
  }
  if (payload.workspaceId !== auth.workspaceId) throw new AppError("BACKUP_WORKSPACE_MISMATCH");
  const files = attachmentsOf(payload.attachments);
  // Grant-carrying rows are restored only for callers who could have made them by hand.
  const granted = new Set<string>();
  if ((await ctx.access.check(auth, "team", "update")).allowed) granted.add("team:update");
  let tables: Record<string, number>;
  try {
    tables = await restorePlan(ctx.db, auth.workspaceId, parseBackupTables(payload.tables, payload.version), granted);
  } catch (err) {
    if (err instanceof RestoreRefused) throw new AppError("BACKUP_INVALID", err.message);
    throw err;
  }
  const attachments = await writeAttachments(workspaceUploadsDir(ctx.config, auth.workspaceId), files);
  // Restored grants and settings must not be answered from caches.
  await ctx.access.invalidate();
  return { backupCreatedAt: payload.createdAt, tables, attachments };
}

export async function listBackups(ctx: Pick<AppContext, "db">, auth: AuthContext): Promise<Backup[]> {
  return (await repoOf(ctx).list(auth.workspaceId)).map(toBackup);
}

export async function runBackupNow(ctx: AppContext, auth: AuthContext): Promise<Backup> {
  await assertCanConfigureBackups(ctx, auth);
  return toBackup(
    await startBackup(ctx, {
      workspaceId: auth.workspaceId,
      userId: auth.userId,
      trigger: "manual",
      isInstanceAdmin: auth.isInstanceAdmin,
    }),
  );
}

export async function removeBackup(ctx: AppContext, auth: AuthContext, id: string): Promise<void> {
  await assertCanConfigureBackups(ctx, auth);
  const row = await findBackup(ctx, auth, id);
  if (row.status === "running") throw new AppError("BACKUP_IN_PROGRESS");
  if (row.filePath) await fs.promises.rm(row.filePath, { force: true });
  await repoOf(ctx).remove([row.id]);
}

export async function restoreBackup(ctx: AppContext, auth: AuthContext, id: string): Promise<RestoreResult> {
  await assertCanConfigureBackups(ctx, auth);
  const row = await findBackup(ctx, auth, id);
  if (row.status !== "completed" || !row.filePath) throw new AppError("BACKUP_INVALID", "This backup did not complete");
  try {
    await fs.promises.access(row.filePath, fs.constants.R_OK);
  } catch {
    throw new AppError("BACKUP_DESTINATION_UNAVAILABLE", "The backup file can no longer be read from its folder");
  }
  return restoreFile(ctx, auth, row.filePath);
}

/** `file`: the uploaded backup, already on disk (backups.upload.ts). */
export async function restoreBackupUpload(ctx: AppContext, auth: AuthContext, file: string): Promise<RestoreResult> {
  await assertCanConfigureBackups(ctx, auth);
  return restoreFile(ctx, auth, file);
}

/** Starts every scheduled backup that is due; several processes may tick, one wins each. */
export async function tickBackups(ctx: AppContext, now = new Date()): Promise<number> {
  const due = await repoOf(ctx).claimDue(now, (row) => nextBackupAfter(now, row.frequency));
  for (const c of due) {
    try {
      await startBackup(ctx, { workspaceId: c.workspaceId, userId: null, trigger: "scheduled", isInstanceAdmin: true });
    } catch (err) {
      ctx.log.warn({ err, workspaceId: c.workspaceId }, "scheduled backup not started");
      if (c.updatedBy) {
        await createNotification(ctx, {
          workspaceId: c.workspaceId,
          userId: c.updatedBy,
          type: "error",
          title: "Scheduled backup did not run",
          message: (err as Error).message.slice(0, 300),
          link: "/settings/data",
        });
      }
    }
  }
  return due.length;
}

/** Bytes the backups of these workspaces keep (plan storage). */
export async function backupsKeptBytes(ctx: Pick<AppContext, "db">, workspaceIds: string[]): Promise<number> {
  return repoOf(ctx).completedSize(workspaceIds);
}

async function readAttachments(dir: string, prefix = ""): Promise<BackupPayload["attachments"]> {
  const out: BackupPayload["attachments"] = [];
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(path.join(dir, prefix), { withFileTypes: true });
  } catch {
    return out;
  }
  for (const e of entries) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...(await readAttachments(dir, rel)));
    else if (e.isFile()) out.push({ path: rel, data: (await fs.promises.readFile(path.join(dir, rel))).toString("base64") });
  }
  return out;
}

/** The file's attachment list, checked before anything is written (a bad entry refuses the file). */
function attachmentsOf(list: unknown[]): BackupPayload["attachments"] {
  return list.map((a, i) => {
    const f = a as { path?: unknown; data?: unknown };
    if (typeof f?.path !== "string" || typeof f.data !== "string" || f.path.length > 1000) {
      throw new AppError("BACKUP_INVALID", `Attachment ${i + 1} of the backup is not a file entry`);
    }
    return { path: f.path, data: f.data };
  });
}

async function writeAttachments(dir: string, files: BackupPayload["attachments"]): Promise<number> {
  let n = 0;
  for (const f of files) {
    const target = path.resolve(dir, f.path);
    // A crafted backup must not write outside the workspace's folder.
    if (!target.startsWith(dir + path.sep)) continue;
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.writeFile(target, Buffer.from(f.data, "base64"));
    n++;
  }
  return n;
}
