/**
 * Background jobs on pg-boss 12: on PGlite in-process (embedded), on PostgreSQL shared by any
 * number of `npm run worker` processes. Features define handlers at start-up; handlers must be
 * idempotent because a job that outlives its expiry is retried.
 */

import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { fromPglite, PgBoss } from "pg-boss";
import type { Database } from "../db/client.ts";

export interface JobOptions {
  /** Seconds before the job is retried as expired. */
  expireInSeconds?: number;
  retryLimit?: number;
  retryDelay?: number;
  /** Jobs fetched per poll. */
  batchSize?: number;
  /**
   * For long jobs: the worker running it refreshes it every half of this (pg-boss heartbeat); one
   * not refreshed for this long (its process was killed) is failed and retried within about this
   * plus SUPERVISE_SECONDS, instead of staying "active" until expireInSeconds.
   */
  heartbeatSeconds?: number;
}

/** One queue's figures, read from pg-boss's job table (fresh, not the monitor's cached counts). */
export interface QueueStat {
  name: string;
  /** Waiting to run now or later: created or retry. */
  queued: number;
  /** Of the queued, those whose start time is still ahead (startAfter, retry delay). */
  deferred: number;
  active: number;
  /** Failed and completed within the window (by completion time). */
  failed: number;
  completed: number;
  /** Seconds the oldest ready job (queued, start time passed) has been waiting; null when none waits. */
  oldestQueuedSeconds: number | null;
  /** Mean seconds from a job's start time to its start, over jobs started within the window; null when none. */
  avgStartLatencySeconds: number | null;
}

export type JobHandler<T> = (data: T, meta: { id: string }) => Promise<void>;

export interface Jobs {
  define<T extends object>(name: string, handler: JobHandler<T>, opts?: JobOptions): void;
  send<T extends object>(name: string, data: T, opts?: { startAfter?: Date | number; singletonKey?: string }): Promise<string | null>;
  start(opts: { work: boolean }): Promise<void>;
  stop(): Promise<void>;
  /** Puts these failed jobs of a queue back in line (pg-boss's retry: one more attempt); answers how many moved. */
  retry(name: string, ids: readonly string[]): Promise<number>;
  /** The names of the jobs defined so far, in definition order. */
  names(): string[];
  healthy(): Promise<boolean>;
  /**
   * Per-queue statistics over every queue pg-boss knows (defined here or by another process), the
   * windowed figures over the last `windowSeconds` (default 3600). Throws when the database is down.
   */
  queueStats(opts?: { windowSeconds?: number }): Promise<QueueStat[]>;
}

/**
 * Polling is only a backstop: jobs sent now wake their worker through LISTEN/NOTIFY. While
 * NOTIFY works, a queue is polled every NOTIFY_POLL_SECONDS, which bounds how late a delayed job
 * (startAfter, e.g. a scheduled campaign start) begins; without it, every POLL_SECONDS.
 */
const POLL_SECONDS = 2;
const NOTIFY_POLL_SECONDS = 10;
/**
 * How often each queue is looked over (pg-boss's supervise and monitor passes, default 60 s):
 * expired jobs and jobs whose heartbeat stopped are failed and retried, the queue's counts cached.
 */
export const SUPERVISE_SECONDS = 20;
/** heartbeatSeconds for the long jobs (imports, exports, backups): refreshed every 10 s, so only a dead process misses it. */
export const JOB_HEARTBEAT_SECONDS = 20;

interface Definition {
  handler: JobHandler<object>;
  opts: JobOptions;
}

