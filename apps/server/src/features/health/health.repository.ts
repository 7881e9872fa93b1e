/**
 * The health feature's queries: the database ping behind the checks, the database's own figures
 * (size, version, biggest tables), and the sampled history in system_samples (one row a minute,
 * the primary key is the minute, so concurrent samplers of several processes write one row).
 */
import type { SystemSample } from "@prospector/contracts";
import { count, gte, lt, min, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { errorReports } from "../error-reports/index.ts";
import { systemSamples } from "./health.table.ts";

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

type Rows = { rows: Record<string, unknown>[] };
const rowsOf = (r: unknown) => (r as Rows).rows;

export async function databaseSize(db: Db): Promise<number> {
  const [row] = rowsOf(await db.execute(sql`select pg_database_size(current_database())::float8 as size`));
  return Number(row!.size);
}

export async function postgresVersion(db: Db): Promise<string> {
  const [row] = rowsOf(await db.execute(sql`select current_setting('server_version') as v`));
  return String(row!.v);
}

/** The largest tables (with their indexes and TOAST) of every schema but the system's. */
export async function biggestTables(db: Db, limit: number): Promise<{ name: string; total_bytes: number; rows_estimate: number | null }[]> {
  const rows = rowsOf(
    await db.execute(sql`
      select case when n.nspname = 'public' then c.relname else n.nspname || '.' || c.relname end as name,
        pg_total_relation_size(c.oid)::float8 as bytes, c.reltuples::float8 as est
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
      order by pg_total_relation_size(c.oid) desc, c.relname
      limit ${limit}`),
  );
  return rows.map((r) => ({
    name: String(r.name),
    total_bytes: Number(r.bytes),
    // reltuples is -1 until the table was first analyzed.
    rows_estimate: Number(r.est) >= 0 ? Math.round(Number(r.est)) : null,
  }));
}

/** Writes the minute's sample unless another process already did; true when this one was written. */
export async function insertSample(db: Db, takenAt: Date, sample: SystemSample): Promise<boolean> {
  const rows = await db.insert(systemSamples).values({ takenAt, sample }).onConflictDoNothing().returning({ t: systemSamples.takenAt });
  return rows.length === 1;
}

export async function pruneSamples(db: Db, before: Date): Promise<number> {
  const rows = await db.delete(systemSamples).where(lt(systemSamples.takenAt, before)).returning({ t: systemSamples.takenAt });
  return rows.length;
}

export async function latestSample(db: Db): Promise<{ takenAt: Date; sample: SystemSample } | null> {
  const [row] = await db.select().from(systemSamples).orderBy(sql`${systemSamples.takenAt} desc`).limit(1);
  return row ?? null;
}

export async function sampleSpan(db: Db): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db.select({ n: count(), oldest: min(systemSamples.takenAt) }).from(systemSamples);
  return { count: Number(row?.n ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}

export async function countErrorReportsSince(db: Db, since: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(errorReports).where(gte(errorReports.createdAt, since));
  return Number(row?.n ?? 0);
}

export interface HistoryBucket {
  bucket: Date;
  samples: number;
  rss_bytes: number | null;
  heap_used_bytes: number | null;
  cpu_percent: number | null;
  event_loop_p50_ms: number | null;
  event_loop_p99_ms: number | null;
  db_latency_ms: number | null;
  db_size_bytes: number | null;
  jobs_queued: number | null;
  jobs_active: number | null;
  jobs_failed: number;
  jobs_completed: number;
  oldest_queued_seconds: number | null;
  sockets: number | null;
  redis_latency_ms: number | null;
  requests: number;
  errors_5xx: number;
  http_p50_ms: number | null;
  http_p95_ms: number | null;
  error_reports: number;
  disk_free_bytes: number | null;
}

/**
 * The samples in [from, to) grouped in buckets of `bucketSeconds` (aligned to the epoch), in the
 * database: a 30-day range is 43,200 rows, read through the primary key and never sent whole.
 */
export async function historyBuckets(db: Db, from: Date, to: Date, bucketSeconds: number): Promise<HistoryBucket[]> {
  const f = (path: string) => sql.raw(`(sample #>> '{${path}}')::float8`);
  const rows = rowsOf(
    await db.execute(sql`
      select to_timestamp(floor(extract(epoch from taken_at) / ${bucketSeconds}) * ${bucketSeconds}) as bucket,
        count(*)::int as samples,
        avg(${f("process,rss_bytes")}) as rss_bytes,
        avg(${f("process,heap_used_bytes")}) as heap_used_bytes,
        avg(${f("process,cpu_percent")}) as cpu_percent,
        avg(${f("process,event_loop_delay_p50_ms")}) as event_loop_p50_ms,
        max(${f("process,event_loop_delay_p99_ms")}) as event_loop_p99_ms,
        avg(${f("database,latency_ms")}) as db_latency_ms,
        max(${f("database,size_bytes")}) as db_size_bytes,
        avg(${f("jobs,queued")}) as jobs_queued,
        avg(${f("jobs,active")}) as jobs_active,
        coalesce(sum(${f("jobs,failed")}), 0) as jobs_failed,
        coalesce(sum(${f("jobs,completed")}), 0) as jobs_completed,
        max(${f("jobs,oldest_queued_seconds")}) as oldest_queued_seconds,
        avg(${f("sockets,connections")}) as sockets,
        avg(${f("redis,latency_ms")}) as redis_latency_ms,
        coalesce(sum(${f("http,requests")}), 0) as requests,
        coalesce(sum(${f("http,errors_5xx")}), 0) as errors_5xx,
        avg(${f("http,p50_ms")}) as http_p50_ms,
        max(${f("http,p95_ms")}) as http_p95_ms,
        coalesce(sum(${f("errors,reports")}), 0) as error_reports,
        min(${f("disk,free_bytes")}) as disk_free_bytes
      from system_samples
      where taken_at >= ${from.toISOString()}::timestamptz and taken_at < ${to.toISOString()}::timestamptz
      group by 1 order by 1`),
  );
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return rows.map((r) => {
    const out: Record<string, unknown> = { bucket: new Date(r.bucket as string | Date) };
    for (const [k, v] of Object.entries(r)) if (k !== "bucket") out[k] = num(v);
    return out as unknown as HistoryBucket;
  });
}
