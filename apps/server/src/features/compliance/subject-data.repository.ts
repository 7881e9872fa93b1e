/**
 * The person's data wherever it sits, found from the live catalog rather than a hand-kept list
 * (docs/compliance.md, "How erasure finds the data"): every table in the public schema with a
 * workspace_id, or a foreign key to a table that has one, and every text, varchar, text[] and
 * jsonb column of it. A row is about the person when a column mentions the address, the full
 * name or the lead's id, or its lead_id is one of the person's leads. The export reads those rows;
 * the erasure redacts every personal value in them. A column a feature adds later is covered
 * without a change here.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";

export type Tx = Pick<Db, "execute">;

interface Column {
  name: string;
  kind: "text" | "jsonb" | "array";
}
export interface ScannedTable {
  name: string;
  /** How the table's rows are tied to one workspace. */
  scope: { column: string; parent: string | null };
  columns: Column[];
  hasLeadId: boolean;
}

function rowsOf<T>(res: unknown): T[] {
  return (res as { rows: T[] }).rows;
}

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

/** Tables and columns to look at. Generated columns are skipped (they follow their sources). */
export async function scannedTables(db: Tx, skip: readonly string[]): Promise<ScannedTable[]> {
  const cols = rowsOf<{ table_name: string; column_name: string; data_type: string; udt_name: string }>(
    await db.execute(sql`
      select c.table_name, c.column_name, c.data_type, c.udt_name
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
      order by c.table_name, c.ordinal_position`),
  );
  const fks = rowsOf<{ child: string; col: string; parent: string; parent_col: string }>(
    await db.execute(sql`
      select cl.relname as child, a.attname as col, pl.relname as parent, pa.attname as parent_col
      from pg_constraint c
      join pg_class cl on cl.oid = c.conrelid
      join pg_class pl on pl.oid = c.confrelid
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      join pg_attribute pa on pa.attrelid = c.confrelid and pa.attnum = c.confkey[1]
      where c.contype = 'f' and array_length(c.conkey, 1) = 1 and c.connamespace = 'public'::regnamespace`),
  );
  const byTable = new Map<string, typeof cols>();
  for (const c of cols) byTable.set(c.table_name, [...(byTable.get(c.table_name) ?? []), c]);
  const hasWs = (t: string) => (byTable.get(t) ?? []).some((c) => c.column_name === "workspace_id");
  const out: ScannedTable[] = [];
  for (const [name, list] of byTable) {
    if (skip.includes(name)) continue;
    let scope: ScannedTable["scope"] | null = hasWs(name) ? { column: "workspace_id", parent: null } : null;
    if (!scope) {
      const fk = fks.find((f) => f.child === name && f.parent_col === "id" && hasWs(f.parent) && f.parent !== name);
      if (fk) scope = { column: fk.col, parent: fk.parent };
    }
    // Instance-level tables (users, sessions, organizations, the newsletter): not a workspace's data.
    if (!scope) continue;
    const columns: Column[] = [];
    for (const c of list) {
      if (c.data_type === "text" || c.data_type === "character varying") columns.push({ name: c.column_name, kind: "text" });
      else if (c.data_type === "jsonb" || c.data_type === "json") columns.push({ name: c.column_name, kind: "jsonb" });
      else if (c.data_type === "ARRAY" && (c.udt_name === "_text" || c.udt_name === "_varchar"))
        columns.push({ name: c.column_name, kind: "array" });
    }
    if (columns.length === 0) continue;
    out.push({ name, scope, columns, hasLeadId: list.some((c) => c.column_name === "lead_id" && c.udt_name === "uuid") });
  }
  return out;
}

export interface SubjectMatch {
  workspaceId: string;
  /** Case-insensitive regular expressions (PostgreSQL ARE) that select a row. */
  selectors: string[];
  leadIds: string[];
  /** Rows of this table with these ids are left out. */
  exclude?: { table: string; ids: string[] };
}

function asText(c: Column): SQL {
  const col = ident(c.name);
  if (c.kind === "jsonb") return sql`${col}::text`;
  if (c.kind === "array") return sql`array_to_string(${col}, ' ')`;
  return col;
}

function whereAbout(t: ScannedTable, m: SubjectMatch): SQL {
  const scope =
    t.scope.parent === null
      ? sql`${ident(t.scope.column)} = ${m.workspaceId}`
      : sql`${ident(t.scope.column)} in (select id from ${ident(t.scope.parent)} where workspace_id = ${m.workspaceId})`;
  const tests: SQL[] = [];
  for (const c of t.columns) for (const re of m.selectors) tests.push(sql`${asText(c)} ~* ${re}`);
  if (t.hasLeadId && m.leadIds.length > 0)
    tests.push(
      sql`lead_id in (${sql.join(
        m.leadIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  const exclude =
    m.exclude && m.exclude.table === t.name && m.exclude.ids.length > 0
      ? sql` and id not in (${sql.join(
          m.exclude.ids.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``;
  return sql`${scope} and (${sql.join(tests, sql` or `)})${exclude}`;
}

/** The rows of one table that are about the person, as JSON objects. */
export async function rowsAbout(db: Tx, t: ScannedTable, m: SubjectMatch, limit = 5000): Promise<Record<string, unknown>[]> {
  const res = await db.execute(sql`select row_to_json(x) as r from ${ident(t.name)} x where ${whereAbout(t, m)} limit ${limit}`);
  return rowsOf<{ r: Record<string, unknown> }>(res).map((x) => x.r);
}

/** One redaction: a case-insensitive regular expression and what replaces it. */
export interface Redaction {
  pattern: string;
  replacement: string;
}

function redacted(c: Column, redactions: Redaction[]): SQL {
  const apply = (v: SQL) => redactions.reduce<SQL>((acc, r) => sql`regexp_replace(${acc}, ${r.pattern}, ${r.replacement}, 'gi')`, v);
  const col = ident(c.name);
  if (c.kind === "jsonb") return sql`(${apply(sql`${col}::text`)})::jsonb`;
  if (c.kind === "array") return sql`array(select ${apply(sql`u.x`)} from unnest(${col}) with ordinality as u(x, n) order by u.n)`;
  return apply(col);
}

/** Redacts every personal value in the rows about the person; answers how many rows changed. */
export async function redactRowsAbout(db: Tx, t: ScannedTable, m: SubjectMatch, redactions: Redaction[]): Promise<number> {
  const sets = t.columns.map((c) => sql`${ident(c.name)} = ${redacted(c, redactions)}`);
  const res = await db.execute(sql`update ${ident(t.name)} set ${sql.join(sets, sql`, `)} where ${whereAbout(t, m)}`);
  return Number((res as { rowCount?: number; affectedRows?: number }).rowCount ?? (res as { affectedRows?: number }).affectedRows ?? 0);
}

/** Escapes a literal for a PostgreSQL regular expression. */
export function reLiteral(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
