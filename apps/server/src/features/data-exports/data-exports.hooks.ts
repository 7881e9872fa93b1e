/**
 * What data-exports answers for lower features: the workspace backup schedule shown in the flat
 * user settings (auto_backup_enabled, backup_frequency; changing it needs settings:update), and
 * the storage exports, backups and workspace uploads take for billing's plan usage.
 */
import type { BackupSettingsUpdate, SettingsUpdate, UserSettings } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import type { UsageFigures } from "../billing/index.ts";
import { assertCanConfigureBackups, backupSchedule, backupsKeptBytes, updateBackupSettings } from "./backups.service.ts";
import { exportsKeptBytes } from "./data-exports.service.ts";
import { dirSize, workspaceUploadsDir } from "./storage.ts";

/** The backup schedule change a settings update asks for, or null. */
function backupPatchOf(patch: SettingsUpdate, current: UserSettings): BackupSettingsUpdate | null {
  const out: BackupSettingsUpdate = {};
  if (patch.auto_backup_enabled !== undefined && patch.auto_backup_enabled !== current.auto_backup_enabled) {
    out.enabled = patch.auto_backup_enabled;
  }
  if (patch.backup_frequency !== undefined && patch.backup_frequency !== current.backup_frequency) out.frequency = patch.backup_frequency;
  return Object.keys(out).length > 0 ? out : null;
}

export function subscribeDataExportsHooks(ctx: AppContext): void {
  ctx.hooks.on("user-settings.read", async (auth) => {
    const schedule = await backupSchedule(ctx, auth);
    return { auto_backup_enabled: schedule.enabled, backup_frequency: schedule.frequency };
  });
  ctx.hooks.on("user-settings.check", async (auth, patch, current) => {
    if (backupPatchOf(patch, current)) await assertCanConfigureBackups(ctx, auth);
  });
  ctx.hooks.on("user-settings.saved", async (auth, patch, before) => {
    const change = backupPatchOf(patch, before);
    if (change) await updateBackupSettings(ctx, auth, change);
  });
  ctx.hooks.on("billing.usage", async ({ workspaceIds }): Promise<UsageFigures> => {
    let storageBytes = (await exportsKeptBytes(ctx, workspaceIds)) + (await backupsKeptBytes(ctx, workspaceIds));
    for (const id of workspaceIds) storageBytes += await dirSize(workspaceUploadsDir(ctx.config, id));
    return { storageBytes };
  });
}
