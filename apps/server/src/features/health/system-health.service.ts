/**
 * The rules behind readiness, the Prometheus gauges of the instance and the instance admins'
 * /system-health pages: the current status of each component with its figure and thresholds,
 * the sampled history downsampled to at most 300 points, and the infrastructure facts.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import v8 from "node:v8";
import type {
  ComponentStatus,
  HealthReady,
  SystemComponent,
  SystemHistory,
  SystemHistoryRange,
  SystemInfrastructure,
  SystemStatus,
} from "@prospector/contracts";
import { Gauge } from "prom-client";
import type { AppContext } from "../../context.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import type { QueueStat } from "../../platform/jobs.ts";
import {
  biggestTables,
  countErrorReportsSince,
  databaseSize,
  historyBuckets,
  latestSample,
  postgresVersion,
  sampleSpan,
} from "./health.repository.ts";
import { readDisk, readRedis, SAMPLE_EVERY_MS, SOCKET_GAUGE, timeDatabase, withTimeout } from "./sampler.ts";

/** A check that takes longer than this counts as failed (a stopped database must not hang the probe). */
export const CHECK_TIMEOUT_MS = 3000;
/** The thresholds of the status tiles (docs/operations.md, "System health pages"). */
export const THRESHOLDS = {
  dbLatencyMs: 200,
  oldestQueuedSeconds: 300,
  http5xxShare: 0.05,
  httpP95Ms: 1000,
  eventLoopP99Ms: 200,
  heapShare: 0.9,
  diskFreeShareDegraded: 0.1,
  diskFreeShareDown: 0.02,
  errorReportsPerHour: 20,
  sampleStaleMinutes: 3,
} as const;
export const MAX_HISTORY_POINTS = 300;
export const RANGE_SECONDS: Record<SystemHistoryRange, number> = { "1h": 3600, "24h": 86_400, "7d": 7 * 86_400, "30d": 30 * 86_400 };

function requireInstanceAdmin(auth: AuthContext): void {
  if (!auth.isInstanceAdmin) throw new AppError("INSTANCE_ADMIN_REQUIRED");
}

