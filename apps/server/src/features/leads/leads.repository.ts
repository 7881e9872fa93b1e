/** Drizzle calls for leads: lookups for duplicates, batch writes, merges, the filtered list, export pages and counts. */
import type { LeadFilters, LeadListQuery, LeadSortField } from "@prospector/contracts";
import { and, arrayOverlaps, asc, count, desc, eq, gt, gte, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { workspaceMembers } from "../organizations/index.ts";
import { FREE_MAIL_DOMAINS } from "./leads.free-mail.ts";
import type { LeadRow, LeadValues } from "./leads.mapper.ts";
import { LEAD_SEARCH_EXPR, leadMerges, leads } from "./leads.table.ts";

/** The database or an open transaction. */
export type Tx = Pick<Db, "select" | "insert" | "update" | "delete" | "execute">;

const INSERT_CHUNK = 1000;

/** Leads holding these addresses (given lower-case, as they are stored). */
export async function findByEmails(tx: Tx, workspaceId: string, emails: string[]): Promise<LeadRow[]> {
  if (emails.length === 0) return [];
  // One array parameter: a 1000-item IN list costs more to send and plan than to run.
  return tx
    .select()
    .from(leads)
    .where(and(eq(leads.workspaceId, workspaceId), sql`${leads.email} = any(${sql.param(emails)}::text[])`));
}

/**
 * Leads with one of these (first name, last name, company), case-insensitive. With `withoutEmail`
 * only leads that have no email: a name match between two different addresses is not a duplicate.
 * The keys are joined as unnested arrays (one index probe each); as a 1000-arm OR the same lookup
 * spent ten times longer being planned.
 */
export async function findByNameKeys(
  tx: Tx,
  workspaceId: string,
  keys: { first: string; last: string; company: string }[],
  withoutEmail: boolean,
): Promise<LeadRow[]> {
  if (keys.length === 0) return [];
  const res = await tx.execute(sql`
    select l.id from unnest(${sql.param(keys.map((k) => k.last))}::text[], ${sql.param(keys.map((k) => k.first))}::text[],
      ${sql.param(keys.map((k) => k.company))}::text[]) as k(last, first, company)
    join leads l on l.workspace_id = ${workspaceId} and lower(l.last_name) = k.last and lower(l.first_name) = k.first
      and lower(l.company_name) = k.company
    ${withoutEmail ? sql`where l.email is null` : sql``}`);
  const ids = (res as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  return getLeads(tx, workspaceId, [...new Set(ids)]);
}

/** Insertable columns: table property, SQL name, element type and the value when a row leaves it out. */
const INSERT_COLUMNS = [
  ["id", "id", "uuid", null],
  ["workspaceId", "workspace_id", "uuid", null],
  ["firstName", "first_name", "text", null],
  ["lastName", "last_name", "text", null],
  ["email", "email", "text", null],
  ["companyName", "company_name", "text", null],
  ["role", "role", "text", null],
  ["industry", "industry", "text", null],
  ["painPoint", "pain_point", "text", null],
  ["companyInsight", "company_insight", "text", null],
  ["campaignId", "campaign_id", "uuid", null],
  ["phone", "phone", "text", null],
  ["website", "website", "text", null],
  ["linkedinUrl", "linkedin_url", "text", null],
  ["city", "city", "text", null],
  ["country", "country", "text", null],
  ["seniority", "seniority", "text", null],
  ["department", "department", "text", null],
  ["source", "source", "text", "manual"],
  ["status", "status", "text", "new"],
  ["score", "score", "int4", null],
  ["scoreBreakdown", "score_breakdown", "jsonb", null],
  ["tags", "tags", "tags", []],
  ["ownerId", "owner_id", "uuid", null],
  ["createdBy", "created_by", "uuid", null],
  ["customFields", "custom_fields", "jsonb", {}],
  ["emailStatus", "email_status", "text", "unknown"],
  ["provenance", "provenance", "jsonb", {}],
  ["lastActivityAt", "last_activity_at", "timestamptz", null],
] as const satisfies readonly (readonly [keyof LeadRow, string, string, unknown])[];

const arrayLiteral = (tags: string[]) => `{${tags.map((t) => `"${t.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(",")}}`;

/**
 * Inserts rows (ids made by the caller) as one statement per 1000 rows, each column sent as one
 * array parameter and unnested: about 3× faster than a VALUES list of 20,000 parameters, which
 * the driver and the server both have to build and parse. Returns the ids actually inserted (a
 * unique clash skips a row).
 */
export async function insertLeads(tx: Tx, rows: (LeadValues & { id: string; workspaceId: string })[]): Promise<Set<string>> {
  const inserted = new Set<string>();
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const chunk = rows.slice(i, i + INSERT_CHUNK);
    const arrays = INSERT_COLUMNS.map(([prop, , type, fallback]) => {
      const values = chunk.map((r) => (r[prop] === undefined ? fallback : r[prop]));
      if (type === "jsonb") return sql`${sql.param(values.map((v) => (v == null ? null : JSON.stringify(v))))}::jsonb[]`;
      if (type === "tags") return sql`${sql.param(values.map((v) => arrayLiteral(v as string[])))}::text[]`;
      if (type === "timestamptz") return sql`${sql.param(values.map((v) => (v instanceof Date ? v.toISOString() : v)))}::timestamptz[]`;
      return sql`${sql.param(values)}::${sql.raw(type)}[]`;
    });
    const names = sql.raw(INSERT_COLUMNS.map(([, name]) => name).join(", "));
    const select = sql.raw(INSERT_COLUMNS.map(([, name, type]) => (type === "tags" ? `${name}::text[]` : name)).join(", "));
    const res = await tx.execute(
      sql`insert into leads (${names}) select ${select} from unnest(${sql.join(arrays, sql`, `)}) as u(${names})
        on conflict do nothing returning id`,
    );
    for (const r of (res as unknown as { rows: { id: string }[] }).rows) inserted.add(r.id);
  }
  return inserted;
}

export async function getLead(tx: Tx, workspaceId: string, id: string): Promise<LeadRow | undefined> {
  const [row] = await tx
    .select()
    .from(leads)
    .where(and(eq(leads.workspaceId, workspaceId), eq(leads.id, id)));
  return row;
}

export async function getLeads(tx: Tx, workspaceId: string, ids: string[]): Promise<LeadRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(leads)
    .where(and(eq(leads.workspaceId, workspaceId), inArray(leads.id, ids)));
}

