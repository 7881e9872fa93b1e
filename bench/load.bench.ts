/**
 * Load benchmark (issue 19): 50 connections × 60 s of autocannon, loopback only, against the real
 * server process (`apps/server/src/main.ts`, NODE_ENV=production) on each database: embedded PGlite,
 * then PostgreSQL + Redis (a fresh database, dropped after). Reads first (lead list and search,
 * campaign list, /api/auth/me, notifications, round-robin), then writes (create a lead, update a
 * lead, mark a notification read, round-robin, every value unique). A bare Fastify route under
 * the same autocannon settings is measured next to each database, so the figures compare on a
 * noisy machine. Reports req/s, p50/p99, errors (non-2xx + socket errors + timeouts: must be 0) per
 * group and per route, and the server's RSS and heap (from /metrics) at start, after warm-up and
 * at the end. Prints one JSON object; exits non-zero on any error or crash.
 *
 *   npm run bench:load                                   # both databases, 50 × 60 s each run
 *   BENCH_LOAD_SECONDS=10 BENCH_LOAD_CONNECTIONS=20 …    # shorter
 *   BENCH_LOAD_DATABASES=pglite …                        # one database (pglite, postgres)
 *   BENCH_LOAD_PG_URL=postgres://… BENCH_LOAD_REDIS_URL=redis://…   # the defaults: 127.0.0.1
 *   BENCH_LOAD_USERS=500 BENCH_LOAD_LEADS=5000 BENCH_LOAD_CAMPAIGNS=60   # the seed
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";
import { reportToParent, runInChild } from "./child-run.ts";
import { startServer, stopServer } from "./server-process.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const SCRIPT = fileURLToPath(import.meta.url);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 50);
const WARMUP_S = Number(process.env.BENCH_LOAD_WARMUP_SECONDS ?? Math.min(10, SECONDS));
const BASELINE_S = Number(process.env.BENCH_LOAD_BASELINE_SECONDS ?? Math.min(15, SECONDS));
/**
 * The per-user rate limit (admin: 1,000 requests a minute, ROLE_RATE_LIMITS) is not an operator
 * setting: the load comes from a team of this many signed-in members, each well under it.
 */
/** Each read route alone for this long after the mixed runs (0: not). */
const SOLO_S = Number(process.env.BENCH_LOAD_SOLO_SECONDS ?? Math.min(5, SECONDS));
const USERS = Number(process.env.BENCH_LOAD_USERS ?? 500);
const LEADS = Number(process.env.BENCH_LOAD_LEADS ?? 5000);
const CAMPAIGNS = Number(process.env.BENCH_LOAD_CAMPAIGNS ?? 60);
const NOTIFICATIONS_PER_USER = Number(process.env.BENCH_LOAD_NOTIFICATIONS ?? 40);
const PG_URL = process.env.BENCH_LOAD_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const REDIS_URL = process.env.BENCH_LOAD_REDIS_URL ?? "redis://127.0.0.1:6379";
const DATABASES = (process.env.BENCH_LOAD_DATABASES ?? "pglite,postgres").split(",").map((d) => d.trim()) as Db[];

type Db = "pglite" | "postgres";

const FIRST = ["Ada", "Grace", "Alan", "Linus", "Margaret", "Ken", "Barbara", "Dennis", "Frances", "John", "Radia", "Edsger"];
const LAST = ["Lovelace", "Hopper", "Turing", "Torvalds", "Hamilton", "Thompson", "Liskov", "Ritchie", "Allen", "Backus"];
const LAST_MORE = ["Perlman", "Dijkstra", "Knuth", "Lamport", "Wirth", "Kay", "Engelbart", "Sutherland", "Cerf", "Kahn"];
const SYLLABLES = ["ac", "bel", "cor", "dan", "ex", "for", "gal", "hel", "ix", "jun", "kel", "lum", "mar", "nov", "or", "pra"];
/** 4,096 company names from three syllables ("Acbelortech"), so no two seeded leads share a name and a company. */
const company = (i: number) => {
  const [a, b, c] = [i % 16, Math.floor(i / 16) % 16, Math.floor(i / 256) % 16].map((k) => SYLLABLES[k] as string) as [
    string,
    string,
    string,
  ];
  return `${a[0]!.toUpperCase()}${a.slice(1)}${b}${c}tech`;
};
const lastName = (i: number) => [...LAST, ...LAST_MORE][(i * 7) % 20] as string;
/** Each term names tens to a few hundred of the seeded leads, as a real search does. */
const SEARCH_TERMS = [...LAST_MORE, company(17), company(300), "example.org", "Grace Hopper", company(1234).slice(0, 6), "lovelace"];

