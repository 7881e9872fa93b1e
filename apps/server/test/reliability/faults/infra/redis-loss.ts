/**
 * Scenario 2 of the infrastructure faults: a private redis-server (no persistence) under one or two
 * real API processes; it is killed (SIGKILL), the processes keep serving on their own memory, then
 * a new redis-server comes up on the same port and they go back to the shared state by themselves.
 * Rate limits are observed on the sign-in limit (AUTH_RATE_LIMIT_PER_MINUTE, per client address;
 * TRUST_PROXY lets each phase use its own address), presence on the team socket's `connected` frame.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import pg from "pg";
import { type Database, openDatabase } from "../../../../src/db/client.ts";
import { migrate } from "../../../../src/db/migrate.ts";
import { openSocket } from "../../../../src/features/team-socket/team-socket.test-client.ts";
import { addMember, createUser, type TestUser } from "../../../factories.ts";
import { type ChildServer, freePort, startServer } from "../../../processes.ts";
import { type RedisServer, redisServer } from "../../../redis-server.ts";
import { call } from "./http.ts";

export const AUTH_LIMIT = 10;
export const RECOVERY_BOUND_MS = 15_000;

export interface Api {
  name: string;
  base: string;
  server: ChildServer;
}

export interface Setup {
  apis: Api[];
  owner: TestUser;
  member: TestUser;
  redis: RedisServer;
  /** An independent client of the private Redis, for looking at what the apps wrote there. */
  inspect(): Redis;
  close(): Promise<void>;
}

/** Two processes on a fresh PostgreSQL database when `databaseUrl` is given, else one on PGlite. */
export async function setUp(databaseUrl: string | undefined): Promise<Setup> {
  const redis = redisServer(await freePort());
  await redis.start();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "prospector-redisfault-"));
  let dbName: string | null = null;
  let database: Database;
  let appDbUrl: string | undefined;
  if (databaseUrl) {
    dbName = `faults_redis_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(databaseUrl);
    u.pathname = `/${dbName}`;
    appDbUrl = u.toString();
    database = await openDatabase({ url: appDbUrl, poolSize: 2 });
  } else {
    database = await openDatabase({ dataDir: path.join(root, "a") });
  }
  await migrate(database);
  const owner = await createUser(database.db, { name: "Ada Owner" });
  const member = await addMember(database.db, owner, "admin");
  await database.close();

  const apis: Api[] = [];
  const inspectors: Redis[] = [];
  const close = async () => {
    for (const i of inspectors) i.disconnect();
    await Promise.all(
      apis.map(async (a) => {
        if (a.server.child.exitCode !== null || a.server.child.signalCode !== null) return;
        a.server.child.kill("SIGTERM");
        const t = setTimeout(() => a.server.child.kill("SIGKILL"), 10_000);
        await a.server.exit;
        clearTimeout(t);
      }),
    );
    await redis.kill();
    if (dbName && databaseUrl) {
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`);
      await c.end();
    }
    fs.rmSync(root, { recursive: true, force: true });
  };
  try {
    for (const name of databaseUrl ? ["A", "B"] : ["A"]) {
      const port = await freePort();
      const server = await startServer(
        {
          DATABASE_URL: appDbUrl,
          DATA_DIR: path.join(root, databaseUrl ? name : "a"),
          REDIS_URL: redis.url,
          AUTH_SECRET: "faults-secret-faults-secret-faults-secret-0123",
          SETUP_TOKEN: "faults-setup-token-0123456789",
          WEB_DIST: path.join(root, "no-web"),
          AUTH_RATE_LIMIT_PER_MINUTE: String(AUTH_LIMIT),
          TRUST_PROXY: "true",
          LOG_LEVEL: "warn",
        },
        port,
      );
      apis.push({ name, base: `http://127.0.0.1:${port}`, server });
    }
  } catch (err) {
    await close();
    throw err;
  }
  return {
    apis,
    owner,
    member,
    redis,
    inspect() {
      const r = new Redis(redis.url, { maxRetriesPerRequest: 1 });
      r.on("error", () => {});
      inspectors.push(r);
      return r;
    },
    close,
  };
}

/** Failed sign-ins from `ip` through `api`: how many were let through (not 429) and refused (429). */
export async function signIns(
  api: Api,
  ip: string,
  n: number,
): Promise<{ allowed: number; limited: number; other: string[]; maxMs: number }> {
  let allowed = 0;
  let maxMs = 0;
  let limited = 0;
  const other: string[] = [];
  for (let i = 0; i < n; i++) {
    const a = await call(api.base, "POST", "/api/auth/login", {
      body: { email: `nobody-${ip}-${i}@example.com`, password: "Wrong-password-1" },
      headers: { "x-forwarded-for": ip },
      timeoutMs: 10_000,
    });
    maxMs = Math.max(maxMs, a.ms);
    if (a.status === 429) limited++;
    else if (a.status === 401 || a.status === 400 || a.status === 422) allowed++;
    else other.push(`${a.status}${a.error ? ` ${a.error}` : ""} ${JSON.stringify(a.body)}`);
  }
  return { allowed, limited, other, maxMs };
}

/** Opens a team socket on `api` and returns the user ids in its greeting's presence, and the socket. */
export async function presenceSeenBy(api: Api, user: TestUser) {
  const socket = await openSocket(`${api.base.replace("http", "ws")}/ws/team?token=${encodeURIComponent(user.token)}`, { waitFor: null });
  const hello = await socket.next("connected", undefined, 10_000);
  const users = (hello.presence as { user_id: string }[]).map((p) => p.user_id).sort();
  return { socket, users };
}
