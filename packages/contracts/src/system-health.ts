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
