/**
 * Disk space checks for exports and backups: the free space of the volume holding DATA_DIR
 * (fs.statfs) and the optional STORAGE_QUOTA_BYTES over what exports and backups keep there.
 */
import fs from "node:fs";
import path from "node:path";
import type { Config } from "../../config.ts";

/** Headroom left on the volume so an export never fills the disk the database lives on. */
export const DISK_RESERVE_BYTES = 256 * 1024 * 1024;

export const exportsDir = (config: Config) => path.join(config.dataDir, "exports");
export const defaultBackupsDir = (config: Config) => path.join(config.dataDir, "backups");
/** Backup files uploaded for restore, kept only while the restore runs. */
export const restoreUploadsDir = (config: Config) => path.join(config.dataDir, "tmp", "restores");
export const workspaceUploadsDir = (config: Config, workspaceId: string) => path.join(config.dataDir, "uploads", "workspaces", workspaceId);

export async function freeBytes(dir: string): Promise<number> {
  let probe = dir;
  // statfs needs an existing path: walk up to the nearest one.
  while (!fs.existsSync(probe) && path.dirname(probe) !== probe) probe = path.dirname(probe);
  const s = await fs.promises.statfs(probe);
  return Number(s.bavail) * Number(s.bsize);
}

export async function dirSize(dir: string): Promise<number> {
  let total = 0;
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const e of entries) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) total += await dirSize(full);
    else if (e.isFile()) total += (await fs.promises.stat(full)).size;
  }
  return total;
}

/** Bytes exports and backups keep under DATA_DIR (what STORAGE_QUOTA_BYTES limits). */
export async function keptBytes(config: Config): Promise<number> {
  return (await dirSize(exportsDir(config))) + (await dirSize(defaultBackupsDir(config)));
}

export type SpaceProblem = "disk" | "quota" | null;

/** Whether `needed` more bytes fit: on the disk (with a reserve) and within the quota. */
export async function spaceFor(config: Config, needed: number, dir = config.dataDir): Promise<SpaceProblem> {
  if ((await freeBytes(dir)) - needed < DISK_RESERVE_BYTES) return "disk";
  if (config.STORAGE_QUOTA_BYTES !== undefined && (await keptBytes(config)) + needed > config.STORAGE_QUOTA_BYTES) return "quota";
  return null;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 ** 2) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 ** 3) return `${(n / 1024 ** 2).toFixed(1)} MB`;
  return `${(n / 1024 ** 3).toFixed(2)} GB`;
}
