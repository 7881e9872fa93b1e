/**
 * Starts the real server for the browser tests on a fresh database, and removes it on exit.
 * With DATABASE_URL set, a new database is created on that server; else PGlite in a temp folder.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { openDatabase } from "../apps/server/src/db/client.ts";
import { startDnsServer, type Zone } from "../apps/server/src/features/enrichment/dns.fixtures.ts";
import { DNS_ZONE_FILE, readZone } from "./dns-zone.ts";
import { seedGallery } from "./gallery-seed.ts";
import { E2E_SETUP_TOKEN } from "./setup-token.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "prospector-e2e-"));
const env: Record<string, string | undefined> = {
  ...process.env,
  PORT: process.env.E2E_PORT ?? "8777",
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  LOG_LEVEL: "warn",
};
env.PUBLIC_URL = `http://127.0.0.1:${env.PORT}`;
// The leads spec crawls a site it serves on 127.0.0.1, which the SSRF guard refuses unless allowed.
env.OUTBOUND_ALLOWLIST = "127.0.0.1";
// The campaigns spec waits for a reply read over IMAP: poll as often as the config allows.
env.IMAP_POLL_SECONDS = "5";
// The newcomer spec is the instance's first sign-up: it opens the link with this token.
env.SETUP_TOKEN = E2E_SETUP_TOKEN;
// The deliverability spec's DNS: a local server answering from a zone file the spec edits (dns-zone.ts).
fs.rmSync(DNS_ZONE_FILE, { force: true });
const dns = await startDnsServer(new Proxy({} as Zone, { get: (_, name) => (typeof name === "string" ? readZone()[name] : undefined) }));
env.DNS_SERVERS = dns.server;
env.DNS_TIMEOUT_MS = "500";

let dropDb: (() => Promise<void>) | null = null;
if (process.env.DATABASE_URL) {
  const name = `e2e_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  dropDb = async () => {
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
}

// The chart gallery spec's fixed-date data (gallery-seed.ts), written before the server opens the
// database (PGlite allows one process per data folder). An ordinary user, not the instance admin:
// the newcomer spec's sign-up stays the instance's first account.
{
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir });
  try {
    await seedGallery(database);
  } finally {
    await database.close();
  }
}

const child = spawn(process.execPath, [path.join(root, "apps/server/src/main.ts")], { env, stdio: "inherit" });
const childExit = new Promise<number>((resolve) => child.once("exit", (code) => resolve(code ?? 0)));
// Playwright signals the whole process group, so the server may exit before or after this process
// hears the signal: either way the data goes only once the server is down, then this process exits.
let stopping: Promise<void> | null = null;
const stop = (code: number) => {
  stopping ??= (async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await childExit;
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(DNS_ZONE_FILE, { force: true });
    await dns.close().catch(() => {});
    await dropDb?.().catch(() => {});
    process.exit(code);
  })();
  return stopping;
};
process.on("SIGTERM", () => void stop(0));
process.on("SIGINT", () => void stop(0));
void childExit.then((code) => stop(code));