// ---- Child: seed the database with the factories before the server opens it -------------------

interface Seeded {
  users: { token: string; notifications: string[] }[];
}

/**
 * Members, their sessions and their notifications go straight into the database with the test
 * factories (test/factories.ts): the API would need an emailed invitation per member and a
 * sign-in per member through the per-address sign-in limit, and has no route that creates a
 * notification. The organization's plan is set to "unlimited", as a self-hoster does (limits.ts),
 * since the trial allows 10 members and 2,000 leads a month. Leads and campaigns go through the
 * API once the server is up.
 */
async function seed(target: Db, users: number): Promise<Seeded> {
  const server = path.join(here, "../apps/server");
  const { openDatabase } = await import(path.join(server, "src/db/client.ts"));
  const { migrate } = await import(path.join(server, "src/db/migrate.ts"));
  const { addMember, createUser } = await import(path.join(server, "test/factories.ts"));
  const { organizations } = await import(path.join(server, "src/features/organizations/organizations.table.ts"));
  const { notifications } = await import(path.join(server, "src/features/notifications/notifications.table.ts"));
  const { eq } = await import("drizzle-orm");
  const database =
    target === "postgres"
      ? await openDatabase({ url: process.env.DATABASE_URL })
      : await openDatabase({ dataDir: process.env.BENCH_LOAD_DATA_DIR as string });
  try {
    await migrate(database);
    const db = database.db;
    const owner = await createUser(db, { email: "owner@load.example.com", name: "Load Owner" });
    await db.update(organizations).set({ plan: "unlimited" }).where(eq(organizations.id, owner.organizationId));
    const members = [owner];
    while (members.length < users) members.push(await addMember(db, owner, "admin"));
    const out: Seeded = { users: [] };
    const kinds = ["info", "success", "warning", "error"] as const;
    for (const m of members) {
      const rows = Array.from({ length: NOTIFICATIONS_PER_USER }, (_, i) => ({
        workspaceId: owner.workspaceId,
        userId: m.id,
        type: kinds[i % 4],
        title: `Import finished (${i + 1})`,
        message: `${100 + i} leads were added to the workspace.`,
        link: "/leads",
        createdAt: new Date(Date.now() - i * 3_600_000),
      }));
      const ids = await db.insert(notifications).values(rows).returning({ id: notifications.id });
      out.users.push({ token: m.token, notifications: ids.map((r: { id: string }) => r.id) });
    }
    return out;
  } finally {
    await database.close();
  }
}

// ---- Child: the baseline --------------------------------------------------------------------

async function bare(): Promise<void> {
  const { default: Fastify } = await import("fastify");
  const app = Fastify();
  app.get("/hello", async () => ({ hello: "world" }));
  await app.listen({ host: "127.0.0.1", port: 0 });
  process.once("SIGTERM", () => void app.close().then(() => process.exit(0)));
  process.stdout.write(`BENCH_READY ${(app.server.address() as { port: number }).port}\n`);
}

function startBare(): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, [...process.execArgv, SCRIPT, "--bare"], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    let buf = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      buf += chunk.toString();
      const m = /BENCH_READY (\d+)\n/.exec(buf);
      if (m) resolve({ child, port: Number(m[1]) });
    });
    child.once("exit", (code) => reject(new Error(`bare server exited early (code ${code})`)));
  });
}

// ---- Parent: load generator -----------------------------------------------------------------

interface Req {
  route: string;
  method: "GET" | "POST" | "PUT";
  path: string;
  token: string;
  body?: string;
}

interface RouteFigures {
  requests: number;
  p50_ms: number;
  p99_ms: number;
  non2xx: Record<string, number>;
}

