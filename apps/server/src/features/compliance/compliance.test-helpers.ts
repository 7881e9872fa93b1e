/** Test helpers of compliance: the search of the whole database a complete erasure must pass. */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";

type Row = Record<string, unknown>;

/** Every text, varchar, text[] and json(b) column of every table in the database that mentions `needle` (case-insensitive). */
export async function searchDatabase(db: Pick<Db, "execute">, needle: string): Promise<string[]> {
  const rows = async (q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: Row[] }).rows;
  const cols = await rows(sql`
    select c.table_schema, c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where t.table_type = 'BASE TABLE' and c.table_schema not in ('pg_catalog', 'information_schema')
      and (c.data_type in ('text', 'character varying', 'json', 'jsonb') or (c.data_type = 'ARRAY' and c.udt_name in ('_text', '_varchar')))`);
  const hits: string[] = [];
  for (const c of cols) {
    const name = `"${c.table_schema}"."${c.table_name}"`;
    const col = `"${c.column_name}"`;
    const [r] = await rows(sql.raw(`select count(*)::int as n from ${name} where ${col}::text ilike '%${needle.replace(/'/g, "''")}%'`));
    if (Number(r?.n) > 0) hits.push(`${c.table_schema}.${c.table_name}.${c.column_name}`);
  }
  return hits;
}
