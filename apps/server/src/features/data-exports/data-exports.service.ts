/**
 * Data exports (outreach-core §3, §8): checks (permissions per section, one running export per
 * user, EXPORT_TOO_LARGE from an estimate, INSUFFICIENT_STORAGE from the disk and quota), then a
 * job writes the files under DATA_DIR/exports. Only the owner can list or download them; files are
 * removed after EXPORT_KEEP_DAYS.
 */
import fs from "node:fs";
import path from "node:path";
import type { ExportOptions, ExportRecord, ExportType } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { createNotification } from "../notifications/index.ts";
import { createDataExportsRepository, type ExportRow } from "./data-exports.repository.ts";
import { chosenSections, type Range } from "./data-exports.sections.ts";
import { writeDataset, zipFiles } from "./data-exports.writer.ts";
import { exportsDir, formatBytes, spaceFor } from "./storage.ts";

export const EXPORT_JOB = "data-exports.run";
export const EXPORT_KEEP_DAYS = 7;
/** An export still "running" after this long died with its process; it no longer blocks a new one. */
const STALE_MS = 60 * 60_000;
const BASE = "/api/user-settings/exports";

export function toExportRecord(row: ExportRow): ExportRecord {
  const done = row.status === "completed";
  return {
    id: row.id,
    type: row.type as ExportType,
    format: row.format as ExportRecord["format"],
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    downloadUrl: done && row.mainFile ? `${BASE}/${row.id}/download` : null,
    fileSize: row.fileSize,
    files: done ? row.files.map((f) => ({ ...f, downloadUrl: `${BASE}/${row.id}/files/${encodeURIComponent(f.name)}` })) : [],
    error: row.error,
    options: row.options,
    scheduledExportId: row.scheduledExportId,
  };
}

const rangeOf = (o: ExportOptions): Range => ({
  from: o.dateRange?.from ? new Date(o.dateRange.from) : null,
  to: o.dateRange?.to ? new Date(o.dateRange.to) : null,
});

const dirOf = (ctx: Pick<AppContext, "config">, row: Pick<ExportRow, "workspaceId" | "id">) =>
  path.join(exportsDir(ctx.config), row.workspaceId, row.id);
const repoOf = (ctx: Pick<AppContext, "db">) => createDataExportsRepository(ctx.db);

async function findExport(ctx: Pick<AppContext, "db">, auth: AuthContext, id: string): Promise<ExportRow> {
  const row = isUuid(id) ? await repoOf(ctx).find(auth.userId, auth.workspaceId, id) : null;
  if (!row) throw new AppError("EXPORT_NOT_FOUND");
  return row;
}

export async function startExport(
  ctx: AppContext,
  auth: AuthContext,
  options: ExportOptions,
  scheduledExportId: string | null = null,
): Promise<ExportRecord> {
  const repo = repoOf(ctx);
  const sections = chosenSections(options);
  for (const s of sections) {
    for (const p of await s.permissions(ctx)) {
      const [resource, action] = p.split(":") as [string, string];
      if (!(await ctx.access.check(auth, resource, action)).allowed) throw new AppError("FORBIDDEN", undefined, { requiredPermission: p });
    }
  }
  for (const r of await repo.running(auth.userId, auth.workspaceId)) {
    if (Date.now() - r.createdAt.getTime() < STALE_MS) throw new AppError("EXPORT_IN_PROGRESS");
    await repo.update(r.id, { status: "failed", error: "The export stopped unexpectedly", completedAt: new Date() });
  }
  const range = rangeOf(options);
  let estimate = 0;
  for (const s of sections) estimate += await s.estimate(ctx, auth, range);
  if (estimate > ctx.config.EXPORT_MAX_BYTES) {
    throw new AppError(
      "EXPORT_TOO_LARGE",
      `This export would be about ${formatBytes(estimate)}, above the ${formatBytes(ctx.config.EXPORT_MAX_BYTES)} limit: narrow the date range or the data included`,
    );
  }
  // Files on disk (and the archive made from them) can take up to twice the estimate for a moment.
  if (await spaceFor(ctx.config, estimate * 2, exportsDir(ctx.config))) throw new AppError("INSUFFICIENT_STORAGE");
  let row: ExportRow;
  try {
    row = await repo.insert({
      workspaceId: auth.workspaceId,
      userId: auth.userId,
      type: sections.length === 1 ? (sections[0]?.type as string) : "multiple",
      format: options.format,
      options: options as unknown as Record<string, unknown>,
      scheduledExportId,
    });
  } catch (err) {
    // The partial unique index: another request started an export a moment ago.
    if (
      (err as { code?: string; cause?: { code?: string } }).code === "23505" ||
      (err as { cause?: { code?: string } }).cause?.code === "23505"
    ) {
      throw new AppError("EXPORT_IN_PROGRESS");
    }
    throw err;
  }
  await ctx.jobs.send(EXPORT_JOB, { exportId: row.id });
  return toExportRecord(row);
}