interface RunFigures {
  seconds: number;
  rps: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  requests_2xx: number;
  non2xx: number;
  /** Connection errors and timeouts (autocannon counts both here). */
  socket_errors: number;
  /** Requests with no answer within autocannon's 10 s timeout (part of socket_errors). */
  timeouts: number;
  errors: number;
  /** Seconds in which no request was answered: [second it began, length]. */
  stalls_s: [number, number][];
  timeouts_by_route: Record<string, number>;
  /** The load generator's longest event-loop delay in the run. */
  client_loop_delay_max_ms: number;
  routes?: Record<string, RouteFigures>;
  /** Server CPU time per answered request (user + system, from /proc), steadier than req/s under other load. */
  server_cpu_us_per_req?: number | null;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number) : 0;
const round1 = (n: number) => Math.round(n * 10) / 10;

/** User + system CPU seconds of a process so far (Linux /proc; null elsewhere). */
function cpuSeconds(pid: number | undefined): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** autocannon over `next()` (one request per call); per-route latency and statuses from the response events. */
async function load(base: string, seconds: number, next: () => Req, pid?: number): Promise<RunFigures> {
  const perRoute = new Map<string, { lat: number[]; non2xx: Record<string, number> }>();
  const request: autocannon.Request = {
    setupRequest: (req, context) => {
      const r = next();
      (context as { route?: string }).route = r.route;
      return {
        ...req,
        method: r.method,
        path: r.path,
        headers: { authorization: `Bearer ${r.token}`, ...(r.body ? { "content-type": "application/json" } : {}) },
        body: r.body ?? "",
      } as autocannon.Request;
    },
  };
  // Answers per second: a second with none while requests are in flight is a stall of the whole server.
  const timeoutsByRoute: Record<string, number> = {};
  const perSecond = new Array<number>(Math.ceil(seconds) + 1).fill(0);
  const t0 = performance.now();
  // The load generator's own event-loop delay: autocannon's 10 s timeout is a timer, so a client
  // that stalls that long would count answers waiting in its sockets as timeouts.
  const lag = monitorEventLoopDelay({ resolution: 20 });
  lag.enable();
  const cpuBefore = cpuSeconds(pid);
  // Without a callback autocannon returns its tracker (an EventEmitter) made thenable.
  const instance = autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [request],
    // A timeout has no response event: count it on the route the connection was waiting for.
    setupClient: (client) => {
      const c = client as unknown as import("node:events").EventEmitter & { requestIterator?: { context?: { route?: string } } };
      c.on("timeout", () => {
        const route = c.requestIterator?.context?.route ?? "?";
        timeoutsByRoute[route] = (timeoutsByRoute[route] ?? 0) + 1;
      });
    },
  }) as unknown as Promise<autocannon.Result> & import("node:events").EventEmitter;
  instance.on("response", (client: unknown, status: number, _bytes: number, ms: number) => {
    const route = (client as { requestIterator?: { context?: { route?: string } } }).requestIterator?.context?.route ?? "?";
    let f = perRoute.get(route);
    if (!f) {
      f = { lat: [], non2xx: {} };
      perRoute.set(route, f);
    }
    f.lat.push(ms);
    const sec = Math.floor((performance.now() - t0) / 1000);
    if (sec < perSecond.length) perSecond[sec]!++;
    if (status < 200 || status > 299) f.non2xx[status] = (f.non2xx[status] ?? 0) + 1;
  });
  const r = await instance;
  lag.disable();
  const cpuAfter = cpuSeconds(pid);
  const answered = r["2xx"] + r.non2xx;
  const stalls: [number, number][] = []; // [second it began, how many seconds without an answer]
  for (let sec = 0; sec < seconds; sec++) {
    if (perSecond[sec] !== 0) continue;
    const last = stalls.at(-1);
    if (last && last[0] + last[1] === sec) last[1]++;
    else stalls.push([sec, 1]);
  }
  return {
    seconds,
    rps: Math.round(r["2xx"] / seconds),
    p50_ms: r.latency.p50,
    p99_ms: r.latency.p99,
    max_ms: r.latency.max,
    requests_2xx: r["2xx"],
    non2xx: r.non2xx,
    socket_errors: r.errors,
    timeouts: r.timeouts,
    // autocannon's `errors` already counts its timeouts (no answer within 10 s).
    errors: r.non2xx + r.errors,
    stalls_s: stalls,
    timeouts_by_route: timeoutsByRoute,
    client_loop_delay_max_ms: Math.round(lag.max / 1e6),
    routes: Object.fromEntries(
      [...perRoute].map(([route, f]) => {
        const lat = f.lat.sort((a, b) => a - b);
        return [
          route,
          { requests: lat.length, p50_ms: round1(percentile(lat, 0.5)), p99_ms: round1(percentile(lat, 0.99)), non2xx: f.non2xx },
        ];
      }),
    ),
    server_cpu_us_per_req:
      cpuBefore !== null && cpuAfter !== null && answered ? Math.round(((cpuAfter - cpuBefore) * 1e6) / answered) : null,
  };
}

