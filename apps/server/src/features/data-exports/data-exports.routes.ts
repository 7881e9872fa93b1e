/**
 * Data & export tab under /api/user-settings: exports and their downloads (owner only), scheduled
 * exports, and workspace backups with restore (settings:update).
 */
import fs from "node:fs";
import {
  Backup,
  BackupSettings,
  BackupSettingsUpdate,
  ExportOptions,
  ExportRecord,
  RestoreResult,
  ScheduledExport,
  ScheduledExportInput,
  ScheduledExportUpdate,
} from "@prospector/contracts";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { uploadRoutes } from "../../platform/uploads.ts";
import {
  findBackup,
  getBackupSettings,
  listBackups,
  removeBackup,
  restoreBackup,
  restoreBackupUpload,
  runBackupNow,
  updateBackupSettings,
} from "./backups.service.ts";
import { withBackupUpload } from "./backups.upload.ts";
import { exportFile, getExport, listExports, removeExport, startExport } from "./data-exports.service.ts";
import { createScheduledExport, listScheduledExports, removeScheduledExport, updateScheduledExport } from "./scheduled-exports.service.ts";

const BASE = "/api/user-settings";
const IdParams = z.object({ id: z.string() });

const TYPES: Record<string, string> = {
  zip: "application/zip",
  csv: "text/csv; charset=utf-8",
  json: "application/json; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  psbk: "application/octet-stream",
};

function sendFile(reply: FastifyReply, file: string, name: string) {
  if (!fs.existsSync(file)) throw new AppError("EXPORT_NOT_FOUND", "The file is no longer on the server");
  const ext = name.split(".").pop() ?? "";
  return reply
    .header("content-type", TYPES[ext] ?? "application/octet-stream")
    .header("content-disposition", `attachment; filename="${name.replace(/[^\w.-]/g, "_")}"`)
    .header("x-content-type-options", "nosniff")
    .header("cache-control", "private, no-store")
    .header("content-length", String(fs.statSync(file).size))
    .send(fs.createReadStream(file));
}

export function dataExportsRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ["data-exports"];
  // The owner's own exports; an API key needs the exports:create scope for any of them.
  const authed = { access: "authenticated" as const, apiKeyScope: "exports:create" as const };
  const admin = { access: "settings:update" as const };

  // ---- exports ----
  app.get(`${BASE}/exports`, { config: authed, schema: { tags, response: { 200: z.array(ExportRecord) } } }, (req) =>
    listExports(ctx, requireAuth(req)),
  );
  app.post(
    `${BASE}/exports`,
    { config: authed, schema: { tags, body: ExportOptions, response: { 202: ExportRecord } } },
    async (req, reply) => reply.status(202).send(await startExport(ctx, requireAuth(req), req.body)),
  );
  app.get(`${BASE}/exports/:id`, { config: authed, schema: { tags, params: IdParams, response: { 200: ExportRecord } } }, (req) =>
    getExport(ctx, requireAuth(req), req.params.id),
  );
  app.get(`${BASE}/exports/:id/download`, { config: authed, schema: { tags, params: IdParams } }, async (req, reply) => {
    const f = await exportFile(ctx, requireAuth(req), req.params.id);
    return sendFile(reply, f.path, f.name);
  });
  app.get(
    `${BASE}/exports/:id/files/:name`,
    { config: authed, schema: { tags, params: z.object({ id: z.string(), name: z.string().max(200) }) } },
    async (req, reply) => {
      const f = await exportFile(ctx, requireAuth(req), req.params.id, req.params.name);
      return sendFile(reply, f.path, f.name);
    },
  );
  app.delete(`${BASE}/exports/:id`, { config: authed, schema: { tags, params: IdParams } }, async (req, reply) => {
    await removeExport(ctx, requireAuth(req), req.params.id);
    return reply.status(204).send();
  });

  // ---- scheduled exports ----
  app.get(`${BASE}/scheduled-exports`, { config: authed, schema: { tags, response: { 200: z.array(ScheduledExport) } } }, (req) =>
    listScheduledExports(ctx, requireAuth(req)),
  );
  app.post(
    `${BASE}/scheduled-exports`,
    { config: authed, schema: { tags, body: ScheduledExportInput, response: { 201: ScheduledExport } } },
    async (req, reply) => reply.status(201).send(await createScheduledExport(ctx, requireAuth(req), req.body)),
  );
  app.put(
    `${BASE}/scheduled-exports/:id`,
    { config: authed, schema: { tags, params: IdParams, body: ScheduledExportUpdate, response: { 200: ScheduledExport } } },
    (req) => updateScheduledExport(ctx, requireAuth(req), req.params.id, req.body),
  );
  app.delete(`${BASE}/scheduled-exports/:id`, { config: authed, schema: { tags, params: IdParams } }, async (req, reply) => {
    await removeScheduledExport(ctx, requireAuth(req), req.params.id);
    return reply.status(204).send();
  });

  // ---- backups ----
  app.get(
    `${BASE}/backups/settings`,
    { config: { ...authed, apiKeyScope: "settings:update" }, schema: { tags, response: { 200: BackupSettings } } },
    (req) => getBackupSettings(ctx, requireAuth(req)),
  );
  app.put(
    `${BASE}/backups/settings`,
    { config: admin, schema: { tags, body: BackupSettingsUpdate, response: { 200: BackupSettings } } },
    (req) => updateBackupSettings(ctx, requireAuth(req), req.body),
  );
  app.get(`${BASE}/backups`, { config: admin, schema: { tags, response: { 200: z.array(Backup) } } }, (req) =>
    listBackups(ctx, requireAuth(req)),
  );
  app.post(`${BASE}/backups`, { config: admin, schema: { tags, response: { 202: Backup } } }, async (req, reply) =>
    reply.status(202).send(await runBackupNow(ctx, requireAuth(req))),
  );
  uploadRoutes(fastify, (uploads) =>
    uploads.post(
      `${BASE}/backups/restore`,
      { config: admin, schema: { tags, consumes: ["multipart/form-data"], response: { 200: RestoreResult } } },
      (req) => withBackupUpload(req, ctx.config, (file) => restoreBackupUpload(ctx, requireAuth(req), file)),
    ),
  );
  app.get(`${BASE}/backups/:id/download`, { config: admin, schema: { tags, params: IdParams } }, async (req, reply) => {
    const row = await findBackup(ctx, requireAuth(req), req.params.id);
    if (row.status !== "completed" || !row.filePath) throw new AppError("BACKUP_NOT_FOUND", "This backup did not complete");
    if (!fs.existsSync(row.filePath))
      throw new AppError("BACKUP_DESTINATION_UNAVAILABLE", "The backup file can no longer be read from its folder");
    return sendFile(reply, row.filePath, row.filePath.split(/[\\/]/).pop() as string);
  });
  app.post(`${BASE}/backups/:id/restore`, { config: admin, schema: { tags, params: IdParams, response: { 200: RestoreResult } } }, (req) =>
    restoreBackup(ctx, requireAuth(req), req.params.id),
  );
  app.delete(`${BASE}/backups/:id`, { config: admin, schema: { tags, params: IdParams } }, async (req, reply) => {
    await removeBackup(ctx, requireAuth(req), req.params.id);
    return reply.status(204).send();
  });
}
