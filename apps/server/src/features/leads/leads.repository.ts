/** Drizzle calls for leads: lookups for duplicates, batch writes, the filtered list and counts. */
import type { LeadFilters, LeadListQuery } from "@prospector/contracts";
import { and, arrayOverlaps, asc, count, desc, eq, gte, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { LeadRow, LeadValues } from "./leads.mapper.ts";
import { LEAD_SEARCH_EXPR } from "./leads.search.ts";
import { leads } from "./leads.table.ts";

/** The database or an open transaction. */
export type Tx = Pick<Db, "select" | "insert" | "update" | "delete" | "execute">;

const INSERT_CHUNK = 1000;

export async function findByEmails(tx: Tx, workspaceId: string, emails: string[]): Promise<LeadRow[]> {
  if (emails.length === 0) return [];
  return tx
    .select()
    .from(leads)
    .where(and(eq(leads.workspaceId, workspaceId), sql`${leads.email} is not null`, inArray(sql`lower(${leads.email})`, emails)));
}

/** Candidates for a name + company match: same last and first name (case-insensitive). */
export async function findByNames(tx: Tx, workspaceId: string, lastNames: string[], firstNames: string[]): Promise<LeadRow[]> {
  if (lastNames.length === 0) return [];
  return tx
    .select()
    .from(leads)
    .where(
      and(
        eq(leads.workspaceId, workspaceId),
        inArray(sql`lower(${leads.lastName})`, lastNames),
        inArray(sql`lower(${leads.firstName})`, firstNames),
      ),
    );
}

/** Inserts rows (ids made by the caller); returns the ids actually inserted (a unique clash skips a row). */
export async function insertLeads(tx: Tx, rows: (LeadValues & { id: string; workspaceId: string })[]): Promise<Set<string>> {
  const inserted = new Set<string>();
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const chunk = rows.slice(i, i + INSERT_CHUNK);
    const out = await tx.insert(leads).values(chunk).onConflictDoNothing().returning({ id: leads.id });
    for (const r of out) inserted.add(r.id);
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

export async function deleteLeads(tx: Tx, workspaceId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
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

const SORT_COLUMNS = {
  created_at: leads.createdAt,
  updated_at: leads.updatedAt,
  last_activity_at: leads.lastActivityAt,
  first_name: sql`lower(${leads.firstName})`,
  last_name: sql`lower(${leads.lastName})`,
  email: sql`lower(${leads.email})`,
  company_name: sql`lower(${leads.companyName})`,
  score: leads.score,
  status: leads.status,
} as const;

export function orderBy(q: Pick<LeadListQuery, "sort" | "order" | "search">): SQL[] {
  const dir = q.order === "asc" ? asc : desc;
  const sort = q.sort ?? (q.search ? "relevance" : "created_at");
  // The id (UUIDv7, time-ordered) breaks ties so pages never overlap or skip rows.
  if (sort === "relevance") {
    if (!q.search) return [desc(leads.createdAt), desc(leads.id)];
    return [sql`word_similarity(${q.search}, ${LEAD_SEARCH_EXPR}) desc`, desc(leads.createdAt), desc(leads.id)];
  }
  // Empty values go last in both directions: people sort to see the leads that have a value.
  return [sql`${SORT_COLUMNS[sort]} ${q.order === "asc" ? sql`asc` : sql`desc`} nulls last`, dir(leads.id)];
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
