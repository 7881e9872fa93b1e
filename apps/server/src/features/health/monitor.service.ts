/**
 * The system monitor (docs/operations.md, "System monitor"): job queues now and over 24 hours,
 * their latest failures (sanitised: never secrets), retrying failed jobs (audited in the log), the
 * sampled history and the error reports grouped by type, field and component. Instance admins only.
 */
import {
  type ErrorGroupDetail,
  type ErrorGroupList,
  type ErrorGroupsQuery,
  type FailedJob,
  type FailedJobPage,
  MONITOR_RANGE_SECONDS,
  type MonitorHistory,
  type MonitorRange,
  type QueueList,
  type RetryJobsResult,
  redactUrlsInText,
} from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { badCursor, decodeKeyset, encodeKeyset } from "../../platform/keyset-cursor.ts";
import { errorGroupDetail, errorGroupPage } from "../error-reports/index.ts";
import * as repo from "./monitor.repository.ts";

type Ctx = Pick<AppContext, "db" | "jobs" | "log">;

/** The queues' windowed figures cover the last 24 hours. */
export const QUEUE_WINDOW_SECONDS = 86_400;
/** History buckets per range: about 60–170 points whatever the range. */
export const HISTORY_BUCKET_SECONDS: Record<MonitorRange, number> = { "1h": 60, "24h": 15 * 60, "7d": 3600, "30d": 6 * 3600 };

export function requireInstanceAdmin(auth: AuthContext): void {
  if (!auth.isInstanceAdmin) throw new AppError("INSTANCE_ADMIN_REQUIRED");
}

const SECRET_KEY = /pass(word)?|secret|token|api[-_]?key|auth|cookie|credential|private|signature|session/i;
const SECRET_IN_TEXT =
  /\b(pass(?:word)?|pwd|secret|token|api[-_]?key|access[-_]?key|authorization|cookie)\b(\s*["']?\s*[:=]\s*["']?)[^\s"',;&)}]+/gi;

/**
 * A text an admin may read: URLs' query secrets redacted (contracts' redactUrlsInText), key=value
 * secrets, bearer tokens and credentials in connection URLs replaced, e-mail local parts masked,
 * cut to `max` characters.
 */
export function sanitizeText(text: string, max = 500): string {
  return redactUrlsInText(text)
    .replace(SECRET_IN_TEXT, (_m, key: string, sep: string) => `${key}${sep}[redacted]`)
    .replace(/\bBearer\s+[\w.~+/=-]+/gi, "Bearer [redacted]")
    .replace(/(\w+:\/\/)[^/\s:@]+:[^/\s@]+@/g, "$1[redacted]@")
    .replace(/\b([\w.+-])[\w.+-]*@([\w-]+\.[\w.-]+)\b/g, "$1***@$2")
    .slice(0, max);
}

/** The first 4 lines of a stack, directories dropped (file names and lines kept), sanitised. */
export function stackHeadOf(stack: unknown): string | null {
  if (typeof stack !== "string" || !stack) return null;
  const lines = stack
    .split("\n")
    .slice(0, 5)
    .map((l) => l.replace(/(?:file:\/\/)?(?:\/[^\s/():]+)+\/([^\s/():]+)/g, "$1"));
  return sanitizeText(lines.join("\n"), 800);
}

/** Top-level fields of a job's data for a human: at most 12, secret-looking ones redacted, texts short. */
export function dataSummary(data: unknown): Record<string, string> {
  if (data === null || typeof data !== "object" || Array.isArray(data)) return {};
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(data as Record<string, unknown>).slice(0, 12)) {
    if (SECRET_KEY.test(key)) out[key] = "[redacted]";
    else if (value === null || value === undefined) out[key] = String(value);
    else if (typeof value === "number" || typeof value === "boolean") out[key] = String(value);
    else if (typeof value === "string") out[key] = sanitizeText(value, 80);
    else if (Array.isArray(value)) out[key] = `[${value.length} item${value.length === 1 ? "" : "s"}]`;
    else out[key] = `{${Object.keys(value as object).length} fields}`;
  }
  return out;
}

function errorOf(output: unknown): { message: string; stack: unknown } {
  if (output && typeof output === "object") {
    const o = output as Record<string, unknown>;
    const message = typeof o.message === "string" ? o.message : typeof o.value === "string" ? o.value : JSON.stringify(o);
    return { message, stack: o.stack };
  }
  return { message: output === null || output === undefined ? "(no error recorded)" : String(output), stack: null };
}

