/**
 * The team socket at 1,000 connected clients on one process: how long one `presence.update` takes
 * to reach everyone in the room (p50/p99), and what a connection costs the server in memory,
 * against a baseline of 100 clients measured in the same run on the same server.
 *
 * The server is the real app (`buildApp` on embedded PGlite, in-memory realtime and state, as
 * `npm start` runs without REDIS_URL) in a child process, so its memory is its own; the clients
 * are real `ws` sockets in this process on 127.0.0.1, each signed in as its own member of one
 * workspace (sessions made through the test factories) and pinging every 20 s as the web app
 * does. No socket limit needs raising: every client is its own user and sends a few frames.
 *
 * A round: one client (a different one each round) sends `presence.update` with a marker; the
 * round ends when the other N−1 clients have received it. Figures per size: `fanout_ms` (send →
 * last recipient, p50/p99 over the rounds), `delivery_ms` (send → each recipient, p50/p99 over
 * every delivery) and `per_recipient_us` (median fan-out / recipients). Memory: the server's RSS
 * and heap (after a forced GC) with no client, with the baseline, and with all N; per connection
 * is the delta over the clients added. The clients parse every frame (as a browser does) on the
 * same 2 cores as the server, so part of each figure is theirs — the same on both sides.
 *
 *   node bench/socket.bench.ts                     # ~1 minute
 *   SOCKET_BENCH_CLIENTS=1000 SOCKET_BENCH_BASELINE=100 SOCKET_BENCH_ROUNDS=60   # the defaults
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import WebSocket from "ws";

const here = path.dirname(fileURLToPath(import.meta.url));
const CLIENTS = Number(process.env.SOCKET_BENCH_CLIENTS ?? 1000);
const BASELINE = Number(process.env.SOCKET_BENCH_BASELINE ?? 100);
const ROUNDS = Number(process.env.SOCKET_BENCH_ROUNDS ?? 60);
/** Sockets opened at once while connecting. */
const CONNECT_BATCH = 25;
const HEARTBEAT_MS = 20_000;

interface Ready {
  port: number;
  tokens: string[];
}
interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}
type ToParent = { ready: Ready } | { memory: Memory } | { cpu: number };

// ---- Child: the server ---------------------------------------------------------------------

if (process.argv[2] === "--serve") {
  const server = path.join(here, "../apps/server");
  const { buildApp } = await import(path.join(server, "src/app.ts"));
  const { parseConfig } = await import(path.join(server, "src/config.ts"));
  const { openDatabase } = await import(path.join(server, "src/db/client.ts"));
  const { migrate } = await import(path.join(server, "src/db/migrate.ts"));
  const { addMember, createUser } = await import(path.join(server, "test/factories.ts"));

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "prospector-socket-bench-"));
  const database = await openDatabase({ dataDir: path.join(dataDir, "db") });
  await migrate(database);
  const config = parseConfig({
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    DATA_DIR: dataDir,
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
    WEB_DIST: path.join(dataDir, "no-web"),
  });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const owner = await createUser(database.db, { name: "Bench Owner" });
  const tokens: string[] = [owner.token];
  while (tokens.length < CLIENTS) tokens.push((await addMember(database.db, owner, "viewer")).token);

  const send = (m: ToParent) => process.send?.(m);
  process.on("message", async (m: { cmd: string }) => {
    if (m.cmd === "memory") {
      const gc = (globalThis as { gc?: () => void }).gc;
      for (let i = 0; i < 3; i++) {
        gc?.();
        await new Promise((r) => setTimeout(r, 50));
      }
      const u = process.memoryUsage();
      send({ memory: { rss: u.rss, heapUsed: u.heapUsed, external: u.external, arrayBuffers: u.arrayBuffers } });
    }
    if (m.cmd === "cpu") {
      const u = process.cpuUsage();
      send({ cpu: u.user + u.system });
    }
    if (m.cmd === "exit") {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    }
  });
  send({ ready: { port: (app.server.address() as { port: number }).port, tokens } });
}

