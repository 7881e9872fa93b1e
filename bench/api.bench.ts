/**
 * API benchmark: autocannon on the authenticated GET /api/auth/me (identity, rate-limit and
 * access hooks) against a bare Fastify hello-world measured in the same run; target ≥ 0.6× the
 * bare figure. Servers run in child processes so the load generator does not share their event
 * loop. All servers stay up while the measurements alternate between them for BENCH_ROUNDS rounds
 * (default 3), and the best round of each counts, so a burst of other work on the machine does not
 * land on one side only. Besides requests per second it reports the server's CPU time per request
 * (from /proc), which other load barely moves. BENCH_CPU_PROF=<dir> writes a CPU profile of each
 * server. Prints one JSON object; exits non-zero only when something crashes.
 *
 *   npm run bench                      # embedded PGlite in a temp dir
 *   DATABASE_URL=postgres://… npm run bench   # also PostgreSQL (a fresh database, dropped after)
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const here = path.dirname(fileURLToPath(import.meta.url));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const WARMUP_S = 1;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET = 0.6;
/**
 * Each user may make 1,000 requests a minute (the admin limit): requests rotate over enough users
 * that the limiter is on the path but never refuses, so every measured request is a full one. Three
 * routes of three rounds can pass a million requests in a minute on a quiet machine, hence 3,000.
 */
const USERS = Number(process.env.BENCH_USERS ?? 3000);
/** Which app routes to measure (comma-separated: me, read, check); all by default. */
const TARGETS = (process.env.BENCH_TARGETS ?? "me,read,check").split(",").map((t) => t.trim()) as ("me" | "read" | "check")[];

type Mode = "bare" | "pglite" | "postgres";
interface Ready {
  port: number;
  tokens: string[];
}

if (process.argv[2] === "--serve") {
  await serve(process.argv[3] as Mode);
} else {
  await main();
}

// ---- Child: one server ---------------------------------------------------------------------

async function serve(mode: Mode): Promise<void> {
  const ready = (r: Ready) => process.stdout.write(`BENCH_READY ${JSON.stringify(r)}\n`);
  if (mode === "bare") {
    const { default: Fastify } = await import("fastify");
    const app = Fastify();
    app.get("/hello", async () => ({ hello: "world" }));
    await app.listen({ host: "127.0.0.1", port: 0 });
    process.once("SIGTERM", () => void app.close().then(() => process.exit(0)));
    // The client sends the bare server the same requests as the app (a rotating bearer token it
    // ignores): autocannon rebuilds every request that carries its own header, and that client
    // work, on the same cores, must weigh on both sides alike.
    const tokens = Array.from({ length: USERS }, () => randomBytes(24).toString("base64url"));
    ready({ port: (app.server.address() as { port: number }).port, tokens });
    return;
  }
  const server = path.join(here, "../apps/server");
  const { buildApp } = await import(path.join(server, "src/app.ts"));
  const { parseConfig } = await import(path.join(server, "src/config.ts"));
  const { openDatabase } = await import(path.join(server, "src/db/client.ts"));
  const { migrate } = await import(path.join(server, "src/db/migrate.ts"));
  const { openTestDatabase } = await import(path.join(server, "test/create-test-app.ts"));
  const { addMember, createUser } = await import(path.join(server, "test/factories.ts"));

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "prospector-bench-"));
  let drop = async () => {};
  let database: Awaited<ReturnType<typeof openDatabase>>;
  let url: string | undefined;
  if (mode === "postgres") {
    const t = await openTestDatabase(); // a fresh database on DATABASE_URL's server, migrated
    database = t.database;
    url = t.url;
    drop = t.drop;
  } else {
    database = await openDatabase({ dataDir: path.join(dataDir, "db") });
    await migrate(database);
  }
  const config = parseConfig({
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
    WEB_DIST: path.join(dataDir, "no-web"),
  });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const owner = await createUser(database.db);
  const tokens: string[] = [owner.token];
  while (tokens.length < USERS) tokens.push((await addMember(database.db, owner, "admin")).token);

  const shutdown = async () => {
    await app.close();
    await database.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown());
  ready({ port: (app.server.address() as { port: number }).port, tokens });
}

