/** HTTP for CSV import: upload (202 + job), preview, job status and the error report. */
import fs from "node:fs";
import { DuplicatePolicy, ImportJob, ImportPreview } from "@prospector/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import { AppError, validationError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { uploadRoutes } from "../../platform/uploads.ts";
import {
  getImportJob,
  importErrorsCsv,
  listImportJobs,
  previewImport,
  readStreamHead,
  type StoredUpload,
  startImport,
  storeUpload,
} from "./leads.import.ts";

export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
const Id = z.object({ id: z.string() });

/**
 * Reads a multipart body: the `file` part goes to `onFile`, text fields are collected whatever
 * their order (a browser's FormData may put `mapping` after the file).
 */
async function readMultipart<T>(request: FastifyRequest, onFile: (file: NodeJS.ReadableStream, name: string) => Promise<T>) {
  if (!request.isMultipart()) throw new AppError("IMPORT_FILE_MISSING");
  const fields: Record<string, string> = {};
  let file: T | undefined;
  for await (const part of request.parts({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 20 } })) {
    if (part.type === "file") {
      if (part.fieldname === "file" && file === undefined) file = await onFile(part.file, part.filename);
      else part.file.resume();
    } else fields[part.fieldname] = String(part.value);
  }
  return { file, fields };
}

function policyOf(fields: Record<string, string>): DuplicatePolicy {
  const parsed = DuplicatePolicy.safeParse(fields.duplicate_policy || "skip");
  if (!parsed.success)
    throw validationError([{ field: "duplicate_policy", message: "duplicate_policy must be skip, update or keep_both" }]);
  return parsed.data;
}

export function leadsImportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  uploadRoutes(app, (uploads) => {
    uploads.post(
      "/api/leads/import",
      {
        config: { access: "leads:create" },
        schema: { tags: ["leads"], consumes: ["multipart/form-data"], response: { 202: ImportJob } },
      },
      async (request, reply) => {
        const auth = requireAuth(request);
        let upload: StoredUpload | undefined;
        try {
          const body = await readMultipart(request, (file, name) => storeUpload(ctx, file as never, name));
          upload = body.file;
          if (!upload) throw new AppError("IMPORT_FILE_MISSING");
          const job = await startImport(ctx, {
            workspaceId: auth.workspaceId,
            userId: auth.userId,
            upload,
            mapping: body.fields.mapping,
            duplicatePolicy: policyOf(body.fields),
          });
          upload = undefined;
          return reply.status(202).send(job);
        } finally {
          // Refused before a job took the file over: do not leave it behind.
          if (upload) await fs.promises.rm(upload.filePath, { force: true });
        }
      },
    );

    uploads.post(
      "/api/leads/import/preview",
      {
        config: { access: "leads:create" },
        schema: { tags: ["leads"], consumes: ["multipart/form-data"], response: { 200: ImportPreview } },
      },
      async (request) => {
        const body = await readMultipart(request, (file) => readStreamHead(file as never));
        if (!body.file) throw new AppError("IMPORT_FILE_MISSING");
        return previewImport(body.file, body.fields.mapping);
      },
    );
  });

  r.get(
    "/api/leads/import-jobs",
    {
      config: { access: "leads:read" },
      schema: {
        tags: ["leads"],
        querystring: z.object({
          skip: z.coerce.number().int().min(0).default(0),
          limit: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: { 200: z.array(ImportJob) },
      },
    },
    async (request) => listImportJobs(ctx, requireAuth(request).workspaceId, request.query),
  );

  r.get(
    "/api/leads/import-jobs/:id",
    { config: { access: "leads:read" }, schema: { tags: ["leads"], params: Id, response: { 200: ImportJob } } },
    async (request) => {
      if (!isUuid(request.params.id)) throw new AppError("IMPORT_JOB_NOT_FOUND");
      return getImportJob(ctx, requireAuth(request).workspaceId, request.params.id);
    },
  );

  r.get(
    "/api/leads/import-jobs/:id/errors.csv",
    { config: { access: "leads:read" }, schema: { tags: ["leads"], params: Id } },
    async (request, reply) => {
      if (!isUuid(request.params.id)) throw new AppError("IMPORT_JOB_NOT_FOUND");
      const csv = await importErrorsCsv(ctx, requireAuth(request).workspaceId, request.params.id);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="import-${request.params.id}-errors.csv"`)
        .send(csv);
    },
  );
}
