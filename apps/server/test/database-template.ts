/**
 * Migrated template databases for the tests: the migrations run once per test run (vitest's global
 * setup), and each test file's fresh database is a copy instead of a new migration run — a PGlite
 * data directory dump loaded into a new in-memory PGlite, or `CREATE DATABASE … TEMPLATE` on
 * PostgreSQL. Both are named by a hash of the migrations, so a changed migration makes a new
 * template. Without the environment variables set here (benches, a single file run outside
 * vitest's setup) openTestDatabase migrates as before.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "../src/db/client.ts";
import { migrate, migrationsFolder } from "../src/db/migrate.ts";

export const PGLITE_TEMPLATE_ENV = "PROSPECTOR_TEST_PGLITE_TEMPLATE";
export const PG_TEMPLATE_ENV = "PROSPECTOR_TEST_PG_TEMPLATE";

/** Arbitrary constant naming the advisory lock that serialises template creation between test runs. */
const TEMPLATE_LOCK = 727_374_002;

function migrationsHash(): string {
  const hash = crypto.createHash("sha256");
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(entry.name).update(fs.readFileSync(file));
    }
  };
  walk(migrationsFolder);
  return hash.digest("hex").slice(0, 16);
}

/** A dump of a migrated PGlite, written once per migrations hash (atomically: concurrent runs may race). */
async function pgliteTemplate(hash: string): Promise<string> {
  const file = path.join(os.tmpdir(), `prospector-test-template-${hash}.tar`);
  if (fs.existsSync(file)) return file;
  // Templates of older migrations (an hour unused: a run of another checkout may still read one).
  for (const old of fs.readdirSync(os.tmpdir()).filter((f) => /^prospector-test-template-[0-9a-f]+\.tar$/.test(f))) {
    const oldPath = path.join(os.tmpdir(), old);
    if (Date.now() - fs.statSync(oldPath).atimeMs > 3_600_000) fs.rmSync(oldPath, { force: true });
  }
  const database = await openDatabase({ dataDir: "memory://" });
  try {
    await migrate(database);
    const dump = await database.pglite?.dumpDataDir("none");
    if (!dump) throw new Error("PGlite did not dump its data directory");
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(tmp, file);
  } finally {
    await database.close();
  }
  return file;
}

/** A migrated database named by the hash on the server of `base`, made once (under an advisory lock). */
async function postgresTemplate(base: string, hash: string): Promise<string> {
  const name = `tmpl_${hash}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK]);
    const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (exists.rowCount) return name;
    const building = `${name}_build`;
    await admin.query(`drop database if exists ${building} with (force)`);
    await admin.query(`create database ${building}`);
    const url = new URL(base);
    url.pathname = `/${building}`;
    const database = await openDatabase({ url: url.toString(), poolSize: 2 });
    try {
      await migrate(database);
    } finally {
      await database.close();
    }
    // Renamed only once complete: a run that crashed mid-migration leaves no half-made template.
    await admin.query(`alter database ${building} rename to ${name}`);
    return name;
  } finally {
    await admin.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK]).catch(() => {});
    await admin.end();
  }
}

/** vitest globalSetup: makes the template for this run's database and names it in the environment the test workers inherit. */
export default async function setup(): Promise<void> {
  const hash = migrationsHash();
  const base = process.env.DATABASE_URL;
  if (base) process.env[PG_TEMPLATE_ENV] = await postgresTemplate(base, hash);
  else process.env[PGLITE_TEMPLATE_ENV] = await pgliteTemplate(hash);
}