// ---- Parent: load generator ----------------------------------------------------------------

function start(mode: Mode): Promise<{ child: ChildProcess; ready: Ready }> {
  // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of each server child there (node --cpu-prof).
  const prof = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...prof, ...process.execArgv, fileURLToPath(import.meta.url), "--serve", mode], {
    stdio: ["ignore", "pipe", "inherit"],
    env: process.env,
  });
  return new Promise((resolve, reject) => {
    let buf = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      buf += chunk.toString();
      // Only whole lines: the ready line (thousands of tokens) arrives in several chunks.
      const line = buf
        .split("\n")
        .slice(0, -1)
        .find((l) => l.startsWith("BENCH_READY "));
      if (line) resolve({ child, ready: JSON.parse(line.slice("BENCH_READY ".length)) as Ready });
    });
    child.once("exit", (code) => reject(new Error(`${mode} server exited early (code ${code})`)));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) child.kill("SIGKILL");
}

interface Run {
  rps: number;
  /** CPU time the server process spent per answered request (user + system), from /proc: unlike req/s, other load on the machine barely moves it. */
  cpu_us_per_req: number | null;
  /** CPU time the load generator (this process, single-threaded) spent per answered request. */
  client_cpu_us_per_req: number | null;
  p99_ms: number;
  non2xx: number;
  errors: number;
}

/** One request per user first: the benchmark measures the steady state, where sessions and grants are cached. */
async function prewarm(opts: { url: string; method?: "GET" | "POST"; body?: string; tokens: string[] }): Promise<void> {
  for (const token of opts.tokens) {
    const res = await fetch(opts.url, {
      method: opts.method ?? "GET",
      headers: { authorization: `Bearer ${token}`, ...(opts.body ? { "content-type": "application/json" } : {}) },
      body: opts.body,
    });
    if (res.status !== 200) throw new Error(`${opts.url} answered ${res.status}: ${await res.text()}`);
  }
}

/** User + system CPU seconds of a process so far (Linux /proc; null elsewhere). */
function cpuSeconds(pid: number | undefined): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return null;
  }
}