const ms = (v: number) => `${v < 10 ? v.toFixed(1) : Math.round(v)} ms`;
export function formatBytes(v: number): string {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v < 10 && i > 0 ? v.toFixed(1) : Math.round(v)} ${units[i]}`;
}

// ---- readiness ---------------------------------------------------------------------------------

export async function readiness(ctx: AppContext): Promise<HealthReady> {
  const check = async (name: string, fn: () => Promise<unknown>) => {
    const t = performance.now();
    try {
      await withTimeout(fn(), CHECK_TIMEOUT_MS);
      return { status: "ok" as const, latency_ms: Math.round((performance.now() - t) * 10) / 10 };
    } catch (err) {
      ctx.log.warn({ err: (err as Error).message, check: name }, "readiness check failed");
      return { status: "error" as const, latency_ms: null };
    }
  };
  const [database, jobs] = await Promise.all([
    check("database", () => timeDatabase(ctx)),
    check("jobs", async () => {
      if (!(await ctx.jobs.healthy())) throw new Error("job queue not running or not answering");
    }),
  ]);
  const failed = (["database", "jobs"] as const).filter((k) => ({ database, jobs })[k].status === "error");
  return { status: failed.length ? "unready" : "ready", failed, checks: { database, jobs } };
}

// ---- Prometheus gauges ---------------------------------------------------------------------------

/** The instance's gauges on this process's registry, read at scrape time (each scrape reads the queues once). */
export function registerInstanceGauges(ctx: AppContext): void {
  const registers = [ctx.metrics.registry];
  let queues: { at: number; value: Promise<QueueStat[]> } | null = null;
  const readQueues = () => {
    if (!queues || Date.now() - queues.at > 1000) {
      const value = withTimeout(ctx.jobs.queueStats({ windowSeconds: 3600 }), CHECK_TIMEOUT_MS);
      value.catch(() => {});
      queues = { at: Date.now(), value };
    }
    return queues.value;
  };
  const perQueue = (name: string, help: string, pick: (q: QueueStat) => number | null) =>
    new Gauge({
      name,
      help,
      labelNames: ["queue"] as const,
      registers,
      async collect() {
        this.reset();
        const list = await readQueues().catch(() => []);
        for (const q of list) {
          const v = pick(q);
          if (v !== null) this.set({ queue: q.name }, v);
        }
      },
    });
  perQueue("prospector_job_queue_depth", "Jobs waiting to run (created or retry), by queue", (q) => q.queued);
  perQueue("prospector_job_queue_active", "Jobs running, by queue", (q) => q.active);
  perQueue("prospector_job_failed_last_hour", "Jobs failed within the last hour, by queue", (q) => q.failed);
  perQueue("prospector_job_completed_last_hour", "Jobs completed within the last hour, by queue", (q) => q.completed);
  perQueue("prospector_job_oldest_queued_seconds", "Age of the oldest job ready to run, by queue", (q) => q.oldestQueuedSeconds);

  let db: { at: number; value: Promise<{ latency: number | null; size: number | null }> } | null = null;
  const readDb = () => {
    if (!db || Date.now() - db.at > 1000) {
      const value = (async () => {
        const latency = await withTimeout(timeDatabase(ctx), CHECK_TIMEOUT_MS).catch(() => null);
        const size = latency === null ? null : await withTimeout(databaseSize(ctx.db), CHECK_TIMEOUT_MS).catch(() => null);
        return { latency, size };
      })();
      db = { at: Date.now(), value };
    }
    return db.value;
  };
  new Gauge({
    name: "prospector_db_up",
    help: "1 when the database answered the scrape's ping",
    registers,
    async collect() {
      this.set((await readDb()).latency === null ? 0 : 1);
    },
  });
  new Gauge({
    name: "prospector_db_latency_seconds",
    help: "Round trip of a select 1 at scrape time",
    registers,
    async collect() {
      const { latency } = await readDb();
      this.set(latency === null ? Number.NaN : latency / 1000);
    },
  });
  new Gauge({
    name: "prospector_db_size_bytes",
    help: "pg_database_size of the application database",
    registers,
    async collect() {
      const { size } = await readDb();
      this.set(size ?? Number.NaN);
    },
  });
  if (ctx.redis) {
    new Gauge({
      name: "prospector_redis_up",
      help: "1 when Redis answered a ping, 0 when it failed (absent without REDIS_URL)",
      registers,
      async collect() {
        this.set((await readRedis(ctx)).status === "ok" ? 1 : 0);
      },
    });
  }
  new Gauge({
    name: "prospector_error_reports_last_hour",
    help: "Client error reports (POST /api/errors/report) received within the last hour",
    registers,
    async collect() {
      const n = await withTimeout(countErrorReportsSince(ctx.db, new Date(Date.now() - 3_600_000)), CHECK_TIMEOUT_MS).catch(() => null);
      this.set(n ?? Number.NaN);
    },
  });
  new Gauge({
    name: "prospector_disk_free_bytes",
    help: "Free bytes on the file system of DATA_DIR",
    registers,
    async collect() {
      const { free_bytes } = await readDisk(ctx.config.dataDir);
      this.set(free_bytes ?? Number.NaN);
    },
  });
}

// ---- status --------------------------------------------------------------------------------------

const RANK: Record<ComponentStatus, number> = { disabled: 0, ok: 1, degraded: 2, down: 3 };

export async function getStatus(ctx: AppContext, auth: AuthContext, now = new Date()): Promise<SystemStatus> {
  requireInstanceAdmin(auth);
  const [latency, queues, jobsHealthy, redis, reports, disk, sample, sockets] = await Promise.all([
    withTimeout(timeDatabase(ctx), CHECK_TIMEOUT_MS).catch(() => null),
    withTimeout(ctx.jobs.queueStats({ windowSeconds: 3600 }), CHECK_TIMEOUT_MS).catch(() => null),
    withTimeout(ctx.jobs.healthy(), CHECK_TIMEOUT_MS).catch(() => false),
    readRedis(ctx),
    withTimeout(countErrorReportsSince(ctx.db, new Date(now.getTime() - 3_600_000)), CHECK_TIMEOUT_MS).catch(() => null),
    readDisk(ctx.config.dataDir),
    withTimeout(latestSample(ctx.db), CHECK_TIMEOUT_MS).catch(() => null),
    ctx.metrics.readGauge(SOCKET_GAUGE),
  ]);
  const c: SystemComponent[] = [];
  const add = (key: SystemComponent["key"], label: string, status: ComponentStatus, figure: string, reason: string | null = null) =>
    c.push({ key, label, status, figure, reason: status === "ok" || status === "disabled" ? null : reason });

  if (latency === null) add("database", "Database", "down", "no answer", `No answer to a ping within ${CHECK_TIMEOUT_MS / 1000} s`);
  else
    add(
      "database",
      "Database",
      latency > THRESHOLDS.dbLatencyMs ? "degraded" : "ok",
      `${ms(latency)} ping`,
      `Ping took over ${THRESHOLDS.dbLatencyMs} ms`,
    );

  if (!queues || !jobsHealthy)
    add("jobs", "Job queue", "down", "not answering", "The job queue is not running or its tables do not answer");
  else {
    const queued = queues.reduce((a, q) => a + q.queued - q.deferred, 0);
    const failed = queues.reduce((a, q) => a + q.failed, 0);
    const oldest = Math.max(0, ...queues.map((q) => q.oldestQueuedSeconds ?? 0));
    const late = oldest > THRESHOLDS.oldestQueuedSeconds;
    add(
      "jobs",
      "Job queue",
      late || failed > 0 ? "degraded" : "ok",
      `${queued} waiting · ${failed} failed (1 h)`,
      late
        ? `A job has waited ${Math.round(oldest)} s (over ${THRESHOLDS.oldestQueuedSeconds} s): are workers running?`
        : `${failed} jobs failed in the last hour`,
    );
  }

  if (redis.status === "disabled") add("redis", "Redis", "disabled", "not configured (REDIS_URL unset)");
  else if (redis.status === "error") add("redis", "Redis", "down", "no answer", "Redis did not answer a ping");
  else
    add(
      "redis",
      "Redis",
      "ok",
      `${ms(redis.latency_ms ?? 0)} ping${redis.used_memory_bytes !== null ? ` · ${formatBytes(redis.used_memory_bytes)}` : ""}`,
    );

  const s = sample?.sample ?? null;
  if (!s) add("http", "Requests", "ok", "no sample yet");
  else {
    const share = s.http.requests ? s.http.errors_5xx / s.http.requests : 0;
    const slow = (s.http.p95_ms ?? 0) > THRESHOLDS.httpP95Ms;
    add(
      "http",
      "Requests",
      share > THRESHOLDS.http5xxShare || slow ? "degraded" : "ok",
      `${s.http.requests}/min · p95 ${s.http.p95_ms === null ? "–" : ms(s.http.p95_ms)} · ${s.http.errors_5xx} 5xx`,
      slow ? `p95 over ${THRESHOLDS.httpP95Ms} ms` : `${Math.round(share * 100)}% of requests answered 5xx`,
    );
  }

  const p99 = s?.process.event_loop_delay_p99_ms ?? null;
  add(
    "event_loop",
    "Event loop",
    p99 !== null && p99 > THRESHOLDS.eventLoopP99Ms ? "degraded" : "ok",
    !s ? "no sample yet" : p99 === null ? "not measured in the last sample" : `p99 delay ${ms(p99)}`,
    `Delay p99 over ${THRESHOLDS.eventLoopP99Ms} ms: something blocks the process`,
  );

  const mem = process.memoryUsage();
  const heapLimit = v8.getHeapStatistics().heap_size_limit;
  const heapShare = mem.heapUsed / heapLimit;
  add(
    "memory",
    "Memory",
    heapShare > THRESHOLDS.heapShare ? "degraded" : "ok",
    `${formatBytes(mem.rss)} resident · heap ${Math.round(heapShare * 100)}% of limit`,
    `Heap over ${THRESHOLDS.heapShare * 100}% of its limit`,
  );

  if (disk.free_bytes === null || !disk.total_bytes)
    add("disk", "Disk", "degraded", "unknown", "The data folder's file system could not be read");
  else {
    const share = disk.free_bytes / disk.total_bytes;
    add(
      "disk",
      "Disk",
      share < THRESHOLDS.diskFreeShareDown ? "down" : share < THRESHOLDS.diskFreeShareDegraded ? "degraded" : "ok",
      `${formatBytes(disk.free_bytes)} free of ${formatBytes(disk.total_bytes)}`,
      `Only ${Math.round(share * 1000) / 10}% free on the data folder's disk`,
    );
  }

  add("sockets", "Team sockets", "ok", `${sockets ?? 0} open in this process`);

  if (reports === null) add("errors", "Error reports", "degraded", "unknown", "Error reports could not be counted");
  else
    add(
      "errors",
      "Error reports",
      reports >= THRESHOLDS.errorReportsPerHour ? "degraded" : "ok",
      `${reports} in the last hour`,
      `${reports} client error reports in the last hour (see /system-monitor)`,
    );

  const age = sample ? (now.getTime() - sample.takenAt.getTime()) / 60_000 : null;
  if (age === null)
    add(
      "sampler",
      "History sampler",
      "degraded",
      "no sample yet",
      "No sample recorded: the sampler runs every minute in processes with JOBS=inline",
    );
  else
    add(
      "sampler",
      "History sampler",
      age > THRESHOLDS.sampleStaleMinutes ? "degraded" : "ok",
      `last sample ${Math.max(0, Math.round(age))} min ago`,
      `No sample for ${Math.round(age)} minutes (every ${SAMPLE_EVERY_MS / 60_000} min expected)`,
    );

  const worst = c.reduce<ComponentStatus>((w, x) => (RANK[x.status] > RANK[w] ? x.status : w), "ok");
  return { status: worst, checked_at: now.toISOString(), last_sample_at: sample ? sample.takenAt.toISOString() : null, components: c };
}

