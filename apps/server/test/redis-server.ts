/**
 * A private redis-server for tests that kill Redis under a running app (never the shared one at
 * REDIS_URL): no persistence, loopback only; `start` again after `kill` gives an empty Redis on the
 * same port, as a restarted Redis without persistence would be.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { Redis } from "ioredis";
import { waitFor } from "./wait.ts";

/** Whether the redis-server binary is installed (for a skip reason). */
export function hasRedisServer(): boolean {
  try {
    execFileSync("redis-server", ["--version"], { stdio: "pipe" });
    return true;
  } catch {
    return false;
  }
}

export interface RedisServer {
  port: number;
  url: string;
  start(): Promise<void>;
  kill(): Promise<void>;
}

export function redisServer(port: number): RedisServer {
  let child: ChildProcess | null = null;
  const url = `redis://127.0.0.1:${port}`;
  return {
    port,
    url,
    async start() {
      child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
        stdio: "ignore",
      });
      const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      probe.on("error", () => {});
      try {
        await waitFor(
          async () => {
            try {
              await probe.connect();
              return (await probe.ping()) === "PONG";
            } catch {
              probe.disconnect();
              return false;
            }
          },
          { what: `redis-server on ${port}`, timeoutMs: 10_000, intervalMs: 100 },
        );
      } finally {
        probe.disconnect();
      }
    },
    async kill() {
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise((r) => child?.once("exit", r));
      child.kill("SIGKILL");
      await gone;
    },
  };
}
