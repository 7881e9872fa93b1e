/** What every feature receives: config and the shared platform services, built once in buildApp. */
import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";
import type { Config } from "./config.ts";
import type { Database, Db } from "./db/client.ts";
import type { AccessEngine } from "./features/access/access.engine.ts";
import type { SessionAuthenticator } from "./features/identity/identity.authenticator.ts";
import type { Bus } from "./platform/bus.ts";
import type { Hooks } from "./platform/hooks.ts";
import type { Jobs } from "./platform/jobs.ts";
import type { Mailer } from "./platform/mailer.ts";
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
  redis: Redis | null;
  access: AccessEngine;
  authenticator: SessionAuthenticator;
  /** The outbound address rule for SMTP and IMAP connections (OUTBOUND_ALLOWLIST, DNS_SERVERS). */
  mailGuard: AddressGuard;
  /** Server → browser events over the team socket, delivered from any process. */
  realtime: Realtime;
  /** Set by features that print start-up hints (first-run sign-in instructions). */
  onStarted?: () => Promise<void>;
}
