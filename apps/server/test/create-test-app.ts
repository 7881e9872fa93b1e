/**
 * A real app on a real, fresh database for one test file: in-memory PGlite by default, or a new
 * database on the PostgreSQL server in DATABASE_URL (dropped afterwards). Redis is used when
 * REDIS_URL is set, as in production.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type App, buildApp } from "../src/app.ts";
import { type Config, parseConfig } from "../src/config.ts";
import { type Database, openDatabase } from "../src/db/client.ts";
import { migrate } from "../src/db/migrate.ts";
import type { LogDestination } from "../src/platform/request-log.ts";
import { PG_TEMPLATE_ENV, PGLITE_TEMPLATE_ENV } from "./database-template.ts";

/** The first sign-up of a test instance must carry it (see identity/setup-token.ts). */
export const TEST_SETUP_TOKEN = "test-setup-token-0123456789";

export interface TestApp {
  app: App;
  config: Config;
  database: Database;
  close(): Promise<void>;
}

export async function openTestDatabase(): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    // A copy of the run's migrated template (test/database-template.ts) when there is one.
    const template = process.env[PGLITE_TEMPLATE_ENV];
    const loadDataDir = template && fs.existsSync(template) ? new Blob([fs.readFileSync(template)]) : undefined;
    const database = await openDatabase({ dataDir: "memory://", loadDataDir });
    if (!loadDataDir) await migrate(database);
    return { database, drop: async () => {} };
  }
  const name = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const template = process.env[PG_TEMPLATE_ENV];
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 5 });
  if (!template) await migrate(database);
  return {
    database,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function createTestApp(
  env: Record<string, string | undefined> = {},
  opts: { work?: boolean; logStream?: LogDestination } = {},
): Promise<TestApp> {
  const { database, url, drop } = await openTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "prospector-test-"));
  const config = parseConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789",
    DATABASE_URL: url,
    REDIS_URL: process.env.REDIS_URL,
    WEB_DIST: path.join(dataDir, "no-web"),
    SETUP_TOKEN: TEST_SETUP_TOKEN,
    ...env,
  });
  const app = await buildApp({ config, database, logger: Boolean(opts.logStream), logStream: opts.logStream, work: opts.work ?? true });
  await app.ready();
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second app process on the same PostgreSQL database as `first` (scale-out tests: two API
 * processes, or an API process and a worker). Closing it leaves the database to `first`.
 */
export async function createPeerApp(
  first: TestApp,
  env: Record<string, string | undefined> = {},
  opts: { work?: boolean } = {},
): Promise<Omit<TestApp, "close"> & { close(): Promise<void> }> {
  if (!first.config.DATABASE_URL) throw new Error("createPeerApp needs PostgreSQL (DATABASE_URL): PGlite is one process");
  const database = await openDatabase({ url: first.config.DATABASE_URL, poolSize: 5 });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "prospector-peer-"));
  const config = parseConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    AUTH_SECRET: first.config.AUTH_SECRET,
    DATABASE_URL: first.config.DATABASE_URL,
    REDIS_URL: first.config.REDIS_URL,
    WEB_DIST: path.join(dataDir, "no-web"),
    ...env,
  });
  const app = await buildApp({ config, database, logger: false, work: opts.work ?? true });
  await app.ready();
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