export async function updateLead(tx: Tx, workspaceId: string, id: string, values: LeadValues): Promise<LeadRow | undefined> {
  const [row] = await tx
    .update(leads)
    .set(values)
    .where(and(eq(leads.workspaceId, workspaceId), eq(leads.id, id)))
    .returning();
  return row;
}

/**
 * Deletes leads; their memberships go by cascade and their outbox rows keep the send without the lead.
 * Run the "leads.removing" hook first (leads.hooks.ts): campaigns and memberships are locked before
 * leads (docs/campaigns.md, "Lock order"). The leads themselves are taken in id
 * order, so two deletes or merges of overlapping leads wait for each other instead of deadlocking.
 */
export async function deleteLeads(tx: Tx, workspaceId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  await tx
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.workspaceId, workspaceId), inArray(leads.id, ids)))
    .orderBy(asc(leads.id))
    .for("update");
  const out = await tx
    .delete(leads)
    .where(and(eq(leads.workspaceId, workspaceId), inArray(leads.id, ids)))
    .returning({ id: leads.id });
  return out.map((r) => r.id);
}

/** The WHERE of a filtered list; exports use the same filters. */
export function filterConditions(workspaceId: string, f: LeadFilters): SQL {
  const conds: SQL[] = [eq(leads.workspaceId, workspaceId)];
  if (f.status?.length) conds.push(inArray(leads.status, f.status));
  if (f.source?.length) conds.push(inArray(leads.source, f.source));
  if (f.email_status?.length) conds.push(inArray(leads.emailStatus, f.email_status));
  if (f.tag?.length) conds.push(arrayOverlaps(leads.tags, f.tag));
  if (f.campaign_id) conds.push(eq(leads.campaignId, f.campaign_id));
  if (f.owner_id) conds.push(eq(leads.ownerId, f.owner_id));
  if (f.search) conds.push(sql`${LEAD_SEARCH_EXPR} ilike ${`%${escapeLike(f.search)}%`}`);
  return and(...conds) as SQL;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Each sort follows an index in either direction. Names and companies read A → Z with empty ones
 * last (Z → A puts them first); scores and activity read high → low with empty ones last.
 */
const SORTS: Record<Exclude<LeadSortField, "relevance">, (dir: "asc" | "desc") => SQL[]> = {
  created_at: (d) => [d === "asc" ? asc(leads.createdAt) : desc(leads.createdAt)],
  updated_at: (d) => [d === "asc" ? asc(leads.updatedAt) : desc(leads.updatedAt)],
  status: (d) => [d === "asc" ? asc(leads.status) : desc(leads.status), desc(leads.createdAt)],
  last_name: (d) => [sql`lower(${leads.lastName}) ${sql.raw(d)}`, sql`lower(${leads.firstName}) ${sql.raw(d)}`],
  company_name: (d) => [sql`lower(${leads.companyName}) ${sql.raw(d)}`],
  // "id … nulls last/first" only mirrors the index's declared order (ids are never null).
  score: (d) =>
    d === "asc"
      ? [sql`${leads.score} asc nulls first, ${leads.id} asc nulls first`]
      : [sql`${leads.score} desc nulls last, ${leads.id} desc nulls last`],
  last_activity_at: (d) =>
    d === "asc"
      ? [sql`${leads.lastActivityAt} asc nulls first, ${leads.id} asc nulls first`]
      : [sql`${leads.lastActivityAt} desc nulls last, ${leads.id} desc nulls last`],
};

export function orderBy(q: Pick<LeadListQuery, "sort" | "order" | "search">): SQL[] {
  const sort = q.sort ?? (q.search ? "relevance" : "created_at");
  // The id (UUIDv7, time-ordered) breaks ties so pages never overlap or skip rows.
  if (sort === "relevance") {
    if (!q.search) return [desc(leads.createdAt), desc(leads.id)];
    return [sql`word_similarity(${q.search}, ${LEAD_SEARCH_EXPR}) desc`, desc(leads.createdAt), desc(leads.id)];
  }
  const dir = q.order ?? (sort === "last_name" || sort === "company_name" ? "asc" : "desc");
  return [...SORTS[sort](dir), dir === "asc" ? asc(leads.id) : desc(leads.id)];
}

export async function listLeads(db: Tx, workspaceId: string, q: LeadListQuery): Promise<{ rows: LeadRow[]; total: number }> {
  const where = filterConditions(workspaceId, q);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(leads)
      .where(where)
      .orderBy(...orderBy(q))
      .limit(q.limit)
      .offset(q.skip),
    db.select({ n: count() }).from(leads).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function countSince(db: Tx, workspaceId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(leads)
    .where(and(eq(leads.workspaceId, workspaceId), gte(leads.createdAt, since)));
  return row?.n ?? 0;
}

/** Whether the user is a member of the workspace (a lead's owner must be). */
export async function isWorkspaceMember(tx: Tx, workspaceId: string, userId: string): Promise<boolean> {
  const [member] = await tx
    .select({ id: workspaceMembers.id })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  return Boolean(member);
}

export async function insertLead(tx: Tx, values: LeadValues & { id: string; workspaceId: string }): Promise<LeadRow> {
  const [row] = await tx.insert(leads).values(values).returning();
  return row as LeadRow;
}

/** Records that a field's current value came from `source` at `at`, without changing the value. */
export async function addProvenance(db: Tx, leadId: string, entry: Record<string, unknown>, workspaceId?: string): Promise<void> {
  const json = JSON.stringify(entry);
  await db
    .update(leads)
    .set({ provenance: sql`${leads.provenance} || ${json}::jsonb` })
    .where(workspaceId ? sql`${leads.id} = ${leadId} and ${leads.workspaceId} = ${workspaceId}` : sql`${leads.id} = ${leadId}`);
}

/** A page of a filtered list in id order after `after` (keyset), for exports. */
export async function pageAfter(db: Tx, workspaceId: string, f: LeadFilters, after: string | null, limit: number): Promise<LeadRow[]> {
  const where = filterConditions(workspaceId, f);
  return db
    .select()
    .from(leads)
    .where(after ? and(where, gt(leads.id, after)) : where)
    .orderBy(asc(leads.id))
    .limit(limit);
}

/** Locks these leads of the workspace in id order and returns them as they are now. */
export async function lockLeads(tx: Tx, workspaceId: string, ids: string[]): Promise<LeadRow[]> {
  return tx
    .select()
    .from(leads)
    .where(sql`${leads.workspaceId} = ${workspaceId} and ${inArray(leads.id, ids)}`)
    .orderBy(asc(leads.id))
    .for("update");
}

/** Deletes leads already locked by the caller (lockLeads). */
export async function deleteLockedLeads(tx: Tx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(leads).where(inArray(leads.id, ids));
}

/** Writes a merged lead over the kept one (already locked by the caller). */
export async function overwriteLead(tx: Tx, id: string, values: LeadValues): Promise<LeadRow | undefined> {
  const [row] = await tx.update(leads).set(values).where(eq(leads.id, id)).returning();
  return row;
}

export async function insertMerge(tx: Tx, values: typeof leadMerges.$inferInsert): Promise<void> {
  await tx.insert(leadMerges).values(values);
}

/** john.doe+news@googlemail.com → johndoe@gmail.com; other domains lose only the +tag. */
const EMAIL_KEY = sql.raw(`case when email is null then null
  when split_part(lower(email), '@', 2) in ('gmail.com', 'googlemail.com')
    then replace(split_part(split_part(lower(email), '@', 1), '+', 1), '.', '') || '@gmail.com'
  else split_part(split_part(lower(email), '@', 1), '+', 1) || '@' || split_part(lower(email), '@', 2) end`);
const DOMAIN_SQL = `coalesce(
  nullif(lower(regexp_replace(website, '^[a-z]+://(www\\.)?([^/:?#]+).*$', '\\2', 'i')), ''),
  case when split_part(lower(email), '@', 2) not in (${FREE_MAIL_DOMAINS.map((d) => `'${d}'`).join(", ")}) then nullif(split_part(lower(email), '@', 2), '') end)`;
/** "ann lee|acme.com": full name at a company domain (from the website, else a non-freemail email). */
const NAME_KEY = sql.raw(`case when nullif(trim(first_name), '') is null or nullif(trim(last_name), '') is null then null
  else lower(trim(first_name)) || ' ' || lower(trim(last_name)) || '|' || ${DOMAIN_SQL} end`);

export interface DuplicateKeyRow {
  id: string;
  /** The normalized email key and how many leads share it. */
  ek: string | null;
  ec: string | number;
  /** The name-at-company key and how many leads share it. */
  nk: string | null;
  nc: string | number;
}

/** Leads that share an email key or a name-at-company key with another, oldest first. */
export async function duplicateKeyRows(db: Tx, workspaceId: string): Promise<DuplicateKeyRow[]> {
  const res = await db.execute(sql`
    with k as (
      select id, created_at, ${EMAIL_KEY} as ek, ${NAME_KEY} as nk from leads where workspace_id = ${workspaceId}
    ), c as (
      select id, created_at, ek, nk, count(*) over (partition by ek) as ec, count(*) over (partition by nk) as nc from k
    )
    select id, ek, nk, ec, nc from c where (ek is not null and ec > 1) or (nk is not null and nc > 1) order by created_at, id`);
  return (res as unknown as { rows: DuplicateKeyRow[] }).rows;
}

/** One row of counts for the quality report: filled fields, score buckets, email statuses, stale leads. */
export async function qualityCounts(
  db: Tx,
  workspaceId: string,
  opts: { fields: readonly string[]; buckets: readonly (readonly [number, number])[]; staleDays: number },
): Promise<Record<string, string | number>> {
  const filledCols = opts.fields.map((f) => `count(*) filter (where nullif(trim(${f}), '') is not null) as "${f}"`).join(", ");
  const bucketCols = opts.buckets.map(([lo, hi]) => `count(*) filter (where score between ${lo} and ${hi}) as "b${lo}"`).join(", ");
  const res = await db.execute(sql`
    select count(*) as total, ${sql.raw(filledCols)}, ${sql.raw(bucketCols)},
      count(*) filter (where cardinality(tags) > 0) as tags,
      count(*) filter (where email_status = 'valid') as s_valid,
      count(*) filter (where email_status = 'risky') as s_risky,
      count(*) filter (where email_status = 'invalid') as s_invalid,
      count(*) filter (where email_status = 'unknown') as s_unknown,
      count(*) filter (where email is null) as no_email,
      count(*) filter (where coalesce(last_activity_at, created_at) < now() - make_interval(days => ${opts.staleDays})) as stale,
      count(*) filter (where score is null) as unscored
    from leads where workspace_id = ${workspaceId}`);
  return (res as unknown as { rows: Record<string, string | number>[] }).rows[0] ?? {};
}
