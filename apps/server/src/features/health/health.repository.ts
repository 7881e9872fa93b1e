/** The database check behind GET /api/health: one round trip. */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