export async function listQueues(ctx: Ctx, auth: AuthContext): Promise<QueueList> {
  requireInstanceAdmin(auth);
  const [stats, extras] = await Promise.all([
    ctx.jobs.queueStats({ windowSeconds: QUEUE_WINDOW_SECONDS }),
    repo.queueExtras(ctx.db, QUEUE_WINDOW_SECONDS),
  ]);
  const extraOf = new Map(extras.map((e) => [e.name, e]));
  const here = new Set(ctx.jobs.names());
  const round = (v: number | null) => (v === null ? null : Math.round(v * 1000) / 1000);
  return {
    checked_at: new Date().toISOString(),
    queues: stats.map((s) => {
      const e = extraOf.get(s.name);
      return {
        name: s.name,
        queued: s.queued,
        deferred: s.deferred,
        active: s.active,
        failed_24h: s.failed,
        completed_24h: s.completed,
        retried_jobs_24h: e?.retriedJobs ?? 0,
        retries_24h: e?.retries ?? 0,
        avg_wait_seconds: round(s.avgStartLatencySeconds),
        avg_run_seconds: round(e?.avgRunSeconds ?? null),
        oldest_queued_seconds: round(s.oldestQueuedSeconds),
        last_failed_at: e?.lastFailedMs ? new Date(e.lastFailedMs).toISOString() : null,
        defined_here: here.has(s.name),
      };
    }),
  };
}

export async function listFailedJobs(
  ctx: Ctx,
  auth: AuthContext,
  name: string,
  q: { cursor?: string; limit: number },
): Promise<FailedJobPage> {
  requireInstanceAdmin(auth);
  let after: { at: string; id: string } | null = null;
  if (q.cursor !== undefined) {
    const k = decodeKeyset(q.cursor);
    if (!k || typeof k[0] !== "string" || Number.isNaN(Date.parse(k[0]))) throw badCursor();
    after = { at: k[0], id: k[1] };
  }
  if (!(await repo.queueExists(ctx.db, name))) throw new AppError("MONITOR_QUEUE_NOT_FOUND");
  const rows = await repo.failedJobs(ctx.db, name, after, q.limit + 1);
  const page = rows.slice(0, q.limit);
  const jobs: FailedJob[] = page.map((r) => {
    const err = errorOf(r.output);
    return {
      id: r.id,
      queue: r.name,
      created_at: new Date(r.createdMs).toISOString(),
      failed_at: r.failedAt,
      attempts: r.retryCount + 1,
      retry_limit: r.retryLimit,
      error: sanitizeText(err.message),
      stack_head: stackHeadOf(err.stack),
      data_summary: dataSummary(r.data),
    };
  });
  const last = page[page.length - 1];
  return { jobs, next_cursor: rows.length > q.limit && last ? encodeKeyset(last.failedAt, last.id) : null };
}

/** Retries one failed job or all failed jobs of a queue; the log keeps who did it (audit). */
export async function retryJobs(ctx: Ctx, auth: AuthContext, name: string, jobId: string | undefined): Promise<RetryJobsResult> {
  requireInstanceAdmin(auth);
  if (!(await repo.queueExists(ctx.db, name))) throw new AppError("MONITOR_QUEUE_NOT_FOUND");
  const ids = await repo.failedJobIds(ctx.db, name, jobId ?? null);
  if (jobId && ids.length === 0) throw new AppError("MONITOR_JOB_NOT_FAILED");
  const retried = await ctx.jobs.retry(name, ids);
  ctx.log.info(
    { audit: "jobs.retry", userId: auth.userId, queue: name, jobId: jobId ?? null, retried, ids: ids.slice(0, 100) },
    jobId ? "instance admin retried a failed job" : "instance admin retried a queue's failed jobs",
  );
  return { retried };
}

export async function monitorHistory(ctx: Ctx, auth: AuthContext, range: MonitorRange, now = new Date()): Promise<MonitorHistory> {
  requireInstanceAdmin(auth);
  const bucket = HISTORY_BUCKET_SECONDS[range];
  const rows = await repo.monitorHistory(ctx.db, new Date(now.getTime() - MONITOR_RANGE_SECONDS[range] * 1000), bucket);
  return {
    range,
    bucket_seconds: bucket,
    samples: rows.reduce((s, r) => s + r.samples, 0),
    points: rows.map((r) => ({
      t: new Date(r.bucketMs).toISOString(),
      queued: Math.round(r.queued * 10) / 10,
      queued_max: r.queuedMax,
      active: Math.round(r.active * 10) / 10,
      failed: r.failed,
      completed: r.completed,
      oldest_queued_seconds: r.oldest,
      error_reports: r.reports,
    })),
  };
}

export function errorGroups(ctx: Ctx, auth: AuthContext, q: ErrorGroupsQuery): Promise<ErrorGroupList> {
  requireInstanceAdmin(auth);
  return errorGroupPage(ctx, auth, q);
}

export function errorGroup(ctx: Ctx, auth: AuthContext, id: string, range: MonitorRange): Promise<ErrorGroupDetail> {
  requireInstanceAdmin(auth);
  return errorGroupDetail(ctx, auth, id, range);
}
