/**
 * The sampler: once a minute a SystemSample of the instance (process, database, job queues,
 * sockets, Redis, HTTP, error reports, disk) goes into system_samples, and rows older than 30 days
 * are pruned. The ticker runs in each process that runs jobs inline (never under NODE_ENV=test: the
 * tests call sampleTick themselves); the row's key is the minute, so with several processes the
 * first one of each minute is kept and the others' inserts do nothing.
 */
import fs from "node:fs/promises";
import type { SystemSample } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { startTicker, type Ticker } from "../../platform/ticker.ts";
import { countErrorReportsSince, databaseSize, insertSample, pingDatabase, pruneSamples } from "./health.repository.ts";

export const SAMPLE_EVERY_MS = 60_000;
export const KEEP_SAMPLES_DAYS = 30;
export const SOCKET_GAUGE = "prospector_socket_connections";

const round = (v: number) => Math.round(v * 100) / 100;

/** Runs `fn`, or null (with the reason logged) when it fails. */
async function orNull<T>(ctx: AppContext, what: string, fn: () => Promise<T>): Promise<T | null> {
  try {
    return await fn();
  } catch (err) {
    ctx.log.warn({ err: (err as Error).message, what }, "system sample: value unavailable");
    return null;
  }
}

export async function timeDatabase(ctx: AppContext): Promise<number> {
  const t = performance.now();
  await pingDatabase(ctx.db);
  return round(performance.now() - t);
}

export async function readRedis(ctx: AppContext): Promise<SystemSample["redis"]> {
  if (!ctx.redis) return { status: "disabled", latency_ms: null, used_memory_bytes: null };
  try {
    const t = performance.now();
    await withTimeout(ctx.redis.ping(), 2000);
    const latency = round(performance.now() - t);
    const info = await withTimeout(ctx.redis.info("memory"), 2000);
    const used = /used_memory:(\d+)/.exec(info)?.[1];
    return { status: "ok", latency_ms: latency, used_memory_bytes: used ? Number(used) : null };
  } catch {
    return { status: "error", latency_ms: null, used_memory_bytes: null };
  }
}

export async function readDisk(dir: string): Promise<{ free_bytes: number | null; total_bytes: number | null }> {
  try {
    const s = await fs.statfs(dir);
    return { free_bytes: s.bavail * s.bsize, total_bytes: s.blocks * s.bsize };
  } catch {
    return { free_bytes: null, total_bytes: null };
  }
}

export function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
      timer.unref();
    }),
  ]).finally(() => clearTimeout(timer));
}

/** The minute a sample stands for. */
export const minuteOf = (d: Date) => new Date(Math.floor(d.getTime() / 60_000) * 60_000);

/** Reads the instance now; the windowed figures cover the time since this process's previous sample. */
export async function collectSample(ctx: AppContext, now = new Date()): Promise<SystemSample> {
  const window = ctx.metrics.takeWindow();
  const windowSeconds = Math.max(60, Math.round(window.elapsed_ms / 1000));
  const since = new Date(now.getTime() - windowSeconds * 1000);
  const mem = process.memoryUsage();
  const [latency, size, queues, sockets, redis, reports, disk] = await Promise.all([
    orNull(ctx, "database latency", () => timeDatabase(ctx)),
    orNull(ctx, "database size", () => databaseSize(ctx.db)),
    orNull(ctx, "job queues", () => ctx.jobs.queueStats({ windowSeconds })),
    ctx.metrics.readGauge(SOCKET_GAUGE),
    readRedis(ctx),
    orNull(ctx, "error reports", () => countErrorReportsSince(ctx.db, since)),
    readDisk(ctx.config.dataDir),
  ]);
  const list = queues ?? [];
  const oldest = list.map((q) => q.oldestQueuedSeconds).filter((v): v is number => v !== null);
  return {
    taken_at: minuteOf(now).toISOString(),
    process: {
      rss_bytes: mem.rss,
      heap_used_bytes: mem.heapUsed,
      heap_total_bytes: mem.heapTotal,
      cpu_percent: window.cpu_percent,
      event_loop_delay_p50_ms: window.event_loop_delay_p50_ms,
      event_loop_delay_p99_ms: window.event_loop_delay_p99_ms,
      uptime_seconds: Math.round(process.uptime()),
    },
    database: { latency_ms: latency, size_bytes: size },
    jobs: {
      queued: sum(list.map((q) => q.queued)),
      active: sum(list.map((q) => q.active)),
      failed: sum(list.map((q) => q.failed)),
      completed: sum(list.map((q) => q.completed)),
      oldest_queued_seconds: oldest.length ? Math.round(Math.max(...oldest)) : null,
      by_queue: Object.fromEntries(
        list
          .filter((q) => q.queued + q.active + q.failed > 0)
          .map((q) => [q.name, { queued: q.queued, active: q.active, failed: q.failed }]),
      ),
    },
    sockets: { connections: sockets ?? 0 },
    redis,
    http: { requests: window.requests, errors_5xx: window.errors_5xx, p50_ms: window.p50_ms, p95_ms: window.p95_ms },
    errors: { reports: reports ?? 0 },
    disk,
  };
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** One tick: sample, write (unless this minute is taken), prune rows older than 30 days. */
export async function sampleTick(ctx: AppContext, now = new Date()): Promise<{ sample: SystemSample; written: boolean; pruned: number }> {
  const sample = await collectSample(ctx, now);
  const written = await insertSample(ctx.db, new Date(sample.taken_at), sample);
  const pruned = await pruneSamples(ctx.db, new Date(now.getTime() - KEEP_SAMPLES_DAYS * 86_400_000));
  return { sample, written, pruned };
}

export type SamplerSchedule = Ticker;

/**
 * Null where jobs do not run inline, and under NODE_ENV=test (tests call sampleTick). The first
 * sample a few seconds after start, so a fresh instance has a point at once; a failure (the
 * database away, usually) is a warning and the next minute tries again.
 */
export function startSampler(ctx: AppContext): SamplerSchedule | null {
  return startTicker(ctx, {
    name: "system sample",
    everyMs: SAMPLE_EVERY_MS,
    firstAfterMs: 5_000,
    tick: () => sampleTick(ctx),
    failureLevel: "warn",
  });
}
