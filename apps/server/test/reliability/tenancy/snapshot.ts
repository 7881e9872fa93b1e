/**
 * Every row of one workspace, found through the catalogue (every table with a workspace_id column,
 * plus the workspace, its organization and its owner), as sorted JSON lines per table: a before/after
 * pair shows whether anything of the workspace changed.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../../src/db/client.ts";

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

export type Snapshot = Map<string, string[]>;

export async function workspaceTables(db: Db): Promise<string[]> {
  const rows = rowsOf<{ table_name: string }>(
    await db.execute(sql`
      select c.table_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and c.column_name = 'workspace_id' and t.table_type = 'BASE TABLE'
      order by 1`),
  );
  return rows.map((r) => r.table_name);
}

export async function snapshotWorkspace(
  db: Db,
  tables: string[],
  ids: { workspaceId: string; organizationId: string; userId: string },
): Promise<Snapshot> {
  const snap: Snapshot = new Map();
  const put = (name: string, rows: Record<string, unknown>[]) => snap.set(name, rows.map((r) => JSON.stringify(r)).sort());
  for (const table of tables) {
    put(table, rowsOf(await db.execute(sql`select * from ${sql.identifier(table)} where workspace_id = ${ids.workspaceId}`)));
  }
  put("workspaces", rowsOf(await db.execute(sql`select * from workspaces where id = ${ids.workspaceId}`)));
  put("organizations", rowsOf(await db.execute(sql`select * from organizations where id = ${ids.organizationId}`)));
  put("users", rowsOf(await db.execute(sql`select * from users where id = ${ids.userId}`)));
  return snap;
}

/** The tables whose rows differ, with the lines that appeared or went. */
export function diffSnapshots(before: Snapshot, after: Snapshot): { table: string; gone: string[]; added: string[] }[] {
  const out: { table: string; gone: string[]; added: string[] }[] = [];
  for (const [table, rows] of before) {
    const now = new Set(after.get(table) ?? []);
    const was = new Set(rows);
    const gone = rows.filter((r) => !now.has(r));
    const added = [...now].filter((r) => !was.has(r));
    if (gone.length || added.length) out.push({ table, gone, added });
  }
  return out;
}

/** Every uuid-looking value and every id column of the snapshot: what must never reach B. */
export function idsIn(snap: Snapshot): Set<string> {
  const ids = new Set<string>();
  for (const rows of snap.values()) {
    for (const line of rows) {
      const row = JSON.parse(line) as Record<string, unknown>;
      if (typeof row.id === "string" && row.id.length >= 16) ids.add(row.id);
    }
  }
  return ids;
}
