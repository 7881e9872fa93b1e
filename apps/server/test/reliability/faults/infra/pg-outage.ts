/**
 * Scenario 1 of the infrastructure faults: a real API process (src/main.ts) on a private
 * PostgreSQL cluster under steady concurrent reads and writes over loopback; the cluster is stopped
 * in immediate mode (as a crash) for a few seconds, then started again. What the clients saw is
 * returned for the suite to judge and report.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "../../../../src/db/client.ts";
import { migrate } from "../../../../src/db/migrate.ts";
import { createUser, type TestUser } from "../../../factories.ts";
import { createPgCluster, type PgCluster } from "../../../pg-cluster.ts";
import { type ChildServer, freePort, startServer } from "../../../processes.ts";
import { waitFor } from "../../../wait.ts";
import { type Answer, call, sleep } from "./http.ts";

export const REQUEST_TIMEOUT_MS = 10_000;
export const OUTAGE_MS = 4_000;
export const RECOVERY_BOUND_MS = 20_000;
const CLIENTS = 6;

export interface Traffic extends Answer {
  kind: "read" | "write";
  phase: "before" | "stopping" | "down" | "starting" | "after";
  leadId?: string;
}

export interface PgOutageRun {
  answers: Traffic[];
  readyDuringOutage: number[];
  /** ms from the cluster answering again to the first moment after which every request succeeded. */
  recoveryMs: number;
  /** ms from the cluster answering again to /api/health/ready answering 200. */
  readyAgainMs: number;
  outageMs: number;
  output: string;
  exitedEarly: boolean;
  /** Lead ids acknowledged 201 that are not in the database after the run. */
  lostWrites: string[];
  acknowledgedWrites: number;
}

export async function runPgOutage(): Promise<PgOutageRun> {
  const cluster: PgCluster = await createPgCluster();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "prospector-pgfault-"));
  let server: ChildServer | null = null;
  try {
    const database = await openDatabase({ url: cluster.url, poolSize: 2 });
    await migrate(database);
    // One user per client: the per-user rate limit (1000 a minute for an admin) must not be what answers.
    const users: TestUser[] = [];
    for (let i = 0; i < CLIENTS; i++) users.push(await createUser(database.db));
    await database.close();

    const port = await freePort();
    server = await startServer(
      {
        DATABASE_URL: cluster.url,
        DATA_DIR: dataDir,
        AUTH_SECRET: "faults-secret-faults-secret-faults-secret-0123",
        SETUP_TOKEN: "faults-setup-token-0123456789",
        WEB_DIST: path.join(dataDir, "no-web"),
        LOG_LEVEL: "warn",
      },
      port,
    );
    const base = `http://127.0.0.1:${port}`;
    const ready = () => call(base, "GET", "/api/health/ready", { timeoutMs: REQUEST_TIMEOUT_MS });

    let phase: Traffic["phase"] = "before";
    let running = true;
    const answers: Traffic[] = [];
    let seq = 0;
    const client = async (n: number) => {
      while (running) {
        const write = (seq++ + n) % 2 === 0;
        const p = phase;
        const a: Traffic = write
          ? {
              ...(await call(base, "POST", "/api/leads", {
                token: users[n]?.token,
                body: { email: `fault-${n}-${seq}-${Date.now()}@example.com`, first_name: "Fault" },
                timeoutMs: REQUEST_TIMEOUT_MS,
              })),
              kind: "write",
              phase: p,
            }
          : {
              ...(await call(base, "GET", "/api/leads?limit=5", { token: users[n]?.token, timeoutMs: REQUEST_TIMEOUT_MS })),
              kind: "read",
              phase: p,
            };
        if (a.kind === "write" && a.status === 201) a.leadId = (a.body as { id: string }).id;
        // A request that began in one phase and ended in another belongs to the transition.
        if (phase !== p) a.phase = p === "before" ? "stopping" : p === "down" ? "starting" : p;
        answers.push(a);
        // Failures come back fast: pace the loop so an outage is not a tight spin.
        if (a.status !== 200 && a.status !== 201) await sleep(50);
      }
    };
    const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));

    await sleep(2_000);
    phase = "stopping";
    const stoppedAt = Date.now();
    cluster.stop("immediate");
    phase = "down";
    const readyDuringOutage: number[] = [];
    while (Date.now() - stoppedAt < OUTAGE_MS) {
      readyDuringOutage.push((await ready()).status);
      await sleep(250);
    }
    phase = "starting";
    cluster.start();
    const startedAt = Date.now();
    const outageMs = startedAt - stoppedAt;
    phase = "after";
    let lastReady: Answer | null = null;
    const readyAgainMs =
      (await waitFor(
        async () => {
          lastReady = await ready();
          return lastReady.status === 200 ? Date.now() : 0;
        },
        { what: "readiness after PostgreSQL started again", timeoutMs: RECOVERY_BOUND_MS, intervalMs: 100 },
      ).catch((err: Error) => {
        throw new Error(`${err.message}; last readiness answer ${JSON.stringify(lastReady)}; output: ${server?.output().slice(-2000)}`);
      })) - startedAt;
    // Keep the traffic going long enough to see every client succeed again.
    await sleep(4_000);
    running = false;
    await Promise.all(clients);

    const lastFailure = answers.filter((a) => a.status !== 200 && a.status !== 201).reduce((m, a) => Math.max(m, a.at + a.ms), 0);
    const recoveryMs = Math.max(0, lastFailure - startedAt);

    const acknowledged = answers.filter((a) => a.leadId).map((a) => a.leadId as string);
    const c = new pg.Client({ connectionString: cluster.url });
    await c.connect();
    const found = new Set(
      (await c.query<{ id: string }>("select id from leads where id = any($1::uuid[])", [acknowledged])).rows.map((r) => r.id),
    );
    await c.end();

    const exitedEarly = server.child.exitCode !== null || server.child.signalCode !== null;
    return {
      answers,
      readyDuringOutage,
      recoveryMs,
      readyAgainMs,
      outageMs,
      output: server.output(),
      exitedEarly,
      lostWrites: acknowledged.filter((id) => !found.has(id)),
      acknowledgedWrites: acknowledged.length,
    };
  } finally {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill("SIGTERM");
      const killer = setTimeout(() => server?.child.kill("SIGKILL"), 10_000);
      await server.exit;
      clearTimeout(killer);
    }
    cluster.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
