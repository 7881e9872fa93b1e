/**
 * The reads of an export (data-exports.sections.ts says what each section holds): rows of a table
 * as PostgreSQL's JSON of the row, paged by id, their approximate size, and the lead counts of the
 * analytics section. Table and column names come from the section definitions, never from input.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";

export type Row = Record<string, unknown>;

/** Which rows of a table an export reads: the workspace's, optionally the user's, optionally in a date range. */
export interface RowFilter {
  workspaceId: string;
  userId?: string;
  range?: { column: string; from: Date | null; to: Date | null };
}

type Exec = Pick<Db, "execute">;

const rowsOf = <T>(res: unknown): T[] => ((res as { rows?: T[] }).rows ?? (res as T[])) as T[];
const q = (ident: string) => sql.raw(`"${ident.replaceAll('"', '""')}"`);

function whereOf(f: RowFilter): SQL {
  const parts: SQL[] = [sql`t.workspace_id = ${f.workspaceId}`];
  if (f.userId) parts.push(sql`t.user_id = ${f.userId}`);
  if (f.range?.from) parts.push(sql`t.${q(f.range.column)} >= ${f.range.from.toISOString()}::timestamptz`);
  if (f.range?.to) parts.push(sql`t.${q(f.range.column)} <= ${f.range.to.toISOString()}::timestamptz`);
  return sql.join(parts, sql` and `);
}

export async function tableExists(db: Exec, table: string): Promise<boolean> {
  const [row] = rowsOf<{ t: string | null }>(await db.execute(sql`select to_regclass(${`public.${table}`})::text as t`));
  return Boolean(row?.t);
}

/** Up to `limit` rows after the id `after`, in id order, with the row's id. */
export async function pageRows(
  db: Exec,
  table: string,
  filter: RowFilter,
  after: string,
  limit: number,
): Promise<{ id: string; row: Row }[]> {
  const page = rowsOf<{ id: string; r: Row | string }>(
    await db.execute(
      sql`select t.id::text as id, row_to_json(t) as r from ${q(table)} t where ${whereOf(filter)} and t.id > ${after}::uuid order by t.id limit ${limit}`,
    ),
  );
  return page.map((p) => ({ id: p.id, row: typeof p.r === "string" ? (JSON.parse(p.r) as Row) : p.r }));
}

/** Approximate bytes of the matching rows. */
export async function rowsSize(db: Exec, table: string, filter: RowFilter): Promise<number> {
  const [row] = rowsOf<{ n: string | number }>(
    await db.execute(sql`select coalesce(sum(pg_column_size(t.*)), 0) as n from ${q(table)} t where ${whereOf(filter)}`),
  );
  return Number(row?.n ?? 0);
}

const LEAD_GROUPS = {
  day: { expr: sql`to_char(date_trunc('day', t.created_at at time zone 'UTC'), 'YYYY-MM-DD')`, label: "day" },
  source: { expr: sql`t.source`, label: "source" },
  status: { expr: sql`t.status`, label: "status" },
} as const;

/** Lead counts per day, source or status: rows of `{ <by>: value, leads: n }`. */
export async function leadCounts(db: Exec, filter: RowFilter, by: keyof typeof LEAD_GROUPS): Promise<Row[]> {
  const g = LEAD_GROUPS[by];
  return rowsOf<Row>(
    await db.execute(
      sql`select ${g.expr} as ${sql.raw(g.label)}, count(*)::int as leads from leads t where ${whereOf(filter)} group by 1 order by 1`,
    ),
  );
}

/** The user's own account row as exported (no password or secrets). */
export async function profileRow(db: Exec, userId: string): Promise<Row[]> {
  return rowsOf<Row>(
    await db.execute(
      sql`select id, name, email, email_verified, image, two_factor_enabled, created_at, updated_at from users where id = ${userId}`,
    ),
  );
}