async function measure(opts: {
  url: string;
  method?: "GET" | "POST";
  body?: string;
  tokens: string[];
  pid?: number;
  prewarm?: boolean;
}): Promise<Run> {
  if (opts.prewarm !== false) await prewarm(opts); // cached sessions expire after a minute: refresh them outside the measured window
  let next = 0;
  const request: autocannon.Request = {
    method: opts.method ?? "GET",
    ...(opts.body ? { body: opts.body, headers: { "content-type": "application/json" } } : {}),
    setupRequest: (req) => {
      if (!opts.tokens.length) return req;
      const token = opts.tokens[next++ % opts.tokens.length];
      return { ...req, headers: { ...req.headers, authorization: `Bearer ${token}` } };
    },
  };
  const run = (duration: number) => autocannon({ url: opts.url, connections: CONNECTIONS, duration, requests: [request] });
  await run(WARMUP_S);
  const cpuBefore = cpuSeconds(opts.pid);
  const clientBefore = process.cpuUsage();
  const r = await run(DURATION_S);
  const client = process.cpuUsage(clientBefore);
  const cpuAfter = cpuSeconds(opts.pid);
  const answered = r["2xx"] + r.non2xx;
  return {
    rps: Math.round(r["2xx"] / DURATION_S),
    cpu_us_per_req: cpuBefore !== null && cpuAfter !== null && answered ? Math.round(((cpuAfter - cpuBefore) * 1e6) / answered) : null,
    client_cpu_us_per_req: answered ? Math.round((client.user + client.system) / answered) : null,
    p99_ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

type Target = "bare" | "me" | "read" | "check";
interface Server {
  mode: Mode;
  child: ChildProcess;
  ready: Ready;
}

function targetOf(server: Server, target: Target) {
  const base = `http://127.0.0.1:${server.ready.port}`;
  if (target === "bare") return { url: `${base}/hello`, tokens: server.ready.tokens, pid: server.child.pid, prewarm: false };
  if (target === "me") return { url: `${base}/api/auth/me`, tokens: server.ready.tokens, pid: server.child.pid };
  // A permission-checked read (campaigns:read, decided by the access hook) whose steady state is
  // the campaign list cache: what a resource:action route costs beyond a signed-in one.
  if (target === "read") return { url: `${base}/api/campaigns?per_page=10`, tokens: server.ready.tokens, pid: server.child.pid };
  // The same hooks without the handler's own queries: what auth + rate limit + access cost.
  return {
    url: `${base}/api/v1/rbac/check/detailed`,
    method: "POST" as const,
    body: JSON.stringify({ resource: "campaigns", action: "read" }),
    tokens: server.ready.tokens,
    pid: server.child.pid,
  };
}

/** The run with the most requests answered: what the server does when nothing else gets in its way. */
function best(runs: Run[]): Run {
  return runs.reduce((a, b) => (b.rps > a.rps ? b : a));
}

async function main(): Promise<void> {
  const loadBefore = os.loadavg()[0];
  // Every server runs for the whole benchmark and the measurements alternate between them, so a
  // burst of other work on the machine hits each of them instead of one; the best of the rounds
  // counts.
  const servers: Server[] = [];
  try {
    for (const mode of ["bare", "pglite", ...(process.env.DATABASE_URL ? ["postgres" as const] : [])] as Mode[]) {
      servers.push({ mode, ...(await start(mode)) });
    }
    const runs = new Map<string, Run[]>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const s of servers) {
        for (const t of s.mode === "bare" ? (["bare"] as const) : TARGETS) {
          const key = s.mode === "bare" ? "bare" : `${s.mode}.${t}`;
          runs.set(key, [...(runs.get(key) ?? []), await measure(targetOf(s, t))]);
        }
      }
    }
    const pick = (key: string) => {
      const r = runs.get(key);
      return r ? best(r) : null;
    };
    const bareRun = pick("bare") as Run;
    const ratio = (r: Run | null) => (r ? Math.round((r.rps / bareRun.rps) * 1000) / 1000 : null);
    const databases = servers.filter((s) => s.mode !== "bare").map((s) => s.mode);
    // ratio of every measured route on every database; the target applies to /me and the permission-checked read.
    const ratios = Object.fromEntries(databases.map((db) => [db, Object.fromEntries(TARGETS.map((t) => [t, ratio(pick(`${db}.${t}`))]))]));
    const targeted = databases.flatMap((db) => (["me", "read"] as const).filter((t) => TARGETS.includes(t)).map((t) => ratios[db]?.[t]));
    const me = pick("pglite.me");
    const result = {
      route: "GET /api/auth/me",
      routes: {
        me: "GET /api/auth/me",
        read: "GET /api/campaigns?per_page=10 (campaigns:read)",
        check: "POST /api/v1/rbac/check/detailed",
      },
      connections: CONNECTIONS,
      duration_s: DURATION_S,
      rounds: ROUNDS,
      bare_rps: bareRun.rps,
      app_rps: me?.rps ?? null,
      ratio: ratio(me),
      p99_ms: me?.p99_ms ?? null,
      ratios,
      target: TARGET,
      pass: targeted.every((r) => r !== null && r !== undefined && r >= TARGET),
      database: "pglite",
      non2xx: me?.non2xx ?? null,
      // Other work on the machine skews both figures; the ratio is only meaningful on a quiet one.
      machine: {
        cpus: os.cpus().length,
        load_avg_1m: [Math.round((loadBefore ?? 0) * 10) / 10, Math.round((os.loadavg()[0] ?? 0) * 10) / 10],
      },
      detail: {
        bare: bareRun,
        ...Object.fromEntries(databases.map((db) => [db, Object.fromEntries(TARGETS.map((t) => [t, pick(`${db}.${t}`)]))])),
        rps_per_round: Object.fromEntries([...runs].map(([k, v]) => [k, v.map((r) => r.rps)])),
      },
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    for (const s of servers) await stop(s.child);
  }
}