/** The job. A second delivery of a finished export does nothing; of a crashed one, starts over. */
export async function performExport(ctx: AppContext, data: { exportId: string }): Promise<void> {
  const repo = repoOf(ctx);
  const row = await repo.byId(data.exportId);
  if (!row || !(await repo.claim(row.id))) return;
  const dir = dirOf(ctx, row);
  try {
    const auth = await repo.ownerContext(row.userId, row.workspaceId);
    if (!auth) throw new Error("The account that asked for this export is no longer active here");
    const options = row.options as unknown as ExportOptions;
    await fs.promises.rm(dir, { recursive: true, force: true });
    await fs.promises.mkdir(dir, { recursive: true });
    const maxBytes = options.splitLargeFiles ? Math.floor(options.maxFileSize * 1024 * 1024) : null;
    let names: string[] = [];
    for (const s of chosenSections(options)) {
      for (const ds of await s.datasets(ctx, auth, rangeOf(options)))
        names.push(...(await writeDataset(dir, ds, options.format, maxBytes)));
    }
    let main: string | null = names.length === 1 ? (names[0] as string) : null;
    if (options.compression === "zip") {
      main = `export-${row.createdAt.toISOString().slice(0, 10)}-${row.id.slice(-8)}.zip`;
      await zipFiles(dir, names, main);
      names = [main];
    }
    const files = await Promise.all(names.map(async (name) => ({ name, size: (await fs.promises.stat(path.join(dir, name))).size })));
    const total = files.reduce((n, f) => n + f.size, 0);
    await repo.update(row.id, { status: "completed", files, mainFile: main, fileSize: total, completedAt: new Date(), error: null });
    await createNotification(ctx, {
      workspaceId: row.workspaceId,
      userId: row.userId,
      type: "success",
      title: "Your export is ready",
      message: `${files.length} file${files.length === 1 ? "" : "s"}, ${formatBytes(total)}. Download it within ${EXPORT_KEEP_DAYS} days.`,
      link: "/settings/data",
    });
  } catch (err) {
    ctx.log.error({ err, exportId: row.id }, "export failed");
    await fs.promises.rm(dir, { recursive: true, force: true });
    await repo.update(row.id, { status: "failed", error: (err as Error).message.slice(0, 500), completedAt: new Date() });
    await createNotification(ctx, {
      workspaceId: row.workspaceId,
      userId: row.userId,
      type: "error",
      title: "Your export failed",
      message: (err as Error).message.slice(0, 300),
      link: "/settings/data",
    });
  }
}

export async function listExports(ctx: Pick<AppContext, "db">, auth: AuthContext): Promise<ExportRecord[]> {
  return (await repoOf(ctx).list(auth.userId, auth.workspaceId)).map(toExportRecord);
}

export async function getExport(ctx: Pick<AppContext, "db">, auth: AuthContext, id: string): Promise<ExportRecord> {
  return toExportRecord(await findExport(ctx, auth, id));
}

/** The path of a finished export's file; 404 for anyone but the owner. */
export async function exportFile(
  ctx: Pick<AppContext, "db" | "config">,
  auth: AuthContext,
  id: string,
  name?: string,
): Promise<{ path: string; name: string }> {
  const row = await findExport(ctx, auth, id);
  if (row.status !== "completed") throw new AppError("EXPORT_NOT_READY");
  const wanted = name ?? row.mainFile;
  const entry = row.files.find((f) => f.name === wanted);
  if (!entry) throw new AppError("EXPORT_NOT_FOUND", "This file is not part of the export (or has expired)");
  return { path: path.join(dirOf(ctx, row), entry.name), name: entry.name };
}

/** Deletes a finished export: its files on disk and its history entry. */
export async function removeExport(ctx: Pick<AppContext, "db" | "config">, auth: AuthContext, id: string): Promise<void> {
  const row = await findExport(ctx, auth, id);
  if (row.status === "queued" || row.status === "processing")
    throw new AppError("EXPORT_IN_PROGRESS", "Wait for this export to finish before deleting it");
  await fs.promises.rm(dirOf(ctx, row), { recursive: true, force: true });
  await repoOf(ctx).remove(row.id);
}

/** Deletes files of exports older than EXPORT_KEEP_DAYS; the history entry stays. */
export async function expireOldExports(ctx: Pick<AppContext, "db" | "config">, now = new Date()): Promise<number> {
  const repo = repoOf(ctx);
  const old = await repo.completedBefore(new Date(now.getTime() - EXPORT_KEEP_DAYS * 86_400_000));
  for (const row of old) {
    await fs.promises.rm(dirOf(ctx, row), { recursive: true, force: true });
    await repo.update(row.id, { files: [], mainFile: null, error: `Expired: exports are kept ${EXPORT_KEEP_DAYS} days` });
  }
  return old.length;
}

/** Bytes the exports of these workspaces keep on disk (plan storage). */
export async function exportsKeptBytes(ctx: Pick<AppContext, "db">, workspaceIds: string[]): Promise<number> {
  return repoOf(ctx).keptBytes(workspaceIds);
}
