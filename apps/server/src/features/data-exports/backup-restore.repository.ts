/**
 * The writes of a restore (backup.restore.ts says what may be restored): every reference re-checked
 * against the target workspace, then the rows updated or inserted, all in one transaction.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { columnsOf, type Restorable, type RestorePlan, RestoreRefused } from "./backup.restore.ts";

type Exec = Pick<Db, "execute">;

const q = (ident: string) => `"${ident.replaceAll('"', '""')}"`;
const resultRows = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

async function existing(db: Exec, table: string, ids: string[], workspaceId: string, scope: Restorable["scope"]) {
  if (ids.length === 0) return { mine: new Set<string>(), theirs: new Set<string>() };
  const owner = scope === "workspace" ? sql.raw("t.workspace_id") : sql`(select p.workspace_id from teams p where p.id = t.team_id)`;
  const found = resultRows<{ id: string; ws: string }>(
    await db.execute(
      sql`select t.id::text as id, ${owner}::text as ws from ${sql.raw(q(table))} t where t.id = any(${`{${ids.join(",")}}`}::uuid[])`,
    ),
  );
  const mine = new Set<string>();
  const theirs = new Set<string>();
  for (const r of found) (r.ws === workspaceId ? mine : theirs).add(r.id);
  return { mine, theirs };
}

/**
 * Re-checks every reference against the target workspace, inside the restore's transaction:
 * a row (or a record it points to) of another workspace refuses the file; users who are no longer
 * members are cleared from optional columns and drop the rows that exist only for them.
 */
async function checkReferences(db: Exec, workspaceId: string, plan: RestorePlan): Promise<void> {
  const members = new Set(
    resultRows<{ id: string }>(
      await db.execute(sql`select user_id::text as id from workspace_members where workspace_id = ${workspaceId}`),
    ).map((r) => r.id),
  );
  const inFile = new Map(plan.tables.map((t) => [t.spec.name, new Set(t.rows.map((r) => r.id as string))]));
  for (const t of plan.tables) {
    const ids = t.rows.map((r) => r.id as string);
    const { theirs } = await existing(db, t.spec.name, ids, workspaceId, t.spec.scope);
    if (theirs.size > 0) throw new RestoreRefused(`${t.spec.name}: ${[...theirs][0]} is a record of another workspace`);
    for (const ref of t.spec.refs.records ?? []) {
      const targets = [...new Set(t.rows.map((r) => r[ref.column]).filter((v): v is string => typeof v === "string"))];
      const found = await existing(db, ref.table, targets, workspaceId, "workspace");
      if (found.theirs.size > 0) {
        throw new RestoreRefused(`${t.spec.name}.${ref.column}: ${[...found.theirs][0]} is a record of another workspace`);
      }
      const present = (id: string) => found.mine.has(id) || (inFile.get(ref.table)?.has(id) ?? false);
      t.rows = t.rows.flatMap((r) => {
        const v = r[ref.column];
        if (typeof v !== "string" || present(v)) return [r];
        if (ref.required) throw new RestoreRefused(`${t.spec.name}.${ref.column}: ${v} is not a ${ref.table} record of this workspace`);
        return [{ ...r, [ref.column]: null }];
      });
    }
    for (const ref of t.spec.refs.lists ?? []) {
      const targets = [...new Set(t.rows.flatMap((r) => r[ref.column] as string[]))];
      const found = await existing(db, ref.table, targets, workspaceId, "workspace");
      if (found.theirs.size > 0) {
        throw new RestoreRefused(`${t.spec.name}.${ref.column}: ${[...found.theirs][0]} is a record of another workspace`);
      }
      t.rows = t.rows.map((r) => ({ ...r, [ref.column]: (r[ref.column] as string[]).filter((id) => found.mine.has(id)) }));
    }
    for (const ref of t.spec.refs.users ?? []) {
      t.rows = t.rows.flatMap((r) => {
        const v = r[ref.column];
        if (typeof v !== "string" || members.has(v)) return [r];
        return ref.required ? [] : [{ ...r, [ref.column]: null }];
      });
    }
  }
}

function affected(res: unknown): number {
  const r = res as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}

/**
 * Writes a parsed plan in one transaction: rows that still exist get their backed-up values, rows
 * that were deleted come back, rows created after the backup are kept. A deleted row whose unique
 * values (a lead's email) were taken since by a newer row is skipped. `granted` holds the
 * permissions ("team:update") that gated tables need.
 */
export async function restorePlan(
  db: Db,
  workspaceId: string,
  plan: RestorePlan,
  granted: ReadonlySet<string>,
): Promise<Record<string, number>> {
  try {
    return await writePlan(db, workspaceId, plan, granted);
  } catch (err) {
    // A constraint the checks above did not foresee (a unique value taken since) refuses the file.
    const code = String((err as { code?: unknown }).code ?? (err as { cause?: { code?: unknown } }).cause?.code ?? "");
    if (code === "23505")
      throw new RestoreRefused("The backup gives a row a value another row of the workspace now uses (an email, a name)");
    if (code.startsWith("23") || code.startsWith("22")) throw new RestoreRefused(`The backup holds a value the database refuses (${code})`);
    throw err;
  }
}

async function writePlan(db: Db, workspaceId: string, plan: RestorePlan, granted: ReadonlySet<string>): Promise<Record<string, number>> {
  return db.transaction(async (tx) => {
    for (const t of plan.tables) if (t.spec.requires && !granted.has(t.spec.requires)) t.rows = [];
    await checkReferences(tx, workspaceId, plan);
    const counts: Record<string, number> = {};
    const teamsOfWorkspace = sql`(select p.id from teams p where p.workspace_id = ${workspaceId})`;
    for (const { spec, rows } of plan.tables) {
      if (rows.length === 0) continue;
      const forced = spec.scope === "workspace" ? rows.map((r) => ({ ...r, workspace_id: workspaceId })) : rows;
      const columns = [...columnsOf(spec), ...(spec.scope === "workspace" ? ["workspace_id"] : [])];
      const json = JSON.stringify(forced);
      const table = sql.raw(q(spec.name));
      const cols = sql.raw(columns.map(q).join(", "));
      const set = sql.raw(
        columns
          .filter((c) => c !== "id" && c !== "workspace_id")
          .map((c) => `${q(c)} = r.${q(c)}`)
          .join(", "),
      );
      // Both the row as it is and the values it gets must belong to this workspace.
      const owned =
        spec.scope === "workspace"
          ? sql`t.workspace_id = ${workspaceId} and r.workspace_id = ${workspaceId}`
          : sql`t.team_id in ${teamsOfWorkspace} and r.team_id in ${teamsOfWorkspace}`;
      const updated = await tx.execute(
        sql`update ${table} t set ${set} from json_populate_recordset(null::${table}, ${json}::json) r where t.id = r.id and ${owned} and ${spec.updatable ? sql.raw(spec.updatable) : sql`true`}`,
      );
      const newOwned = spec.scope === "workspace" ? sql`r.workspace_id = ${workspaceId}` : sql`r.team_id in ${teamsOfWorkspace}`;
      const inserted = await tx.execute(
        sql`insert into ${table} (${cols}) select ${cols} from json_populate_recordset(null::${table}, ${json}::json) r where ${newOwned} and not exists (select 1 from ${table} x where x.id = r.id) on conflict do nothing`,
      );
      counts[spec.name] = affected(updated) + affected(inserted);
    }
    return counts;
  });
}
