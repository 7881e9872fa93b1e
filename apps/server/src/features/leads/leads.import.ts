/**
 * CSV import: the upload is stored under DATA_DIR/imports and parsed by a job (leads.jobs.ts), so
 * the request returns at once. Also the preview (headers, automatic mapping, first rows) and the
 * downloadable error report.
 */
import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { type DuplicatePolicy, type ImportJob, ImportMapping, type ImportPreview } from "@prospector/contracts";
import { parse } from "csv-parse/sync";
import type { AppContext } from "../../context.ts";
import { AppError, validationError } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import { stringifyCsv } from "./leads.csv.ts";
import * as repo from "./leads.import.repository.ts";
import { applyMapping, autoMap } from "./leads.import-mapping.ts";

export const IMPORT_JOB = "leads.import";
export const MAX_STORED_ERRORS = 1000;
const HEAD_BYTES = 256 * 1024;

type ImportJobRow = repo.ImportJobRow;

export const importsDir = (ctx: Pick<AppContext, "config">) => path.join(ctx.config.dataDir, "imports");

/** Comma, semicolon (European Excel) or tab, whichever the header line has most of. */
export function detectDelimiter(headerLine: string): string {
  const counts = [",", ";", "\t"].map((d) => [d, headerLine.split(d).length] as const);
  return counts.sort((a, b) => b[1] - a[1])[0]?.[0] ?? ",";
}

/** Headers and up to `rows` records from the start of a file; throws IMPORT_FILE_INVALID when unreadable. */
export function readHead(head: Buffer, rows: number): { headers: string[]; records: Record<string, string>[]; delimiter: string } {
  let text = head.toString("utf8").replace(/^\uFEFF/, "");
  // The head may end mid-row: keep whole lines only (quoted newlines just lose the last record).
  if (head.length >= HEAD_BYTES) text = text.slice(0, text.lastIndexOf("\n") + 1);
  const firstLine = text.split(/\r?\n/, 1)[0] ?? "";
  const delimiter = detectDelimiter(firstLine);
  try {
    const all = parse(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      to: rows + 1,
    }) as string[][];
    const headers = (all[0] ?? []).map((h) => h.trim());
    if (headers.length === 0 || headers.every((h) => h === "")) throw new Error("no header");
    const records = all.slice(1).map((cells) => Object.fromEntries(headers.map((h, i) => [h, cells[i] ?? ""])));
    return { headers, records, delimiter };
  } catch {
    throw new AppError("IMPORT_FILE_INVALID");
  }
}

