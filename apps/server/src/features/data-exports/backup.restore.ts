/**
 * What a backup restores, and how: an explicit allow-list of tables and columns, each row parsed
 * with the same zod rules the feature's own create/update use, the workspace forced from the
 * request, and every reference re-checked against the target workspace. Anything else in the file
 * (job tables, server paths, inboxes and their passwords, API keys, audit, outboxes) is never read.
 * Validation runs before the first write and the writes share one transaction, so a refused file
 * leaves the workspace as it was (the writes: backup-restore.repository.ts).
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
import { z } from "zod";

type Row = Record<string, unknown>;

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

export interface Restorable {
  name: string;
  /** Workspace tables carry workspace_id (forced); child tables hang off teams by team_id. */
  scope: "workspace" | "team";
  /** The columns written back (its keys); nothing else in a row is read. */
  schema: z.ZodObject;
  refs: Refs;
  /** Extra permission the caller must hold for these rows to be restored (else they are left out). */
  requires?: string;
  /** Which existing rows a restore may change, as an SQL condition on `t` (default: all of the workspace's). */
  updatable?: string;
}

export const columnsOf = (spec: Restorable) => Object.keys(spec.schema.shape);

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
    updatable: "t.status = 'draft'",
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