interface Memory {
  rss_mb: number;
  heap_used_mb: number;
}

async function memory(base: string, token: string): Promise<Memory> {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`/metrics answered ${res.status}`);
  const text = await res.text();
  const metric = (name: string) => {
    const m = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+]+)$`, "m").exec(text);
    if (!m) throw new Error(`/metrics has no ${name}`);
    return Math.round((Number(m[1]) / 1024 / 1024) * 10) / 10;
  };
  return { rss_mb: metric("process_resident_memory_bytes"), heap_used_mb: metric("nodejs_heap_size_used_bytes") };
}

async function api<T>(
  base: string,
  token: string,
  method: string,
  url: string,
  body?: unknown,
  expect = [200, 201],
): Promise<{ body: T; headers: Headers }> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!expect.includes(res.status)) throw new Error(`${method} ${url} answered ${res.status}: ${text.slice(0, 500)}`);
  return { body: (text ? JSON.parse(text) : null) as T, headers: res.headers };
}

/** Leads (one CSV import through the real job) and campaigns through the API, as the owner. */
async function seedThroughApi(base: string, token: string): Promise<{ leadIds: string[]; seconds: number }> {
  const started = performance.now();
  const lines = ["First Name,Last Name,Email,Company,Title,City,Country,Industry"];
  for (let i = 0; i < LEADS; i++) {
    const first = FIRST[i % FIRST.length] as string;
    const last = lastName(i);
    const domain = i % 3 === 0 ? "example.org" : `${company(i).toLowerCase()}.example.com`;
    lines.push(
      `${first},${last},${first.toLowerCase()}.${last.toLowerCase()}.${i}@${domain},${company(i)},Head of Sales,Lisbon,Portugal,Software`,
    );
  }
  const form = new FormData();
  form.append("file", new Blob([`${lines.join("\n")}\n`], { type: "text/csv" }), "leads.csv");
  const res = await fetch(`${base}/api/leads/import`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  if (res.status !== 202) throw new Error(`import answered ${res.status}: ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  for (;;) {
    await new Promise((r) => setTimeout(r, 300));
    const { body: job } = await api<{ status: string; created: number; failed: number }>(
      base,
      token,
      "GET",
      `/api/leads/import-jobs/${id}`,
    );
    if (job.status === "failed") throw new Error(`import failed: ${JSON.stringify(job)}`);
    if (job.status === "completed") {
      if (job.created !== LEADS) throw new Error(`import created ${job.created} of ${LEADS} leads: ${JSON.stringify(job)}`);
      break;
    }
  }
  for (let i = 0; i < CAMPAIGNS; i++) {
    await api(base, token, "POST", "/api/campaigns", {
      name: `Q${(i % 4) + 1} outreach ${i + 1} — ${company(i)}`,
      subject_line: `Quick question about {{company_name}} (${i + 1})`,
      body: `Hi {{first_name}},\n\nA short note about ${company(i)}.\n`,
    });
  }
  const leadIds: string[] = [];
  for (let skip = 0; skip < LEADS; skip += 200) {
    const { body } = await api<{ id: string }[]>(base, token, "GET", `/api/leads?limit=200&skip=${skip}`);
    leadIds.push(...body.map((l) => l.id));
  }
  return { leadIds, seconds: round1((performance.now() - started) / 1000) };
}

