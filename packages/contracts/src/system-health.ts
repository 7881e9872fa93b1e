/** Request and response shapes of operations: health, readiness, metrics, the sampled history, job queues, error groups and the failure-mode catalogue (docs/operations.md). */
import { z } from "zod";

/**
 * One sample of the instance, taken by the sampling job (every minute, kept 30 days). The history
 * pages chart these fields; /system-monitor reads `jobs` and `errors`. Sizes in bytes, times in ms;
 * null where a value could not be read (and why goes to the log).
 */
export const SystemSample = z.object({
  taken_at: z.string(),
  process: z.object({
    rss_bytes: z.number(),
    heap_used_bytes: z.number(),
    heap_total_bytes: z.number(),
    /** CPU time used since the previous sample over wall time, 0–100 per core summed. */
    cpu_percent: z.number().nullable(),
    event_loop_delay_p50_ms: z.number().nullable(),
    event_loop_delay_p99_ms: z.number().nullable(),
    uptime_seconds: z.number(),
  }),
  database: z.object({
    latency_ms: z.number().nullable(),
    size_bytes: z.number().nullable(),
  }),
  jobs: z.object({
    /** Waiting to run (created or retry), over all queues. */
    queued: z.number(),
    active: z.number(),
    /** Failed since the previous sample. */
    failed: z.number(),
    completed: z.number(),
    /** Age of the oldest waiting job, seconds; null when none waits. */
    oldest_queued_seconds: z.number().nullable(),
    by_queue: z.record(z.string(), z.object({ queued: z.number(), active: z.number(), failed: z.number() })),
  }),
  sockets: z.object({ connections: z.number() }),
  redis: z.object({
    status: z.enum(["ok", "error", "disabled"]),
    latency_ms: z.number().nullable(),
    used_memory_bytes: z.number().nullable(),
  }),
  http: z.object({
    /** Requests answered since the previous sample, and how many with 5xx. */
    requests: z.number(),
    errors_5xx: z.number(),
    p50_ms: z.number().nullable(),
    p95_ms: z.number().nullable(),
  }),
  /** Error reports (POST /api/errors/report) received since the previous sample. */
  errors: z.object({ reports: z.number() }),
  disk: z.object({ free_bytes: z.number().nullable(), total_bytes: z.number().nullable() }),
});
export type SystemSample = z.infer<typeof SystemSample>;

/** GET /api/health/live: the process answers; nothing else is checked. */
export const HealthLive = z.object({ status: z.literal("ok"), uptime_seconds: z.number() });
export type HealthLive = z.infer<typeof HealthLive>;

/** GET /api/health/ready: 200 when the database and the job queue answer, else 503 naming which failed. */
export const ReadinessCheck = z.object({ status: z.enum(["ok", "error"]), latency_ms: z.number().nullable() });
export const HealthReady = z.object({
  status: z.enum(["ready", "unready"]),
  /** The checks that failed (empty when ready). */
  failed: z.array(z.enum(["database", "jobs"])),
  checks: z.object({ database: ReadinessCheck, jobs: ReadinessCheck }),
});
export type HealthReady = z.infer<typeof HealthReady>;

export const ComponentStatus = z.enum(["ok", "degraded", "down", "disabled"]);
export type ComponentStatus = z.infer<typeof ComponentStatus>;

/** One tile of /system-health: a component, its state and the figure behind it. */
export const SystemComponent = z.object({
  key: z.enum(["database", "jobs", "redis", "http", "event_loop", "memory", "disk", "sockets", "errors", "sampler"]),
  label: z.string(),
  status: ComponentStatus,
  /** The figure, formatted for people ("4.2 ms", "3 queued, 0 failed"). */
  figure: z.string(),
  /** Why it is degraded or down; null when ok. */
  reason: z.string().nullable(),
});
export type SystemComponent = z.infer<typeof SystemComponent>;

