/**
 * What a backup restores, and how: an explicit allow-list of tables and columns, each row parsed
 * with the same zod rules the feature's own create/update use, the workspace forced from the
 * request, and every reference re-checked against the target workspace. Anything else in the file
 * (job tables, server paths, inboxes and their passwords, API keys, audit, outboxes) is never read.
 * Validation runs before the first write and the writes share one transaction, so a refused file
 * leaves the workspace as it was.
 */
import {
  AccessibilityUpdate,
  CampaignSchedule,
  CampaignStep,
  EmailStatus,
  FieldProvenance,
  LeadFields,
  LeadSource,
  LeadStatus,
  MAX_STEPS,
  NotificationType,
  Permission,
  SuppressionReason,
  UserSettings,
} from "@prospector/contracts";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.ts";

type Row = Record<string, unknown>;
type Exec = Pick<Db, "execute">;

export class RestoreRefused extends Error {}

const Uuid = z.uuid();
const Timestamp = z.iso.datetime({ offset: true });
const JsonObject = z.record(z.string(), z.unknown());

/** The references a row may hold, checked against the target workspace after parsing. */
interface Refs {
  /** Users that must be members of the workspace: nullable ones are cleared, required ones drop the row. */
  users?: { column: string; required: boolean }[];
  /** Workspace records (table → column): a record of another workspace refuses the file. */
  records?: { column: string; table: "campaigns" | "teams"; required: boolean }[];
  /** Lists of workspace records: ids of another workspace refuse the file, missing ones are dropped. */
  lists?: { column: string; table: "inboxes" }[];
}

interface Restorable {
  name: string;
  /** Workspace tables carry workspace_id (forced); child tables hang off teams by team_id. */
  scope: "workspace" | "team";
  /** The columns written back (its keys); nothing else in a row is read. */
  schema: z.ZodObject;
  refs: Refs;
  /** Extra permission the caller must hold for these rows to be restored (else they are left out). */
  requires?: string;
  /** Which existing rows a restore may change (default: all of the workspace's). */
  updatable?: SQL;
}

const columnsOf = (spec: Restorable) => Object.keys(spec.schema.shape);

const leadRow = z
  .object({
    id: Uuid,
    ...LeadFields.shape,
    source: LeadSource,
    status: LeadStatus,
    score: z.number().int().min(0).max(100).nullable(),
    score_breakdown: z.record(z.string().max(100), z.number()).nullable(),
    owner_id: Uuid.nullable(),
    created_by: Uuid.nullable(),
    email_status: EmailStatus,
    provenance: z.record(z.string().max(100), FieldProvenance),
    created_at: Timestamp,
    updated_at: Timestamp,
    last_activity_at: Timestamp.nullable(),
  })
  .refine((l) => Boolean(l.email || l.first_name || l.last_name || l.company_name), "A lead needs an email, a name or a company name");

const Preferences = UserSettings.omit({
  full_name: true,
  email: true,
  profile_picture_url: true,
  two_factor_enabled: true,
  accessibility: true,
}).partial();