/** Round-robin over the hot read routes, each request as the next member. */
const READ_ROUTES = 5;
function readMix(users: Seeded["users"], only?: number) {
  let n = 0;
  return (): Req => {
    const i = n++;
    const token = users[i % users.length]!.token;
    switch (only ?? i % READ_ROUTES) {
      case 0:
        return {
          route: "GET /api/leads (page)",
          method: "GET",
          path: `/api/leads?limit=50&skip=${(i * 37) % Math.max(1, LEADS - 50)}`,
          token,
        };
      case 1:
        return {
          route: "GET /api/leads?search",
          method: "GET",
          path: `/api/leads?limit=50&search=${encodeURIComponent(SEARCH_TERMS[Math.floor(i / 5) % SEARCH_TERMS.length] as string)}`,
          token,
        };
      case 2:
        return {
          route: "GET /api/campaigns",
          method: "GET",
          path: `/api/campaigns?per_page=20&page=${(Math.floor(i / 5) % Math.max(1, Math.ceil(CAMPAIGNS / 20))) + 1}`,
          token,
        };
      case 3:
        return { route: "GET /api/auth/me", method: "GET", path: "/api/auth/me", token };
      default:
        return { route: "GET /api/notifications", method: "GET", path: "/api/notifications?limit=20", token };
    }
  };
}

/** Round-robin over the writes; every created lead and every updated value is unique. */
function writeMix(users: Seeded["users"], leadIds: string[], runId: string, counters: { created: number }) {
  let n = 0;
  const readNext = users.map(() => 0);
  return (): Req => {
    const i = n++;
    const u = Math.floor(i / 3) % users.length;
    const user = users[u]!;
    switch (i % 3) {
      case 0: {
        counters.created++;
        return {
          route: "POST /api/leads",
          method: "POST",
          path: "/api/leads",
          token: user.token,
          body: JSON.stringify({
            first_name: FIRST[i % FIRST.length],
            last_name: `Load${i}`,
            email: `load.${runId}.${i}@load.example.net`,
            company_name: `${company(i)} ${runId}`,
            role: "VP Sales",
            tags: ["load"],
          }),
        };
      }
      case 1:
        return {
          route: "PUT /api/leads/:id",
          method: "PUT",
          path: `/api/leads/${leadIds[Math.floor(i / 3) % leadIds.length]}`,
          token: user.token,
          body: JSON.stringify({ role: `Director ${runId}-${i}`, city: `City ${i % 97}` }),
        };
      default: {
        const id = user.notifications[readNext[u]! % user.notifications.length];
        readNext[u]!++;
        return { route: "POST /api/notifications/:id/read", method: "POST", path: `/api/notifications/${id}/read`, token: user.token };
      }
    }
  };
}

interface DbResult {
  database: Db;
  skipped?: string;
  seed?: { users: number; leads: number; campaigns: number; notifications: number; factories_s: number; api_s: number };
  baseline?: RunFigures;
  reads?: RunFigures & { ratio_to_baseline: number };
  writes?: RunFigures & { ratio_to_baseline: number; leads_created: number; leads_counted_after: number };
  reads_alone?: Record<string, { rps: number; p50_ms: number; p99_ms: number; errors: number; server_cpu_us_per_req: number | null }>;
  memory?: {
    start: Memory;
    after_warmup: Memory;
    end: Memory;
    rss_growth_mb: number;
    heap_growth_mb: number;
    peak_rss_mb: number;
    /** [seconds since the reads began, RSS MB, heap used MB] every 10 s. */
    samples_s_rss_heap: [number, number, number][];
  };
  server_exit?: number | null;
  error?: string;
}

