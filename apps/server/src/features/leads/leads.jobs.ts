/**
 * The CSV import job: streams the stored file through csv-parse and saves 1000 rows per transaction
 * with createLeadsBatch, so memory stays flat however long the file is. Each batch commits its
 * rows and the job's counters together; a retried job resumes after the last committed row.
 */
import fs from "node:fs";
import type { ImportJob } from "@prospector/contracts";
import { parse } from "csv-parse";
import type { AppContext } from "../../context.ts";
import { JOB_HEARTBEAT_SECONDS } from "../../platform/jobs.ts";
import { createLeadsBatch } from "./leads.batch.ts";
import * as repo from "./leads.import.repository.ts";
import { detectDelimiter, IMPORT_JOB, MAX_STORED_ERRORS, toImportJob } from "./leads.import.ts";
import { applyMapping } from "./leads.import-mapping.ts";

const BATCH_ROWS = 1000;
export const IMPORT_PROGRESS_EVENT = "lead_import.progress";

type StoredError = { row: number; field: string; message: string; values: [string, string][] };

export function defineLeadJobs(ctx: AppContext): void {
  ctx.jobs.define<{ jobId: string }>(IMPORT_JOB, (data) => runImport(ctx, data.jobId), {
    expireInSeconds: 3600,
    retryLimit: 2,
    // A worker killed mid-import: retried (and resumed after its last committed batch) within a minute.
    heartbeatSeconds: JOB_HEARTBEAT_SECONDS,
  });
}

async function publish(ctx: AppContext, workspaceId: string, job: ImportJob): Promise<void> {
  try {
    await ctx.bus.publish(`ws:${workspaceId}`, { type: IMPORT_PROGRESS_EVENT, payload: job });
  } catch (err) {
    ctx.log.warn({ err }, "could not publish import progress");
  }
}

export async function runImport(ctx: AppContext, jobId: string): Promise<void> {
  const job = await repo.getImportJobById(ctx.db, jobId);
  if (!job || job.status === "completed" || job.status === "failed") return;
  const started = await repo.updateImportJob(ctx.db, jobId, { status: "running", startedAt: job.startedAt ?? new Date() });
  await publish(ctx, job.workspaceId, toImportJob(started ?? job));

  const resumeAfter = job.processedRows;
  let storedErrors = job.errors.length;
  let row = 0;
  let seen = 0;
  let bytes = 0;
  let batch: { row: number; record: Record<string, string> }[] = [];

  const flush = async () => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    const inputs = rows.map((r) => applyMapping(r.record, job.mapping));
    const processedBytes = bytes;
    await createLeadsBatch(ctx, {
      workspaceId: job.workspaceId,
      userId: job.userId,
      source: "import",
      leads: inputs,
      duplicatePolicy: job.duplicatePolicy,
      afterWrite: async (tx, result) => {
        const failedRows = new Set(result.errors.map((e) => e.index));
        const newErrors: StoredError[] = [];
        for (const e of result.errors) {
          if (storedErrors + newErrors.length >= MAX_STORED_ERRORS) break;
          const r = rows[e.index] as (typeof rows)[number];
          newErrors.push({ row: r.row, field: e.field, message: e.message, values: Object.entries(r.record) });
        }
        const updated = await repo.addBatchProgress(tx, jobId, {
          rows: rows.length,
          bytesProcessed: processedBytes,
          created: result.created,
          updated: result.updated,
          skipped: result.skipped,
          failed: failedRows.size,
          errors: newErrors,
        });
        storedErrors += newErrors.length;
        if (updated) void publish(ctx, job.workspaceId, toImportJob(updated));
      },
    });
  };

  try {
    if (!fs.existsSync(job.filePath)) {
      // A worker on another machine sees only its own disk: uploads live in DATA_DIR, which
      // scale-out deployments share between API processes and workers (as for avatars).
      throw new Error("the uploaded file is not available to this worker; share DATA_DIR between API processes and workers");
    }
    const head = await readFirstLine(job.filePath);
    const parser = fs.createReadStream(job.filePath).pipe(
      parse({
        delimiter: detectDelimiter(head),
        bom: true,
        columns: (headers: string[]) => headers.map((h) => h.trim()),
        relax_column_count: true,
        skip_empty_lines: true,
        // Spreadsheets export trailing rows of bare delimiters: not rows anyone meant to import.
        skip_records_with_empty_values: true,
        info: true,
      }),
    );
    for await (const { record, info } of parser as AsyncIterable<{
      record: Record<string, string>;
      info: { bytes: number; lines: number };
    }>) {
      seen++;
      // Reported rows are the file's line less the header, as a spreadsheet numbers them (minus one).
      row = info.lines - 1;
      bytes = info.bytes;
      if (seen <= resumeAfter) continue;
      batch.push({ row, record });
      if (batch.length >= BATCH_ROWS) await flush();
    }
    await flush();
    const done = await repo.updateImportJob(ctx.db, jobId, { status: "completed", finishedAt: new Date(), bytesProcessed: job.fileSize });
    if (done) await publish(ctx, job.workspaceId, toImportJob(done));
  } catch (err) {
    // A malformed file will not parse better on a retry: fail the job with the parser's reason.
    ctx.log.warn({ err, jobId }, "lead import failed");
    const message = err instanceof Error ? err.message : String(err);
    const failed = await repo.updateImportJob(ctx.db, jobId, {
      status: "failed",
      finishedAt: new Date(),
      error: `Import stopped at row ${row}: ${message}`.slice(0, 1000),
    });
    if (failed) await publish(ctx, job.workspaceId, toImportJob(failed));
  } finally {
    await fs.promises.rm(job.filePath, { force: true }).catch(() => {});
  }
}

async function readFirstLine(file: string): Promise<string> {
  const fh = await fs.promises.open(file, "r");
  try {
    const buf = Buffer.alloc(64 * 1024);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    return buf.subarray(0, bytesRead).toString("utf8").split(/\r?\n/, 1)[0] ?? "";
  } finally {
    await fh.close();
  }
}