// ---- history -------------------------------------------------------------------------------------

/** Bucket width for a range: whole minutes, so that the range holds at most MAX_HISTORY_POINTS buckets. */
export function bucketSecondsFor(range: SystemHistoryRange): number {
  return Math.max(60, Math.ceil(RANGE_SECONDS[range] / MAX_HISTORY_POINTS / 60) * 60);
}

export async function getHistory(ctx: AppContext, auth: AuthContext, range: SystemHistoryRange, now = new Date()): Promise<SystemHistory> {
  requireInstanceAdmin(auth);
  const bucket = bucketSecondsFor(range);
  const bucketMs = bucket * 1000;
  // Buckets are aligned to the epoch; the first starts at or after now - range, so there are at most 300.
  const to = new Date(Math.floor(now.getTime() / 60_000) * 60_000 + 60_000);
  const from = new Date(Math.ceil((to.getTime() - RANGE_SECONDS[range] * 1000) / bucketMs) * bucketMs);
  const rows = await historyBuckets(ctx.db, from, to, bucket);
  const r2 = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);
  return {
    range,
    from: from.toISOString(),
    to: to.toISOString(),
    bucket_seconds: bucket,
    points: rows.slice(-MAX_HISTORY_POINTS).map((b) => ({
      t: b.bucket.toISOString(),
      samples: b.samples,
      rss_bytes: r2(b.rss_bytes),
      heap_used_bytes: r2(b.heap_used_bytes),
      cpu_percent: r2(b.cpu_percent),
      event_loop_p50_ms: r2(b.event_loop_p50_ms),
      event_loop_p99_ms: r2(b.event_loop_p99_ms),
      db_latency_ms: r2(b.db_latency_ms),
      db_size_bytes: r2(b.db_size_bytes),
      jobs_queued: r2(b.jobs_queued),
      jobs_active: r2(b.jobs_active),
      jobs_failed: b.jobs_failed,
      jobs_completed: b.jobs_completed,
      oldest_queued_seconds: r2(b.oldest_queued_seconds),
      sockets: r2(b.sockets),
      redis_latency_ms: r2(b.redis_latency_ms),
      requests: b.requests,
      requests_per_second: b.samples ? r2(b.requests / (b.samples * 60)) : null,
      errors_5xx: b.errors_5xx,
      http_p50_ms: r2(b.http_p50_ms),
      http_p95_ms: r2(b.http_p95_ms),
      error_reports: b.error_reports,
      disk_free_bytes: r2(b.disk_free_bytes),
    })),
  };
}

