/**
 * Background jobs on pg-boss 12: on PGlite in-process (embedded), on PostgreSQL shared by any
 * number of `npm run worker` processes. Features define handlers at start-up; handlers must be
 * idempotent because a job that outlives its expiry is retried.
 */
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
}

export type JobHandler<T> = (data: T, meta: { id: string }) => Promise<void>;

export interface Jobs {
  define<T extends object>(name: string, handler: JobHandler<T>, opts?: JobOptions): void;
  send<T extends object>(name: string, data: T, opts?: { startAfter?: Date | number; singletonKey?: string }): Promise<string | null>;
  start(opts: { work: boolean }): Promise<void>;
  stop(): Promise<void>;
  /** The names of the jobs defined so far, in definition order. */
  names(): string[];
  healthy(): Promise<boolean>;
}

/**
 * Polling is only a backstop: jobs sent now wake their worker through LISTEN/NOTIFY. While
 * NOTIFY works, a queue is polled every NOTIFY_POLL_SECONDS, which bounds how late a delayed job
 * (startAfter, e.g. a scheduled campaign start) begins; without it, every POLL_SECONDS.
 */
const POLL_SECONDS = 2;
const NOTIFY_POLL_SECONDS = 10;

interface Definition {
  handler: JobHandler<object>;
  opts: JobOptions;
}

export function createJobs(database: Database, log: FastifyBaseLogger): Jobs {
  // LISTEN/NOTIFY wakes a worker the moment a job is created (in this process or another on the
  // same PostgreSQL), so workers need not poll often: polling stays only as a backstop and for
  // jobs that start later (startAfter). Fast polling of every queue cost the API a tenth of its
  // CPU on the embedded database.
  const boss =
    database.kind === "pglite"
      ? new PgBoss({ db: fromPglite(database.pglite!), schema: "pgboss", useListenNotify: true })
      : new PgBoss({ connectionString: database.url, schema: "pgboss", max: 4, useListenNotify: true });
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
        };
        await boss.createQueue(name, options);
        // createQueue leaves an existing queue as it was: bring it to today's options.
        await boss.updateQueue(name, options);
        if (!work) continue;
        await boss.work(
          name,
          { batchSize: def.opts.batchSize ?? 5, pollingIntervalSeconds: POLL_SECONDS, notifyPollingIntervalSeconds: NOTIFY_POLL_SECONDS },
          async (batch) => {
            for (const job of batch) {
              try {
                await def.handler(job.data as object, { id: job.id });
              } catch (err) {
                log.error({ err, job: name, id: job.id }, "job failed");
                throw err;
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
    names() {
      return [...defs.keys()];
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
