/**
 * The composition root both processes share: builds the context every feature receives (config,
 * database, logger, bus, hooks, jobs, mailer, Redis, realtime, the mail address guard) and
 * registers FEATURES in order, lowest layer first. The API (app.ts) adds Fastify and each
 * feature's routes on top; the worker (worker.ts) only starts the job handlers. Nothing here
 * knows about HTTP.
 */
import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";
import type { Config } from "./config.ts";
import type { AppContext } from "./context.ts";
import type { Database } from "./db/client.ts";
import { FEATURES } from "./features.ts";
import { type Bus, createMemoryBus, createRedisBus } from "./platform/bus.ts";
import type { Feature } from "./platform/feature.ts";
import { createHooks } from "./platform/hooks.ts";
import { createJobs } from "./platform/jobs.ts";
import { createMailer } from "./platform/mailer.ts";
import { createMetrics } from "./platform/metrics.ts";
import { createRealtime } from "./platform/realtime.ts";
import { createOutboundGuard } from "./platform/safe-fetch.ts";

export interface RuntimeOptions {
  config: Config;
  database: Database;
  /** The process's logger: Fastify's in the API, a pino instance in the worker. */
  log: FastifyBaseLogger;
}

export interface Runtime {
  ctx: AppContext;
  /** Starts the job queue; with `work` this process also runs the job handlers. */
  start(opts: { work: boolean }): Promise<void>;
  /** Closes the features (highest layer first), then the jobs and platform services. Idempotent. */
  close(): Promise<void>;
}

export async function createRuntime(opts: RuntimeOptions): Promise<Runtime> {
  const { config, database, log } = opts;
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 3 }) : null;
  redis?.on("error", (err) => log.warn({ err: err.message }, "redis error"));
  const bus: Bus = config.REDIS_URL ? createRedisBus(config.REDIS_URL) : createMemoryBus();
  const jobs = createJobs(database, log);
  const hooks = createHooks();
  const mailer = createMailer({ config, db: database.db, jobs });
  const realtime = createRealtime({ bus });
  const metrics = createMetrics();
  // The members features add to AppContext (by augmentation) are set by their register below.
  const ctx = {
    config,
    database,
    db: database.db,
    log,
    bus,
    hooks,
    jobs,
    mailer,
    metrics,
    redis,
    realtime,
    mailGuard: createOutboundGuard(config),
  } as AppContext;

  const registered: Feature[] = [];
  let closed: Promise<void> | null = null;
  const close = () => {
    closed ??= (async () => {
      for (const feature of [...registered].reverse()) await feature.close?.(ctx);
      await jobs.stop();
      mailer.close();
      await realtime.close();
      await bus.close();
      redis?.disconnect();
      metrics.close();
    })();
    return closed;
  };
  try {
    for (const feature of FEATURES) {
      await feature.register?.(ctx);
      registered.push(feature);
    }
  } catch (err) {
    // A feature that cannot start (bad config, database down) must not leave timers or connections behind.
    await close().catch((closeErr: unknown) => log.error({ err: closeErr }, "closing after a failed start"));
    throw err;
  }

  const start = async (o: { work: boolean }) => {
    await jobs.start(o);
    for (const feature of registered) await feature.start?.(ctx);
  };
  return { ctx, start, close };
}
