/**
 * Opens the database: embedded PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
 * Both give the same Drizzle API over the same schema and migrations.
 */
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** A raw SQL runner both drivers satisfy; pg-boss and migrations use it. */
export interface Database {
  kind: "pglite" | "postgres";
  db: Db;
  /** Present on the embedded database. */
  pglite?: PGlite;
  /** Present on PostgreSQL. */
  pool?: pg.Pool;
  url?: string;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL URL; when absent the embedded database is used. */
  url?: string;
  /** PGlite data directory; `memory://` (or undefined with no url) for an in-memory database. */
  dataDir?: string;
  poolSize?: number;
  /** A dump of a PGlite data directory to start from (the tests' migrated template). */
  loadDataDir?: Blob;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
    // An idle client losing its connection must not crash the process.
    pool.on("error", () => {});
    // Nor a checked-out one (a transaction between two statements when the server goes away): the
    // pool only listens to idle clients, and an 'error' event nobody listens to kills the process.
    // The work that holds it fails on its next query, and the pool drops it when it is released.
    pool.on("connect", (client) => {
      client.on("error", () => {});
    });
    await pool.query("select 1");
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return { kind: "postgres", db, pool, url: opts.url, close: () => pool.end() };
  }
  const dir = opts.dataDir;
  let release = () => {};
  if (dir && !dir.startsWith("memory://")) {
    fs.mkdirSync(dir, { recursive: true });
    release = takeLock(path.join(dir, ".lock"));
  }
  const pglite = await PGlite.create(dir && !dir.startsWith("memory://") ? dir : undefined, {
    extensions: { pg_trgm },
    loadDataDir: opts.loadDataDir,
  });
  const db = drizzlePglite({ client: pglite, schema }) as unknown as Db;
  return {
    kind: "pglite",
    db,
    pglite,
    close: async () => {
      await pglite.close();
      release();
    },
  };
}

/**
 * PGlite has no locking of its own: two processes on one folder would each see only their own
 * writes. A lock file holding our pid refuses the second; a stale one (dead pid) is taken over.
 */
function takeLock(file: string): () => void {
  const tryCreate = () => {
    fs.writeFileSync(file, String(process.pid), { flag: "wx" });
  };
  try {
    tryCreate();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    const pid = Number(fs.readFileSync(file, "utf8"));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `The data folder ${path.dirname(file)} is in use by process ${pid}. Stop it first, or set DATA_DIR to another folder.`,
      );
    }
    fs.rmSync(file, { force: true });
    tryCreate();
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    try {
      if (Number(fs.readFileSync(file, "utf8")) === process.pid) fs.rmSync(file, { force: true });
    } catch {}
  };
  process.once("exit", release);
  return release;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Runs `work` in one transaction: services open units of work with this and hand `tx` to their
 * repositories (query builders stay in repositories). Nested calls reuse the caller's transaction
 * as a savepoint, as Drizzle does.
 */
export function transaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db));
}
