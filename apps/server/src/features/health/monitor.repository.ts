/**
 * Drizzle calls of the system monitor: pg-boss's job table (schema "pgboss", in the same database
 * on PGlite and PostgreSQL; read and retried the way pg-boss 12 itself does) and the sampled
 * history in system_samples. Times come back as epoch milliseconds or exact ISO text, so PGlite
 * and node-postgres answer alike.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { systemSamples } from "./health.table.ts";

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export interface QueueExtraRow {
  name: string;
  retriedJobs: number;
  retries: number;
  avgRunSeconds: number | null;
  lastFailedMs: number | null;
}

/**
 * Per queue over the window: jobs that needed more than one attempt (finished in the window or
 * still waiting for their retry) and their retries, the mean run time of jobs finished in the
 * window, and the last failure. One grouped pass over the job table, as jobs.queueStats does.
 */
export async function queueExtras(db: Db, windowSeconds: number): Promise<QueueExtraRow[]> {
  const res = await db.execute(sql`
    with w as (select now() - make_interval(secs => ${windowSeconds}) as since)
    select name,
      count(*) filter (where retry_count > 0 and (state = 'retry' or completed_on >= (select since from w)))::int as "retriedJobs",
      coalesce(sum(retry_count) filter (where retry_count > 0 and (state = 'retry' or completed_on >= (select since from w))), 0)::int as retries,
      avg(extract(epoch from completed_on - started_on)) filter (where state in ('completed', 'failed') and completed_on >= (select since from w) and started_on is not null)::float8 as "avgRunSeconds",
      (extract(epoch from max(completed_on) filter (where state = 'failed')) * 1000)::float8 as "lastFailedMs"
    from pgboss.job group by name`);
  return rowsOf<QueueExtraRow>(res).map((r) => ({
    name: String(r.name),
    retriedJobs: Number(r.retriedJobs),
    retries: Number(r.retries),
    avgRunSeconds: num(r.avgRunSeconds),
    lastFailedMs: num(r.lastFailedMs),
  }));
}

export async function queueExists(db: Db, name: string): Promise<boolean> {
  const res = await db.execute(sql`select 1 from pgboss.queue where name = ${name}`);
  return rowsOf(res).length > 0;
}

export interface FailedJobRow {
  id: string;
  name: string;
  data: unknown;
  output: unknown;
  retryCount: number;
  retryLimit: number;
  createdMs: number;
  /** Exact failure time as ISO text with microseconds (the keyset value). */
  failedAt: string;
}

/**
 * One queue's failed jobs, newest failure first, after a keyset (failure time as exact text, id).
 * Reads the queue's own partition through pg-boss's (name, state …) indexes.
 */
export async function failedJobs(db: Db, name: string, after: { at: string; id: string } | null, limit: number): Promise<FailedJobRow[]> {
  const at = sql`coalesce(completed_on, created_on)`;
  const res = await db.execute(sql`
    select id::text as id, name, data, output, retry_count as "retryCount", retry_limit as "retryLimit",
      (extract(epoch from created_on) * 1000)::float8 as "createdMs",
      to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "failedAt"
    from pgboss.job
    where name = ${name} and state = 'failed'
      ${after ? sql`and (${at}, id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
    order by ${at} desc, id desc
    limit ${limit}`);
  return rowsOf<FailedJobRow>(res).map((r) => ({
    ...r,
    retryCount: Number(r.retryCount),
    retryLimit: Number(r.retryLimit),
    createdMs: Number(r.createdMs),
  }));
}

/** The ids of a queue's failed jobs (or of that one job, when failed), for pg-boss's retry. */
export async function failedJobIds(db: Db, name: string, jobId: string | null): Promise<string[]> {
  const res = await db.execute(sql`
    select id::text as id from pgboss.job
    where name = ${name} and state = 'failed' ${jobId ? sql`and id = ${jobId}::uuid` : sql``}`);
  return rowsOf<{ id: string }>(res).map((r) => r.id);
}

export interface HistoryRow {
  bucketMs: number;
  samples: number;
  queued: number;
  queuedMax: number;
  active: number;
  failed: number;
  completed: number;
  oldest: number | null;
  reports: number;
}

/**
 * The sampled history since a time in buckets of `bucketSeconds` (the primary key on taken_at
 * bounds the scan): queue figures averaged (queued, active), their peak, and per-interval counts
 * summed (failed, completed, error reports).
 */
export async function monitorHistory(db: Db, since: Date, bucketSeconds: number): Promise<HistoryRow[]> {
  const j = (path: string) => sql.raw(`(sample #>> '{${path}}')::float8`);
  const res = await db.execute(sql`
    select (floor(extract(epoch from taken_at) / ${bucketSeconds}) * ${bucketSeconds} * 1000)::float8 as "bucketMs",
      count(*)::int as samples,
      avg(${j("jobs,queued")})::float8 as queued,
      max(${j("jobs,queued")})::float8 as "queuedMax",
      avg(${j("jobs,active")})::float8 as active,
      coalesce(sum(${j("jobs,failed")}), 0)::float8 as failed,
      coalesce(sum(${j("jobs,completed")}), 0)::float8 as completed,
      max(${j("jobs,oldest_queued_seconds")})::float8 as oldest,
      coalesce(sum(${j("errors,reports")}), 0)::float8 as reports
    from ${systemSamples}
    where taken_at >= ${since}
    group by 1 order by 1`);
  return rowsOf<HistoryRow>(res).map((r) => ({
    bucketMs: Number(r.bucketMs),
    samples: Number(r.samples),
    queued: Number(r.queued ?? 0),
    queuedMax: Number(r.queuedMax ?? 0),
    active: Number(r.active ?? 0),
    failed: Number(r.failed),
    completed: Number(r.completed),
    oldest: num(r.oldest),
    reports: Number(r.reports),
  }));
}