// ---- Parent: the clients -------------------------------------------------------------------

interface Client {
  ws: WebSocket;
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}
const round2 = (x: number) => Math.round(x * 100) / 100;

async function main(): Promise<void> {
  const loadBefore = os.loadavg();
  // The embedded mode, whatever this shell has set: one process, in-memory fan-out and state.
  const env: NodeJS.ProcessEnv = { ...process.env, SOCKET_BENCH_CLIENTS: String(CLIENTS) };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child = spawn(process.execPath, ["--expose-gc", ...process.execArgv, fileURLToPath(import.meta.url), "--serve"], {
    stdio: ["ignore", "ignore", "inherit", "ipc"],
    env,
  });
  // A crash here must not leave the server running.
  process.once("exit", () => child.kill());
  const replies: ((m: ToParent) => void)[] = [];
  child.on("message", (m: ToParent) => replies.shift()?.(m));
  const ask = <T extends ToParent>(cmd?: string) =>
    new Promise<T>((resolve, reject) => {
      replies.push((m) => resolve(m as T));
      child.once("exit", (code) => reject(new Error(`the server exited (${code})`)));
      if (cmd) child.send({ cmd });
    });
  const { ready } = await ask<{ ready: Ready }>();
  const memory = async () => (await ask<{ memory: Memory }>("memory")).memory;
  /** The server's CPU time so far (µs, user + system): its own share, apart from the clients'. */
  const serverCpu = async () => (await ask<{ cpu: number }>("cpu")).cpu;

  // Every frame goes through one handler per client: parse it (as a browser does), then, during
  // a round, note the marked presence.update.
  let marker = "";
  let t0 = 0;
  let pending = 0;
  let deliveries: number[] = [];
  let roundDone: (() => void) | null = null;
  let frames = 0;
  let lastFrameAt = performance.now();

  const clients: Client[] = [];
  const url = (token: string) => `ws://127.0.0.1:${ready.port}/ws/team?token=${encodeURIComponent(token)}`;
  const connect = (token: string) =>
    new Promise<Client>((resolve, reject) => {
      const ws = new WebSocket(url(token));
      const client: Client = { ws };
      ws.on("message", (data) => {
        frames++;
        const frame = JSON.parse(data.toString()) as { type: string; payload: { current_resource?: string } };
        // Pongs answer the heartbeat, which never stops: the joins' announcements are what settle.
        if (frame.type !== "pong") lastFrameAt = performance.now();
        if (frame.type === "connected") resolve(client);
        if (frame.type === "presence.update" && marker && frame.payload.current_resource === marker) {
          deliveries.push(performance.now() - t0);
          if (--pending === 0) roundDone?.();
        }
      });
      ws.on("close", (code, reason) => reject(new Error(`socket closed ${code} ${reason}`)));
      ws.on("error", reject);
    });
  const grow = async (n: number) => {
    while (clients.length < n) {
      const batch = ready.tokens.slice(clients.length, Math.min(n, clients.length + CONNECT_BATCH));
      clients.push(...(await Promise.all(batch.map(connect))));
    }
    // The joins' announcements (each new client is news to everyone already there) die down.
    while (performance.now() - lastFrameAt < 500) await new Promise((r) => setTimeout(r, 100));
  };
  // A heartbeat as the web app sends one, so no client is swept as idle on a slow run. Spread
  // over the interval as independent browsers are: 1,000 pings at once (each re-checks the
  // session and membership) held a round up for 1.3 s in a first version of this bench.
  const TICKS = 100;
  let tick = 0;
  const heartbeat = setInterval(() => {
    for (let i = tick % TICKS; i < clients.length; i += TICKS) {
      const ws = clients[i]!.ws;
      if (ws.readyState === WebSocket.OPEN) ws.send('{"type":"ping","payload":{}}');
    }
    tick++;
  }, HEARTBEAT_MS / TICKS);

  const measure = async (n: number) => {
    const fanout: number[] = [];
    const all: number[] = [];
    // The first rounds warm the path up (JIT); they are measured and not counted.
    const warm = Math.min(5, Math.floor(ROUNDS / 5));
    let cpuStart = 0;
    for (let r = 0; r < ROUNDS; r++) {
      if (r === warm) cpuStart = await serverCpu();
      marker = `bench:${n}:${r}`;
      pending = n - 1;
      deliveries = [];
      const done = new Promise<void>((resolve) => {
        roundDone = resolve;
      });
      const sender = clients[(r * 7) % n]!;
      t0 = performance.now();
      sender.ws.send(JSON.stringify({ type: "presence.update", payload: { status: "online", current_resource: marker } }));
      await done;
      fanout.push(performance.now() - t0);
      if (r >= warm) all.push(...deliveries);
      await new Promise((res) => setTimeout(res, 20));
    }
    marker = "";
    const cpuPerRound = ((await serverCpu()) - cpuStart) / (ROUNDS - warm);
    const counted = fanout.slice(warm).sort((a, b) => a - b);
    all.sort((a, b) => a - b);
    const p50 = quantile(counted, 0.5);
    return {
      clients: n,
      rounds: counted.length,
      fanout_ms: { p50: round2(p50), p99: round2(quantile(counted, 0.99)), max: round2(counted.at(-1)!) },
      delivery_ms: { p50: round2(quantile(all, 0.5)), p99: round2(quantile(all, 0.99)) },
      per_recipient_us: round2((p50 * 1000) / (n - 1)),
      /** The server's CPU per fan-out (the clients' parsing is not in it). */
      server_cpu_us_per_fanout: Math.round(cpuPerRound),
      server_cpu_us_per_recipient: round2(cpuPerRound / (n - 1)),
    };
  };

  const mem0 = await memory();
  const connectStart = performance.now();
  await grow(BASELINE);
  const memBase = await memory();
  const baseline = await measure(BASELINE);
  await grow(CLIENTS);
  const connectMs = performance.now() - connectStart;
  const memAll = await memory();
  const full = await measure(CLIENTS);
  clearInterval(heartbeat);

  const perConn = (a: Memory, b: Memory, n: number) => ({
    rss_kb: round2((b.rss - a.rss) / n / 1024),
    heap_kb: round2((b.heapUsed - a.heapUsed) / n / 1024),
    external_kb: round2((b.external + b.arrayBuffers - a.external - a.arrayBuffers) / n / 1024),
  });
  const mb = (m: Memory) => ({ rss_mb: round2(m.rss / 2 ** 20), heap_mb: round2(m.heapUsed / 2 ** 20) });
  const result = {
    bench: "socket",
    clients: CLIENTS,
    baseline_clients: BASELINE,
    fanout_p50_ms: full.fanout_ms.p50,
    fanout_p99_ms: full.fanout_ms.p99,
    baseline_fanout_p99_ms: baseline.fanout_ms.p99,
    /** 1.0: a recipient costs the same at N as at the baseline (fan-out linear in the room's size). */
    per_recipient_ratio: round2(full.per_recipient_us / baseline.per_recipient_us),
    server_cpu_us_per_fanout: full.server_cpu_us_per_fanout,
    /** The server's CPU per recipient at N over the baseline's. */
    server_cpu_per_recipient_ratio: round2(full.server_cpu_us_per_recipient / baseline.server_cpu_us_per_recipient),
    memory_per_connection: perConn(mem0, memAll, CLIENTS),
    memory_per_connection_baseline: perConn(mem0, memBase, BASELINE),
    detail: {
      baseline,
      full,
      server_memory: { idle: mb(mem0), baseline: mb(memBase), full: mb(memAll) },
      connect_all_ms: Math.round(connectMs),
      frames_received: frames,
    },
    machine: { cpus: os.cpus().length, load_before: loadBefore.map(round2), load_after: os.loadavg().map(round2) },
  };
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  for (const c of clients) c.ws.terminate();
  child.send({ cmd: "exit" });
  await new Promise((r) => child.once("exit", r));
}

if (process.argv[2] !== "--serve") await main();
