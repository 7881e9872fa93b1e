/**
 * Shared pieces of the kill -9 fault suites (faults/kill-*.suite.ts): the environment of the child
 * processes (API `src/main.ts` and worker `src/worker.ts`) on the suite's own PostgreSQL database,
 * SIGKILL with a wait for the exit, and the figures each scenario reports in the suite's JSON.
 */
import type { ChildProcess } from "node:child_process";
import type { TestApp } from "../../../create-test-app.ts";
import type { ChildServer } from "../../../processes.ts";

/** The environment every child gets: the test app's database, data directory and secret. */
export function childEnv(t: TestApp, extra: Record<string, string> = {}): Record<string, string | undefined> {
  return {
    DATABASE_URL: t.config.DATABASE_URL,
    REDIS_URL: t.config.REDIS_URL,
    AUTH_SECRET: t.config.AUTH_SECRET,
    DATA_DIR: t.config.dataDir,
    WEB_DIST: `${t.config.dataDir}/no-web`,
    OUTBOUND_ALLOWLIST: "127.0.0.1",
    // A message left "sending" by a killed process is sent again after this many seconds (long enough
    // that a live pass on this loaded machine finishes its claimed batch first).
    SEND_LEASE_SECONDS: "20",
    LOG_LEVEL: "warn",
    ...extra,
  };
}

/** Children started by a suite, all SIGKILLed in afterAll whatever happened. */
export class Children {
  private readonly all: ChildProcess[] = [];
  track<T extends ChildServer>(c: T): T {
    this.all.push(c.child);
    return c;
  }
  killAll(): void {
    for (const c of this.all) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  }
}

/** kill -9 and wait until the process is gone; answers the time it took. */
export async function kill9(c: ChildServer): Promise<void> {
  if (c.child.exitCode !== null || c.child.signalCode !== null)
    throw new Error(`process ${c.child.pid} had already exited:\n${c.output()}`);
  c.child.kill("SIGKILL");
  await c.exit;
}

/** Rethrows a wait's timeout with the child's output, so a failure shows what the process said. */
export const withOutput =
  (...children: ChildServer[]) =>
  (err: Error): never => {
    throw new Error(`${err.message}\n${children.map((c) => `--- pid ${c.child.pid}:\n${c.output().slice(-4000)}`).join("\n")}`);
  };

/** The suite's figures, printed as one JSON object at the end. */
export type Figures = Record<string, Record<string, unknown>>;

export const seconds = (ms: number) => Math.round(ms / 100) / 10;