/** Parents before children: the order rows are written in. */
export const RESTORABLE: Restorable[] = [
  {
    // The definition only: status and sending state are never read, so a campaign that comes back
    // is a draft with no leads, and one that is running or was sent is left as it is.
    name: "campaigns",
    scope: "workspace",
    schema: z.object({
      id: Uuid,
      name: z.string().trim().min(1).max(200),
      steps: z.array(CampaignStep).min(1).max(MAX_STEPS),
      inbox_ids: z.array(Uuid).max(50),
      schedule: CampaignSchedule,
      starts_at: Timestamp.nullable(),
      track_opens: z.boolean(),
      track_clicks: z.boolean(),
      stop_on_reply: z.boolean(),
      created_by: Uuid.nullable(),
      created_at: Timestamp,
      updated_at: Timestamp,
    }),
    refs: { users: [{ column: "created_by", required: false }], lists: [{ column: "inbox_ids", table: "inboxes" }] },
    updatable: sql`t.status = 'draft'`,
  },
  {
    name: "teams",
    scope: "workspace",
    schema: z.object({
      id: Uuid,
      name: z.string().trim().min(1).max(200),
      description: z.string().max(2000).nullable(),
      parent_id: Uuid.nullable(),
      metadata: JsonObject,
      created_at: Timestamp,
      updated_at: Timestamp,
    }),
    refs: { records: [{ column: "parent_id", table: "teams", required: false }] },
  },
  {
    name: "team_members",
    scope: "team",
    schema: z.object({ id: Uuid, team_id: Uuid, user_id: Uuid, created_at: Timestamp }),
    refs: { users: [{ column: "user_id", required: true }], records: [{ column: "team_id", table: "teams", required: true }] },
  },
  {
    name: "team_permissions",
    scope: "team",
    schema: z
      .object({
        id: Uuid,
        team_id: Uuid,
        resource: z.string(),
        action: z.string(),
        effect: z.enum(["allow", "deny"]),
        created_at: Timestamp,
      })
      .refine((p) => Permission.safeParse(`${p.resource}:${p.action}`).success, "Not a resource:action permission"),
    refs: { records: [{ column: "team_id", table: "teams", required: true }] },
    // Restoring grants is managing teams: a settings admin without team:update cannot grant through a file.
    requires: "team:update",
  },
  {
    name: "leads",
    scope: "workspace",
    schema: leadRow,
    refs: {
      users: [
        { column: "owner_id", required: false },
        { column: "created_by", required: false },
      ],
      records: [{ column: "campaign_id", table: "campaigns", required: false }],
    },
  },
  {
    name: "suppressions",
    scope: "workspace",
    schema: z.object({
      id: Uuid,
      email: z.email().max(254).toLowerCase(),
      reason: SuppressionReason,
      detail: z.string().max(2000).nullable(),
      campaign_id: Uuid.nullable(),
      created_at: Timestamp,
    }),
    refs: { records: [{ column: "campaign_id", table: "campaigns", required: false }] },
  },
  {
    name: "user_settings",
    scope: "workspace",
    schema: z.object({
      id: Uuid,
      user_id: Uuid,
      preferences: Preferences,
      accessibility: AccessibilityUpdate,
      created_at: Timestamp,
      updated_at: Timestamp,
    }),
    refs: { users: [{ column: "user_id", required: true }] },
  },
  {
    name: "notifications",
    scope: "workspace",
    schema: z.object({
      id: Uuid,
      user_id: Uuid,
      type: NotificationType,
      title: z.string().max(500),
      message: z.string().max(5000),
      // In-app paths only: a restored notification must not link out of the app.
      link: z
        .string()
        .max(2000)
        .regex(/^\/(?![/\\])/, "A notification links to a page of the app")
        .nullable(),
      read: z.boolean(),
      data: JsonObject.nullable(),
      created_at: Timestamp,
    }),
    refs: { users: [{ column: "user_id", required: true }] },
  },
];

const q = (ident: string) => `"${ident.replaceAll('"', '""')}"`;
const resultRows = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

export interface RestorePlan {
  /** Validated rows per table, only the allow-listed columns, in write order. */
  tables: { spec: Restorable; rows: Row[] }[];
}

/**
 * Parses the file's rows (no database access): unknown tables are refused in files this version
 * wrote and ignored in v1 files (which held every table); unknown columns are never read.
 */
export function parseBackupTables(data: Record<string, unknown>, version: number): RestorePlan {
  const known = new Set(RESTORABLE.map((t) => t.name));
  const unknown = Object.keys(data).filter((name) => !known.has(name));
  if (version >= 2 && unknown.length > 0) {
    throw new RestoreRefused(`The backup holds tables a restore never writes (${unknown.sort().join(", ")})`);
  }
  const tables: RestorePlan["tables"] = [];
  for (const spec of RESTORABLE) {
    const input = data[spec.name] ?? [];
    if (!Array.isArray(input)) throw new RestoreRefused(`The backup's ${spec.name} is not a list of rows`);
    const rows: Row[] = [];
    const ids = new Set<string>();
    input.forEach((raw, i) => {
      const parsed = spec.schema.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new RestoreRefused(`${spec.name} row ${i + 1}: ${issue?.path.join(".") || "row"}: ${issue?.message ?? "invalid"}`);
      }
      const id = parsed.data.id as string;
      if (ids.has(id)) throw new RestoreRefused(`${spec.name} row ${i + 1}: the id ${id} appears twice`);
      ids.add(id);
      rows.push(parsed.data as Row);
    });
    tables.push({ spec, rows });
  }
  return { tables };
}

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
        sql`update ${table} t set ${set} from json_populate_recordset(null::${table}, ${json}::json) r where t.id = r.id and ${owned} and ${spec.updatable ?? sql`true`}`,
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

/** The tables a backup holds. */
export const RESTORABLE_TABLES: ReadonlySet<string> = new Set(RESTORABLE.map((t) => t.name));

/** What a new backup keeps of a workspace dump: the restorable tables and columns only. */
export function restorableDump(dump: Record<string, Row[]>): Record<string, Row[]> {
  const out: Record<string, Row[]> = {};
  for (const spec of RESTORABLE) {
    const columns = columnsOf(spec);
    out[spec.name] = (dump[spec.name] ?? []).map((r) => Object.fromEntries(columns.map((c) => [c, r[c] ?? null])));
  }
  return out;
}