/** GET /api/system-health/status (instance admins). */
export const SystemStatus = z.object({
  status: ComponentStatus,
  checked_at: z.string(),
  /** The newest sample, null before the sampler's first minute. */
  last_sample_at: z.string().nullable(),
  components: z.array(SystemComponent),
});
export type SystemStatus = z.infer<typeof SystemStatus>;

export const SystemHistoryRange = z.enum(["1h", "24h", "7d", "30d"]);
export type SystemHistoryRange = z.infer<typeof SystemHistoryRange>;
export const SystemHistoryQuery = z.object({ range: SystemHistoryRange.default("24h") });

/**
 * One point of the downsampled history: the samples of one bucket. Gauges are averaged, worst-case
 * figures (p95, p99, oldest job) take the bucket's maximum, counts are summed; null where no sample
 * of the bucket had the value.
 */
export const SystemHistoryPoint = z.object({
  t: z.string(),
  samples: z.number(),
  rss_bytes: z.number().nullable(),
  heap_used_bytes: z.number().nullable(),
  cpu_percent: z.number().nullable(),
  event_loop_p50_ms: z.number().nullable(),
  event_loop_p99_ms: z.number().nullable(),
  db_latency_ms: z.number().nullable(),
  db_size_bytes: z.number().nullable(),
  jobs_queued: z.number().nullable(),
  jobs_active: z.number().nullable(),
  jobs_failed: z.number(),
  jobs_completed: z.number(),
  oldest_queued_seconds: z.number().nullable(),
  sockets: z.number().nullable(),
  redis_latency_ms: z.number().nullable(),
  requests: z.number(),
  /** requests over the bucket's sampled minutes. */
  requests_per_second: z.number().nullable(),
  errors_5xx: z.number(),
  http_p50_ms: z.number().nullable(),
  http_p95_ms: z.number().nullable(),
  error_reports: z.number(),
  disk_free_bytes: z.number().nullable(),
});
export type SystemHistoryPoint = z.infer<typeof SystemHistoryPoint>;

/** GET /api/system-health/history?range= (instance admins): at most 300 points, oldest first. */
export const SystemHistory = z.object({
  range: SystemHistoryRange,
  from: z.string(),
  to: z.string(),
  bucket_seconds: z.number(),
  points: z.array(SystemHistoryPoint),
});
export type SystemHistory = z.infer<typeof SystemHistory>;

/** GET /api/system-health/infrastructure (instance admins): what runs where. */
export const SystemInfrastructure = z.object({
  mode: z.enum(["embedded", "scale-out"]),
  node_version: z.string(),
  postgres_version: z.string().nullable(),
  database: z.object({
    kind: z.enum(["pglite", "postgres"]),
    size_bytes: z.number().nullable(),
    /** The biggest tables, total size (with indexes and TOAST), largest first. */
    tables: z.array(z.object({ name: z.string(), total_bytes: z.number(), rows_estimate: z.number().nullable() })),
  }),
  data_dir: z.object({ path: z.string(), free_bytes: z.number().nullable(), total_bytes: z.number().nullable() }),
  uploads: z.object({ bytes: z.number(), files: z.number(), truncated: z.boolean() }),
  redis: z.object({
    status: z.enum(["ok", "error", "disabled"]),
    version: z.string().nullable(),
    used_memory_bytes: z.number().nullable(),
    connected_clients: z.number().nullable(),
  }),
  jobs: z.object({ mode: z.enum(["inline", "off"]), queues: z.number().nullable() }),
  process: z.object({
    pid: z.number(),
    uptime_seconds: z.number(),
    rss_bytes: z.number(),
    heap_used_bytes: z.number(),
    heap_total_bytes: z.number(),
    platform: z.string(),
    arch: z.string(),
    cpus: z.number(),
    host_total_memory_bytes: z.number(),
    host_free_memory_bytes: z.number(),
  }),
  samples: z.object({ count: z.number(), oldest_at: z.string().nullable() }),
});
export type SystemInfrastructure = z.infer<typeof SystemInfrastructure>;
