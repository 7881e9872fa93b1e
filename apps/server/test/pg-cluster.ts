/**
 * A private PostgreSQL cluster for tests that stop and start the database under a running app
 * (never the shared server other tests use): initdb in a temporary folder, pg_ctl as the postgres
 * user on a free loopback port. Needs root and the PostgreSQL server binaries (`pgClusterProblem`
 * says why not, for a skip reason).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./processes.ts";

export const PG_BIN = ["/usr/lib/postgresql/17/bin", "/usr/lib/postgresql/16/bin", "/usr/lib/postgresql/15/bin"].find((d) =>
  fs.existsSync(path.join(d, "pg_ctl")),
);

/** Why a private cluster cannot run here, or null when it can. */
export function pgClusterProblem(): string | null {
  if (!PG_BIN) return "needs the PostgreSQL server binaries";
  if (process.getuid?.() !== 0) return "needs root to run a private cluster as the postgres user";
  return null;
}

const asPostgres = (bin: string, args: string[]) =>
  execFileSync("runuser", ["-u", "postgres", "--", path.join(PG_BIN as string, bin), ...args], { stdio: "pipe", timeout: 60_000 });

export interface PgCluster {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  start(): void;
  /** fast: clients disconnected cleanly; immediate: as a crash (no shutdown checkpoint). */
  stop(mode?: "fast" | "immediate"): void;
  /** Stops the cluster (if running) and removes its folder. */
  destroy(): void;
}

/** Creates the cluster and starts it. */
export async function createPgCluster(): Promise<PgCluster> {
  const problem = pgClusterProblem();
  if (problem) throw new Error(`private PostgreSQL cluster: ${problem}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "prospector-pg-"));
  const data = path.join(dir, "data");
  execFileSync("chown", ["postgres:postgres", dir]);
  asPostgres("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const port = await freePort();
  let running = false;
  const cluster: PgCluster = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start() {
      asPostgres("pg_ctl", [
        "-D",
        data,
        "-o",
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
        "-l",
        path.join(dir, "log"),
        "-w",
        "-t",
        "30",
        "start",
      ]);
      running = true;
    },
    stop(mode = "fast") {
      asPostgres("pg_ctl", ["-D", data, "-m", mode, "-w", "-t", "30", "stop"]);
      running = false;
    },
    destroy() {
      try {
        if (running) cluster.stop("immediate");
      } catch {}
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  cluster.start();
  return cluster;
}
