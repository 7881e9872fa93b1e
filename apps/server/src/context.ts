/**
 * What every feature receives: config and the shared platform services, built once per process by
 * createRuntime (runtime.ts). Features add their engines (ctx.access, ctx.authenticator, ctx.sending,
 * …) by augmenting this interface from their own files, and set them in their register.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";
import type { Config } from "./config.ts";
import type { Database, Db } from "./db/client.ts";
import type { Bus } from "./platform/bus.ts";
import type { Hooks } from "./platform/hooks.ts";
import type { Jobs } from "./platform/jobs.ts";
import type { Mailer } from "./platform/mailer.ts";
import type { Metrics } from "./platform/metrics.ts";
import type { Realtime } from "./platform/realtime.ts";
import type { AddressGuard } from "./platform/safe-fetch.ts";

export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  log: FastifyBaseLogger;
  bus: Bus;
  /** In-process hooks: lower features announce, higher features react (platform/hooks.ts). */
  hooks: Hooks;
  jobs: Jobs;
  mailer: Mailer;
  /** This process's Prometheus registry, request histogram and the gauges features register. */
  metrics: Metrics;
  redis: Redis | null;
  /** The outbound address rule for SMTP and IMAP connections (OUTBOUND_ALLOWLIST, DNS_SERVERS). */
  mailGuard: AddressGuard;
  /** Server → browser events over the team socket, delivered from any process. */
  realtime: Realtime;
  /** Set by features that print start-up hints (first-run sign-in instructions). */
  onStarted?: () => Promise<void>;
}