export function createJobs(database: Database, log: FastifyBaseLogger): Jobs {
  // LISTEN/NOTIFY wakes a worker the moment a job is created (in this process or another on the
  // same PostgreSQL), so workers need not poll often: polling stays only as a backstop and for
  // jobs that start later (startAfter). Fast polling of every queue cost the API a tenth of its
  // CPU on the embedded database.
  const common = {
    schema: "pgboss",
    useListenNotify: true,
    superviseIntervalSeconds: SUPERVISE_SECONDS,
    monitorIntervalSeconds: SUPERVISE_SECONDS,
  };
  const boss =
    database.kind === "pglite"
      ? new PgBoss({ db: fromPglite(database.pglite!), ...common })
      : new PgBoss({ connectionString: database.url, max: 4, ...common });
  boss.on("error", (err: Error) => log.error({ err }, "job queue error"));
  const defs = new Map<string, Definition>();
  let started = false;

  return {
    define(name, handler, opts = {}) {
      if (defs.has(name)) throw new Error(`job ${name} defined twice`);
      defs.set(name, { handler: handler as JobHandler<object>, opts });
    },
    async send(name, data, opts = {}) {
      if (!defs.has(name)) throw new Error(`unknown job ${name}`);
      return boss.send(name, data, {
        startAfter: opts.startAfter,
        singletonKey: opts.singletonKey,
      });
    },
    async start({ work }) {
      await boss.start();
      started = true;
      for (const [name, def] of defs) {
        const options = {
          expireInSeconds: def.opts.expireInSeconds ?? 15 * 60,
          retryLimit: def.opts.retryLimit ?? 3,
          retryDelay: def.opts.retryDelay ?? 5,
          retryBackoff: true,
          notify: true,
          ...(def.opts.heartbeatSeconds ? { heartbeatSeconds: def.opts.heartbeatSeconds } : {}),
        };
        await boss.createQueue(name, options);
        // createQueue leaves an existing queue as it was: bring it to today's options.
        await boss.updateQueue(name, options);
        if (!work) continue;
        await boss.work(
          name,
          { batchSize: def.opts.batchSize ?? 5, pollingIntervalSeconds: POLL_SECONDS, notifyPollingIntervalSeconds: NOTIFY_POLL_SECONDS },
          // Each job of a fetched batch settles on its own: a throw fails only that job (pg-boss
          // completes the rest when the handler returns; completion skips jobs no longer active),
          // instead of failing the whole batch, jobs that never ran included.
          async (batch) => {
            for (const job of batch) {
              try {
                await def.handler(job.data as object, { id: job.id });
              } catch (err) {
                log.error({ err, job: name, id: job.id }, "job failed");
                const e = err instanceof Error ? err : new Error(String(err));
                await boss.fail(name, job.id, { message: e.message, stack: e.stack });
              }
            }
          },
        );
      }
    },
    async stop() {
      if (started) await boss.stop({ graceful: true, timeout: 5000 });
      started = false;
    },
    async retry(name, ids) {
      if (ids.length === 0) return 0;
      // pg-boss types its command answer as an empty interface; at run time it counts the jobs it moved.
      const answer = (await boss.retry(name, [...ids])) as { affected?: number };
      return answer.affected ?? 0;
    },
    names() {
      return [...defs.keys()];
    },
    async queueStats(opts = {}) {
      const windowSeconds = Math.max(1, Math.floor(opts.windowSeconds ?? 3600));
      // One pass over the job table (partitioned by queue name), grouped by queue; queues without
      // jobs come from pgboss.queue. Ages are computed by the database clock.
      const result = await database.db.execute(sql`
        with w as (select now() - make_interval(secs => ${windowSeconds}) as since),
        j as (
          select name,
            count(*) filter (where state in ('created', 'retry'))::int as queued,
            count(*) filter (where state in ('created', 'retry') and start_after > now())::int as deferred,
            count(*) filter (where state = 'active')::int as active,
            count(*) filter (where state = 'failed' and completed_on >= (select since from w))::int as failed,
            count(*) filter (where state = 'completed' and completed_on >= (select since from w))::int as completed,
            extract(epoch from now() - min(start_after) filter (where state in ('created', 'retry') and start_after <= now()))::float8 as oldest,
            avg(extract(epoch from started_on - start_after)) filter (where started_on >= (select since from w))::float8 as latency
          from pgboss.job group by name
        )
        select q.name, coalesce(j.queued, 0) as queued, coalesce(j.deferred, 0) as deferred,
          coalesce(j.active, 0) as active, coalesce(j.failed, 0) as failed, coalesce(j.completed, 0) as completed,
          j.oldest, j.latency
        from pgboss.queue q left join j on j.name = q.name
        order by q.name`);
      const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
      const num = (v: unknown) => (v === null || v === undefined ? null : Math.max(0, Number(v)));
      return rows.map((r) => ({
        name: String(r.name),
        queued: Number(r.queued),
        deferred: Number(r.deferred),
        active: Number(r.active),
        failed: Number(r.failed),
        completed: Number(r.completed),
        oldestQueuedSeconds: num(r.oldest),
        avgStartLatencySeconds: num(r.latency),
      }));
    },
    async healthy() {
      if (!started) return false;
      try {
        await boss.getQueues();
        return true;
      } catch {
        return false;
      }
    },
  };
}