async function readFileHead(file: string): Promise<Buffer> {
  const fh = await fs.promises.open(file, "r");
  try {
    const buf = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await fh.read(buf, 0, HEAD_BYTES, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** The mapping to use: the caller's (checked against the headers) or the automatic one. */
export function resolveMapping(headers: string[], given: unknown): ImportMapping {
  let mapping: ImportMapping;
  if (given === undefined || given === null || given === "") mapping = autoMap(headers).mapping;
  else {
    let raw = given;
    if (typeof given === "string") {
      try {
        raw = JSON.parse(given);
      } catch {
        throw validationError([{ field: "mapping", message: "mapping must be a JSON object {csv header: lead field}" }]);
      }
    }
    const parsed = ImportMapping.safeParse(raw);
    if (!parsed.success) {
      throw validationError(parsed.error.issues.map((i) => ({ field: ["mapping", ...i.path.map(String)].join("."), message: i.message })));
    }
    const unknown = Object.keys(parsed.data).filter((h) => !headers.includes(h));
    if (unknown.length) {
      throw validationError([{ field: "mapping", message: `Not a column of the file: ${unknown.join(", ")}` }]);
    }
    mapping = parsed.data;
  }
  const fields = new Set(Object.values(mapping));
  if (!["email", "first_name", "last_name", "full_name", "company_name"].some((f) => fields.has(f as never))) {
    throw validationError([{ field: "mapping", message: "Map at least one column to email, a name or the company name" }]);
  }
  return mapping;
}

/** Headers, the mapping and the first 10 mapped rows, from the start of the file. */
export function previewImport(head: Buffer, mappingInput: unknown): ImportPreview {
  const { headers, records } = readHead(head.subarray(0, HEAD_BYTES), 10);
  const mapping = resolveMapping(headers, mappingInput);
  const rows = records.map((r) => {
    const mapped = applyMapping(r, mapping);
    return Object.fromEntries(Object.entries(mapped).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : String(v)]));
  });
  return { headers, mapping, unmapped: headers.filter((h) => !mapping[h]), rows };
}

/** Reads a stream to the end, keeping only its first bytes (the rest is drained so the request completes). */
export async function readStreamHead(file: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file) {
    if (size >= HEAD_BYTES) continue;
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return Buffer.concat(chunks);
}

export interface StoredUpload {
  id: string;
  filePath: string;
  fileName: string;
}

/** Writes an uploaded file to DATA_DIR/imports/<id>.csv. */
export async function storeUpload(ctx: Pick<AppContext, "config">, file: Readable, fileName: string): Promise<StoredUpload> {
  const dir = importsDir(ctx);
  await fs.promises.mkdir(dir, { recursive: true });
  const id = newId();
  const filePath = path.join(dir, `${id}.csv`);
  try {
    await pipeline(file, fs.createWriteStream(filePath));
  } catch (err) {
    await fs.promises.rm(filePath, { force: true });
    throw err;
  }
  return { id, filePath, fileName };
}

/** Checks the stored file's header and the mapping, creates the job and queues it; removes the file on refusal. */
export async function startImport(
  ctx: AppContext,
  opts: { workspaceId: string; userId: string; upload: StoredUpload; mapping: unknown; duplicatePolicy: DuplicatePolicy },
): Promise<ImportJob> {
  const { id, filePath, fileName } = opts.upload;
  try {
    const { size } = await fs.promises.stat(filePath);
    if (size === 0) throw new AppError("IMPORT_FILE_INVALID", "The file is empty");
    const { headers } = readHead(await readFileHead(filePath), 0);
    const mapping = resolveMapping(headers, opts.mapping);
    const row = await repo.insertImportJob(ctx.db, {
      id,
      workspaceId: opts.workspaceId,
      userId: opts.userId,
      fileName: fileName.slice(0, 255) || "import.csv",
      filePath,
      fileSize: size,
      mapping,
      duplicatePolicy: opts.duplicatePolicy,
    });
    await ctx.jobs.send(IMPORT_JOB, { jobId: id });
    return toImportJob(row);
  } catch (err) {
    await fs.promises.rm(filePath, { force: true });
    throw err;
  }
}

export async function listImportJobs(
  ctx: Pick<AppContext, "db">,
  workspaceId: string,
  q: { skip: number; limit: number },
): Promise<ImportJob[]> {
  const rows = await repo.listImportJobs(ctx.db, workspaceId, q);
  return rows.map(toImportJob);
}

export function toImportJob(r: ImportJobRow): ImportJob {
  const done = r.status === "completed";
  return {
    id: r.id,
    status: r.status,
    file_name: r.fileName,
    duplicate_policy: r.duplicatePolicy,
    mapping: r.mapping,
    progress: done ? 100 : r.fileSize > 0 ? Math.min(99, Math.floor((r.bytesProcessed / r.fileSize) * 100)) : 0,
    processed_rows: r.processedRows,
    created: r.created,
    updated: r.updated,
    skipped: r.skipped,
    failed: r.failed,
    errors: r.errors.map(({ row, field, message }) => ({ row, field, message })),
    error: r.error,
    created_at: r.createdAt.toISOString(),
    started_at: r.startedAt?.toISOString() ?? null,
    finished_at: r.finishedAt?.toISOString() ?? null,
  };
}

async function getJobRow(ctx: Pick<AppContext, "db">, workspaceId: string, id: string): Promise<ImportJobRow> {
  const row = await repo.getImportJob(ctx.db, workspaceId, id);
  if (!row) throw new AppError("IMPORT_JOB_NOT_FOUND");
  return row;
}

export async function getImportJob(ctx: Pick<AppContext, "db">, workspaceId: string, id: string): Promise<ImportJob> {
  return toImportJob(await getJobRow(ctx, workspaceId, id));
}

/** row, field, error, then the row's original columns: fix the cells and import the file again. */
export async function importErrorsCsv(ctx: Pick<AppContext, "db">, workspaceId: string, id: string): Promise<string> {
  const job = await getJobRow(ctx, workspaceId, id);
  const columns: string[] = [];
  for (const e of job.errors) for (const [k] of e.values) if (!columns.includes(k)) columns.push(k);
  const rows = job.errors.map((e) => {
    const values = new Map(e.values);
    return [String(e.row), e.field, e.message, ...columns.map((c) => values.get(c) ?? "")];
  });
  return stringifyCsv([["row", "field", "error", ...columns], ...rows]);
}