// ---- infrastructure ------------------------------------------------------------------------------

/** Files counted under DATA_DIR/uploads before the total is reported as a lower bound. */
const UPLOADS_SCAN_LIMIT = 50_000;

async function uploadsSize(dir: string): Promise<{ bytes: number; files: number; truncated: boolean }> {
  let bytes = 0;
  let files = 0;
  const stack = [dir];
  while (stack.length) {
    const d = stack.pop()!;
    let entries: import("node:fs").Dirent[];
    try {
      entries = await fs.readdir(d, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) stack.push(p);
      else if (e.isFile()) {
        if (files >= UPLOADS_SCAN_LIMIT) return { bytes, files, truncated: true };
        try {
          bytes += (await fs.stat(p)).size;
          files++;
        } catch {}
      }
    }
  }
  return { bytes, files, truncated: false };
}

export async function getInfrastructure(ctx: AppContext, auth: AuthContext): Promise<SystemInfrastructure> {
  requireInstanceAdmin(auth);
  const redisInfo = async () => {
    const base = await readRedis(ctx);
    if (base.status !== "ok" || !ctx.redis) return { status: base.status, version: null, used_memory_bytes: null, connected_clients: null };
    const info = await withTimeout(ctx.redis.info(), CHECK_TIMEOUT_MS).catch(() => "");
    const field = (k: string) => new RegExp(`^${k}:(.+)$`, "m").exec(info)?.[1]?.trim() ?? null;
    const clients = field("connected_clients");
    return {
      status: base.status,
      version: field("redis_version"),
      used_memory_bytes: base.used_memory_bytes,
      connected_clients: clients ? Number(clients) : null,
    };
  };
  const [pgVersion, size, tables, disk, uploads, redis, queues, span] = await Promise.all([
    postgresVersion(ctx.db).catch(() => null),
    databaseSize(ctx.db).catch(() => null),
    biggestTables(ctx.db, 15).catch(() => []),
    readDisk(ctx.config.dataDir),
    uploadsSize(path.join(ctx.config.dataDir, "uploads")),
    redisInfo(),
    ctx.jobs.queueStats().catch(() => null),
    sampleSpan(ctx.db),
  ]);
  const mem = process.memoryUsage();
  return {
    mode: ctx.database.kind === "pglite" ? "embedded" : "scale-out",
    node_version: process.version,
    postgres_version: pgVersion,
    database: { kind: ctx.database.kind, size_bytes: size, tables },
    data_dir: { path: ctx.config.dataDir, ...disk },
    uploads,
    redis,
    jobs: { mode: ctx.config.JOBS, queues: queues ? queues.length : null },
    process: {
      pid: process.pid,
      uptime_seconds: Math.round(process.uptime()),
      rss_bytes: mem.rss,
      heap_used_bytes: mem.heapUsed,
      heap_total_bytes: mem.heapTotal,
      platform: process.platform,
      arch: process.arch,
      cpus: os.availableParallelism(),
      host_total_memory_bytes: os.totalmem(),
      host_free_memory_bytes: os.freemem(),
    },
    samples: { count: span.count, oldest_at: span.oldest ? span.oldest.toISOString() : null },
  };
}
