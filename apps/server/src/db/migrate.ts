/**
 * Applies the generated migrations in apps/server/drizzle with Drizzle's migrator (drizzle-kit's
 * CLI cannot load PGlite's extensions). pg_trgm is created first: trigram indexes depend on it.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { Database } from "./client.ts";

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../drizzle");

export async function migrate(database: Database): Promise<void> {
  await database.db.execute(sql`create extension if not exists pg_trgm`);
  if (database.kind === "pglite") {
    // biome-ignore lint/suspicious/noExplicitAny: the two migrators take their own driver's type
    await migratePglite(database.db as any, { migrationsFolder });
  } else {
    // biome-ignore lint/suspicious/noExplicitAny: as above
    await migratePg(database.db as any, { migrationsFolder });
  }
}
