/**
 * Reads a workspace's rows generically: every table with a workspace_id column, plus tables that
 * hang off one of those by a foreign key (team_members under teams), as PostgreSQL's own JSON
 * (row_to_json). Only what backup.restore.ts allow-lists is kept in a backup and written back.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";

/**
 * Not restored: memberships (who belongs to a workspace is managed by invitations and roles),
 * API keys (a revoked key must never come back), and the bookkeeping of exports and backups.
 */
const EXCLUDED = new Set(["workspace_members", "api_keys", "api_key_usage", "backups", "backup_configs", "data_exports"]);

export interface SnapshotTable {
  name: string;
  /** How rows of this table belong to the workspace. */
  scope: { kind: "workspace" } | { kind: "child"; column: string; parent: string; parentColumn: string };
  columns: string[];
  primaryKey: string[];
}

type Exec = Pick<Db, "execute">;

const q = (ident: string) => `"${ident.replaceAll('"', '""')}"`;
const rows = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

/** The tables a workspace backup covers, parents before children (the order inserts need). */
export async function snapshotTables(db: Exec): Promise<SnapshotTable[]> {
  const cols = rows<{ table_name: string; column_name: string; is_generated: string }>(
    await db.execute(sql`
      select c.table_name, c.column_name, c.is_generated
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.table_name not like '\\_\\_%'
      order by c.table_name, c.ordinal_position`),
  );
  const keys = rows<{ kind: string; table_name: string; column_name: string; ref_table: string | null; ref_column: string | null }>(
    await db.execute(sql`
      select tc.constraint_type as kind, kcu.table_name, kcu.column_name, ccu.table_name as ref_table, ccu.column_name as ref_column
      from information_schema.table_constraints tc
      join information_schema.key_column_usage kcu
        on kcu.constraint_name = tc.constraint_name and kcu.constraint_schema = tc.constraint_schema
      left join information_schema.constraint_column_usage ccu
        on tc.constraint_type = 'FOREIGN KEY' and ccu.constraint_name = tc.constraint_name and ccu.constraint_schema = tc.constraint_schema
      where tc.table_schema = 'public' and tc.constraint_type in ('PRIMARY KEY', 'FOREIGN KEY')`),
  );
  const columns = new Map<string, string[]>();
  const withWorkspace = new Set<string>();
  for (const c of cols) {
    if (c.column_name === "workspace_id") withWorkspace.add(c.table_name);
    if (c.is_generated === "ALWAYS") continue;
    columns.set(c.table_name, [...(columns.get(c.table_name) ?? []), c.column_name]);
  }
  const pk = new Map<string, string[]>();
  const fks = keys.filter((k) => k.kind === "FOREIGN KEY" && k.ref_table);
  for (const k of keys) if (k.kind === "PRIMARY KEY") pk.set(k.table_name, [...(pk.get(k.table_name) ?? []), k.column_name]);

  const tables = new Map<string, SnapshotTable>();
  for (const name of withWorkspace) {
    if (EXCLUDED.has(name)) continue;
    tables.set(name, { name, scope: { kind: "workspace" }, columns: columns.get(name) ?? [], primaryKey: pk.get(name) ?? [] });
  }
  for (const fk of fks) {
    const parent = fk.ref_table as string;
    if (tables.get(parent)?.scope.kind !== "workspace" || withWorkspace.has(fk.table_name) || EXCLUDED.has(fk.table_name)) continue;
    if (tables.has(fk.table_name)) continue;
    tables.set(fk.table_name, {
      name: fk.table_name,
      scope: { kind: "child", column: fk.column_name, parent, parentColumn: fk.ref_column as string },
      columns: columns.get(fk.table_name) ?? [],
      primaryKey: pk.get(fk.table_name) ?? [],
    });
  }
  // Topological order over foreign keys between the covered tables.
  const deps = new Map<string, Set<string>>();
  for (const name of tables.keys()) deps.set(name, new Set());
  for (const fk of fks) {
    if (tables.has(fk.table_name) && tables.has(fk.ref_table as string) && fk.table_name !== fk.ref_table) {
      deps.get(fk.table_name)?.add(fk.ref_table as string);
    }
  }
  const ordered: SnapshotTable[] = [];
  const done = new Set<string>();
  const visit = (name: string, path: Set<string>) => {
    if (done.has(name) || path.has(name)) return;
    path.add(name);
    for (const d of [...(deps.get(name) ?? [])].sort()) visit(d, path);
    done.add(name);
    ordered.push(tables.get(name) as SnapshotTable);
  };
  for (const name of [...tables.keys()].sort()) visit(name, new Set());
  return ordered;
}

function scopeWhere(t: SnapshotTable, workspaceId: string) {
  if (t.scope.kind === "workspace") return sql`t.workspace_id = ${workspaceId}`;
  const { column, parent, parentColumn } = t.scope;
  return sql`t.${sql.raw(q(column))} in (select p.${sql.raw(q(parentColumn))} from ${sql.raw(q(parent))} p where p.workspace_id = ${workspaceId})`;
}

/** `only`: the tables to read (a backup reads just what a restore can write back). */
export async function dumpWorkspace(
  db: Exec,
  workspaceId: string,
  only?: ReadonlySet<string>,
): Promise<Record<string, Record<string, unknown>[]>> {
  const out: Record<string, Record<string, unknown>[]> = {};
  for (const t of await snapshotTables(db)) {
    if (only && !only.has(t.name)) continue;
    const [row] = rows<{ data: Record<string, unknown>[] | string | null }>(
      await db.execute(
        sql`select coalesce(json_agg(row_to_json(t)), '[]'::json) as data from ${sql.raw(q(t.name))} t where ${scopeWhere(t, workspaceId)}`,
      ),
    );
    const data = row?.data ?? [];
    out[t.name] = typeof data === "string" ? JSON.parse(data) : data;
  }
  return out;
}

/** Approximate bytes a dump of the workspace takes, for quota checks before running one. */
export async function estimateWorkspaceBytes(db: Exec, workspaceId: string, only?: ReadonlySet<string>): Promise<number> {
  let total = 0;
  for (const t of await snapshotTables(db)) {
    if (only && !only.has(t.name)) continue;
    const [row] = rows<{ n: string | number | null }>(
      await db.execute(
        sql`select coalesce(sum(pg_column_size(t.*)), 0) as n from ${sql.raw(q(t.name))} t where ${scopeWhere(t, workspaceId)}`,
      ),
    );
    total += Number(row?.n ?? 0);
  }
  return total;
}