async function runDatabase(target: Db): Promise<DbResult> {
  const out: DbResult = { database: target };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "prospector-bench-load-"));
  const metricsToken = randomBytes(16).toString("hex");
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    METRICS_TOKEN: metricsToken,
    SETUP_TOKEN: randomBytes(16).toString("hex"),
  };
  let dropDatabase = async () => {};
  let server: { base: string; proc: ChildProcess } | null = null;
  let bareServer: { child: ChildProcess; port: number } | null = null;
  try {
    if (target === "postgres") {
      const name = `prospector_load_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
      const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 5000 });
      try {
        await admin.connect();
        await admin.query(`create database ${name}`);
      } catch (err) {
        out.skipped = `PostgreSQL unreachable at ${PG_URL}: ${(err as Error).message}`;
        return out;
      } finally {
        await admin.end().catch(() => {});
      }
      dropDatabase = async () => {
        const c = new pg.Client({ connectionString: PG_URL });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      };
      const url = new URL(PG_URL);
      url.pathname = `/${name}`;
      env.DATABASE_URL = url.toString();
      env.REDIS_URL = REDIS_URL;
    }
    // The seeding child inherits this process's environment (runInChild).
    const saved = { DATABASE_URL: process.env.DATABASE_URL, BENCH_LOAD_DATA_DIR: process.env.BENCH_LOAD_DATA_DIR };
    process.env.DATABASE_URL = env.DATABASE_URL ?? "";
    process.env.BENCH_LOAD_DATA_DIR = dataDir;
    const factoriesStarted = performance.now();
    let seeded: Seeded;
    try {
      seeded = (await runInChild(SCRIPT, target, USERS)) as Seeded;
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
    const factoriesS = round1((performance.now() - factoriesStarted) / 1000);

    server = await startServer(env);
    const { base, proc } = server;
    const owner = seeded.users[0]!.token;
    const start = await memory(base, metricsToken);
    const { leadIds, seconds: apiS } = await seedThroughApi(base, owner);
    out.seed = {
      users: seeded.users.length,
      leads: leadIds.length,
      campaigns: CAMPAIGNS,
      notifications: seeded.users.length * NOTIFICATIONS_PER_USER,
      factories_s: factoriesS,
      api_s: apiS,
    };

    // Warm-up: the read mix, then the write mix, briefly (JIT, caches, connection pools).
    const warmReads = await load(base, WARMUP_S, readMix(seeded.users));
    const runId = randomBytes(3).toString("hex");
    const warmCounters = { created: 0 };
    const warmWrites = await load(base, Math.max(1, Math.round(WARMUP_S / 2)), writeMix(seeded.users, leadIds, `w${runId}`, warmCounters));
    const warmErrors = warmReads.errors + warmWrites.errors;
    const afterWarmup = await memory(base, metricsToken);

    bareServer = await startBare();
    const baselineUsers = seeded.users.map((u) => ({ token: u.token }));
    let b = 0;
    out.baseline = await load(
      `http://127.0.0.1:${bareServer.port}`,
      BASELINE_S,
      () => ({
        route: "GET /hello (bare Fastify)",
        method: "GET",
        path: "/hello",
        token: baselineUsers[b++ % baselineUsers.length]!.token,
      }),
      bareServer.child.pid,
    );
    await stopChild(bareServer.child);
    bareServer = null;

    // RSS and heap every 10 s through the measured runs: growth that keeps climbing is a leak,
    // a sawtooth is the garbage collector.
    const samples: [number, number, number][] = [];
    const sampleStart = performance.now();
    const sampler = setInterval(() => {
      memory(base, metricsToken).then(
        (m) => samples.push([Math.round((performance.now() - sampleStart) / 1000), m.rss_mb, m.heap_used_mb]),
        () => {},
      );
    }, 10_000);
    const reads = await load(base, SECONDS, readMix(seeded.users), proc.pid);
    out.reads = { ...reads, ratio_to_baseline: Math.round((reads.rps / out.baseline.rps) * 1000) / 1000 };
    const counters = { created: 0 };
    const writes = await load(base, SECONDS, writeMix(seeded.users, leadIds, runId, counters), proc.pid);
    clearInterval(sampler);
    const end = await memory(base, metricsToken);
    // Each read route alone: in the mixed run every request queues behind the slowest, so only
    // these say what each route costs the server.
    if (SOLO_S > 0) {
      out.reads_alone = {};
      for (let k = 0; k < READ_ROUTES; k++) {
        const solo = await load(base, SOLO_S, readMix(seeded.users, k), proc.pid);
        const [route, f] = Object.entries(solo.routes ?? {})[0] ?? ["?", null];
        out.reads_alone[route] = {
          rps: solo.rps,
          p50_ms: solo.p50_ms,
          p99_ms: solo.p99_ms,
          errors: solo.errors,
          server_cpu_us_per_req: solo.server_cpu_us_per_req ?? null,
          ...(f && Object.keys(f.non2xx).length ? { non2xx: f.non2xx } : {}),
        };
      }
    }
    // Every 201 is a lead: the total must be the import plus the creates that were answered.
    const { headers } = await api<unknown[]>(base, owner, "GET", "/api/leads?limit=1");
    const counted = Number(headers.get("x-total-count"));
    const created = writes.routes?.["POST /api/leads"]?.requests ?? 0;
    const warmCreated = warmWrites.routes?.["POST /api/leads"]?.requests ?? 0;
    out.writes = {
      ...writes,
      ratio_to_baseline: Math.round((writes.rps / out.baseline.rps) * 1000) / 1000,
      leads_created: created,
      leads_counted_after: counted,
    };
    out.memory = {
      start,
      after_warmup: afterWarmup,
      end,
      rss_growth_mb: round1(end.rss_mb - afterWarmup.rss_mb),
      heap_growth_mb: round1(end.heap_used_mb - afterWarmup.heap_used_mb),
      peak_rss_mb: Math.max(end.rss_mb, ...samples.map((x) => x[1])),
      samples_s_rss_heap: samples,
    };
    if (warmErrors)
      out.error = `${warmErrors} errors in the warm-up: ${JSON.stringify({ reads: warmReads.routes, writes: warmWrites.routes })}`;
    else {
      // Every answered create is stored; creates still in flight when autocannon stopped may be too.
      const low = LEADS + warmCreated + created;
      const high = LEADS + warmCounters.created + counters.created;
      if (counted < low || counted > high) {
        out.error = `${counted} leads counted after the run, expected ${low}–${high} (${LEADS} imported, ${warmCreated + created} creates answered, ${warmCounters.created + counters.created} sent)`;
      }
    }
    if (proc.exitCode !== null || proc.signalCode !== null) out.error = `server died (${proc.exitCode ?? proc.signalCode})`;
  } catch (err) {
    out.error = (err as Error).stack ?? String(err);
  } finally {
    if (bareServer) await stopChild(bareServer.child);
    if (server) {
      const crashed = server.proc.exitCode !== null || server.proc.signalCode !== null;
      out.server_exit = await stopServer(server.proc);
      if (crashed) out.error ??= `server exited during the run (${out.server_exit})`;
    }
    await dropDatabase().catch((err) => {
      out.error ??= `drop database: ${(err as Error).message}`;
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return out;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) child.kill("SIGKILL");
}

async function main(): Promise<void> {
  const loadBefore = os.loadavg();
  const results: DbResult[] = [];
  for (const target of DATABASES) results.push(await runDatabase(target));
  const loadAfter = os.loadavg();
  const errors = results.reduce(
    (sum, r) =>
      sum +
      (r.reads?.errors ?? 0) +
      (r.writes?.errors ?? 0) +
      (r.baseline?.errors ?? 0) +
      Object.values(r.reads_alone ?? {}).reduce((s, x) => s + x.errors, 0),
    0,
  );
  const failed = results.filter((r) => r.error).map((r) => r.database);
  const result = {
    bench: "load",
    mode: "reads, then writes (separate runs), per database; baseline next to each",
    connections: CONNECTIONS,
    seconds: SECONDS,
    warmup_s: WARMUP_S,
    baseline_s: BASELINE_S,
    reads:
      "round-robin: GET /api/leads?limit=50&skip=…, GET /api/leads?search=…, GET /api/campaigns?per_page=20&page=…, GET /api/auth/me, GET /api/notifications?limit=20",
    writes: "round-robin: POST /api/leads (unique email), PUT /api/leads/:id (unique role), POST /api/notifications/:id/read",
    users: USERS,
    errors,
    pass: errors === 0 && failed.length === 0,
    failed,
    machine: {
      cpus: os.cpus().length,
      load_avg_before: loadBefore.map(round1),
      load_avg_after: loadAfter.map(round1),
    },
    databases: Object.fromEntries(results.map((r) => [r.database, r])),
  };
  console.log(JSON.stringify(result, null, 2));
  if (!result.pass) process.exitCode = 1;
}

// Last, so every declaration above is initialized before the entry point runs.
if (process.argv[2] === "--run") {
  reportToParent(await seed(process.argv[3] as Db, Number(process.argv[4])));
} else if (process.argv[2] === "--bare") {
  await bare();
} else {
  await main();
}
