/**
 * Applies the generated migrations in apps/server/drizzle with Drizzle's migrator (drizzle-kit's
 * CLI cannot load PGlite's extensions). pg_trgm is created first: trigram indexes depend on it.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { Database } from "./client.ts";

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../drizzle");

/** Arbitrary constant naming the advisory lock that serialises migrations on PostgreSQL. */
const MIGRATION_LOCK = 727_374_001;

export async function migrate(database: Database): Promise<void> {
  if (database.kind === "pglite") {
    await database.db.execute(sql`create extension if not exists pg_trgm`);
    // biome-ignore lint/suspicious/noExplicitAny: the two migrators take their own driver's type
    await migratePglite(database.db as any, { migrationsFolder });
    return;
  }
  // API processes and workers starting together (a rollout) must not race to apply the same
  // migration: a session-level advisory lock on a dedicated connection serialises them.
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await database.db.execute(sql`create extension if not exists pg_trgm`);
    // biome-ignore lint/suspicious/noExplicitAny: as above
    await migratePg(database.db as any, { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    await client.end();
  }
}
