/**
 * Request and response shapes of the system monitor (job queues, error groups, their history) and
 * the failure-mode catalogue (docs/operations.md, "System monitor" and "Failure modes").
 */
import { z } from "zod";
import { ClientErrorType, ErrorSeverity } from "./error-reports.ts";

export const MonitorRange = z.enum(["1h", "24h", "7d", "30d"]);
export type MonitorRange = z.infer<typeof MonitorRange>;
export const MONITOR_RANGE_SECONDS: Record<MonitorRange, number> = { "1h": 3600, "24h": 86_400, "7d": 7 * 86_400, "30d": 30 * 86_400 };

/** One pg-boss queue: now (queued, active, oldest) and over the last 24 hours (failed, completed, retries, times). */
export const QueueSummary = z.object({
  name: z.string(),
  /** Waiting to run (created or retry), including those whose start time is still ahead (deferred). */
  queued: z.number().int(),
  deferred: z.number().int(),
  active: z.number().int(),
  failed_24h: z.number().int(),
  completed_24h: z.number().int(),
  /** Jobs finished (or still waiting) in 24 h that needed more than one attempt, and how many retries they took. */
  retried_jobs_24h: z.number().int(),
  retries_24h: z.number().int(),
  /** Mean seconds from a job's start time to its start, over jobs started in 24 h. */
  avg_wait_seconds: z.number().nullable(),
  /** Mean seconds from start to completion (completed or failed) over jobs finished in 24 h. */
  avg_run_seconds: z.number().nullable(),
  oldest_queued_seconds: z.number().nullable(),
  last_failed_at: z.string().nullable(),
  /** Defined by this process (its handler is here); other queues are known to pg-boss from another process or an older version. */
  defined_here: z.boolean(),
});
export type QueueSummary = z.infer<typeof QueueSummary>;
export const QueueList = z.object({ checked_at: z.string(), queues: z.array(QueueSummary) });
export type QueueList = z.infer<typeof QueueList>;

export const FailedJobsQuery = z.object({
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
/** A failed job as the monitor shows it: the error sanitised and truncated, the data summarised (never secrets). */
export const FailedJob = z.object({
  id: z.string(),
  queue: z.string(),
  created_at: z.string(),
  failed_at: z.string().nullable(),
  attempts: z.number().int(),
  retry_limit: z.number().int(),
  error: z.string(),
  /** The first lines of the stack, paths and secrets stripped. */
  stack_head: z.string().nullable(),
  /** Top-level fields of the job's data: ids, numbers and short texts; secret-looking fields as [redacted]. */
  data_summary: z.record(z.string(), z.string()),
});
export type FailedJob = z.infer<typeof FailedJob>;
export const FailedJobPage = z.object({ jobs: z.array(FailedJob), next_cursor: z.string().nullable() });
export type FailedJobPage = z.infer<typeof FailedJobPage>;

/** Retry one failed job (job_id) or every failed job of the queue (no job_id). */
export const RetryJobsRequest = z.object({ job_id: z.uuid().optional() });
export type RetryJobsRequest = z.infer<typeof RetryJobsRequest>;
export const RetryJobsResult = z.object({ retried: z.number().int() });
export type RetryJobsResult = z.infer<typeof RetryJobsResult>;

export const ErrorGroupsQuery = z.object({
  range: MonitorRange.default("24h"),
  type: ClientErrorType.optional(),
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type ErrorGroupsQuery = z.infer<typeof ErrorGroupsQuery>;
export const ErrorExample = z.object({
  id: z.string(),
  severity: ErrorSeverity,
  message: z.string(),
  stack_head: z.string().nullable(),
  url: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
});
export type ErrorExample = z.infer<typeof ErrorExample>;
export const ErrorTrendPoint = z.object({ t: z.string(), count: z.number().int() });
/** Reports of one type, field and component (shell §8) within the range. field and component are '' when the reports had none. */
export const ErrorGroup = z.object({
  id: z.string(),
  type: ClientErrorType,
  field: z.string(),
  component: z.string(),
  count: z.number().int(),
  first_seen: z.string(),
  last_seen: z.string(),
  /** Counts per bucket (an hour for 1h and 24h, a UTC day for 7d and 30d), oldest first, empty buckets as 0. */
  trend: z.array(ErrorTrendPoint),
  latest: ErrorExample,
});
export type ErrorGroup = z.infer<typeof ErrorGroup>;
export const ErrorGroupList = z.object({
  range: MonitorRange,
  bucket: z.enum(["hour", "day"]),
  /** Reports and groups in the range (all pages). */
  total_reports: z.number().int(),
  total_groups: z.number().int(),
  groups: z.array(ErrorGroup),
  next_cursor: z.string().nullable(),
});
export type ErrorGroupList = z.infer<typeof ErrorGroupList>;
export const ErrorGroupQuery = z.object({ range: MonitorRange.default("30d") });
export const ErrorGroupDetail = ErrorGroup.extend({
  range: MonitorRange,
  bucket: z.enum(["hour", "day"]),
  /** Severity counts within the range. */
  by_severity: z.record(z.string(), z.number().int()),
  /** The newest reports of the group (at most 10). */
  examples: z.array(ErrorExample),
});
export type ErrorGroupDetail = z.infer<typeof ErrorGroupDetail>;

export const MonitorHistoryQuery = z.object({ range: MonitorRange.default("24h") });
/** One bucket of the sampled history: job figures averaged (queued, active) or summed (failed, completed, reports). */
export const MonitorHistoryPoint = z.object({
  t: z.string(),
  queued: z.number(),
  queued_max: z.number(),
  active: z.number(),
  failed: z.number(),
  completed: z.number(),
  oldest_queued_seconds: z.number().nullable(),
  error_reports: z.number(),
});
export type MonitorHistoryPoint = z.infer<typeof MonitorHistoryPoint>;
export const MonitorHistory = z.object({
  range: MonitorRange,
  bucket_seconds: z.number().int(),
  /** Samples read (one a minute while the sampler runs). */
  samples: z.number().int(),
  points: z.array(MonitorHistoryPoint),
});
export type MonitorHistory = z.infer<typeof MonitorHistory>;

export const EdgeCaseStatus = z.enum(["ok", "degraded", "failing", "unknown"]);
export type EdgeCaseStatus = z.infer<typeof EdgeCaseStatus>;
/** One failure mode the system handles, with its live status computed from real records at request time. */
export const EdgeCase = z.object({
  id: z.string(),
  title: z.string(),
  /** What goes wrong and what users notice. */
  what_happens: z.string(),
  /** What the system does about it (retry/backoff, fallback, hold, alert), true to the code. */
  system_response: z.string(),
  /** What an operator does to recover. */
  recovery: z.string(),
  status: EdgeCaseStatus,
  /** One sentence: why the status is what it is. */
  evidence: z.string(),
  /** The records behind it (at most 10 lines: inboxes, providers, queues …). */
  details: z.array(z.string()),
  /** The page that fixes it, and its label. */
  fix_path: z.string(),
  fix_label: z.string(),
  /** Milliseconds the check took. */
  checked_ms: z.number(),
});
export type EdgeCase = z.infer<typeof EdgeCase>;
export const EdgeCaseList = z.object({
  checked_at: z.string(),
  summary: z.record(EdgeCaseStatus, z.number().int()),
  cases: z.array(EdgeCase),
});
export type EdgeCaseList = z.infer<typeof EdgeCaseList>;
