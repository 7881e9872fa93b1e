/** Drizzle calls for customers: the filtered list, single rows, their deals (counts, open value, detach, delete) and members. */
import type { CustomerListQuery, CustomerSortField } from "@prospector/contracts";
import { and, arrayOverlaps, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { workspaceMembers } from "../organizations/index.ts";
import type { CustomerRow, CustomerValues, OpenTotals } from "./crm.mapper.ts";
import type { Tx } from "./crm.stages.repository.ts";
import { CUSTOMER_SEARCH_EXPR, crmCustomers, crmDeals, crmStages } from "./crm.table.ts";

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The search is an ILIKE on CUSTOMER_SEARCH_EXPR, which crm_customers_search_trgm_idx serves. */
function filterConditions(workspaceId: string, q: CustomerListQuery): SQL {
  const conds: SQL[] = [eq(crmCustomers.workspaceId, workspaceId)];
  if (q.owner_id) conds.push(eq(crmCustomers.ownerId, q.owner_id));
  if (q.lead_id) conds.push(eq(crmCustomers.leadId, q.lead_id));
  if (q.tag?.length) conds.push(arrayOverlaps(crmCustomers.tags, q.tag));
  if (q.search) conds.push(sql`${CUSTOMER_SEARCH_EXPR} ilike ${`%${escapeLike(q.search.toLowerCase())}%`}`);
  return and(...conds) as SQL;
}

const SORTS: Record<Exclude<CustomerSortField, "relevance">, (d: "asc" | "desc") => SQL[]> = {
  created_at: (d) => [d === "asc" ? asc(crmCustomers.createdAt) : desc(crmCustomers.createdAt)],
  name: (d) => [sql`lower(${crmCustomers.name}) ${sql.raw(d)}`],
};

function orderBy(q: CustomerListQuery): SQL[] {
  const sort = q.sort ?? (q.search ? "relevance" : "created_at");
  if (sort === "relevance") {
    if (!q.search) return [desc(crmCustomers.createdAt), desc(crmCustomers.id)];
    return [
      sql`word_similarity(${q.search.toLowerCase()}, ${CUSTOMER_SEARCH_EXPR}) desc`,
      desc(crmCustomers.createdAt),
      desc(crmCustomers.id),
    ];
  }
  const dir = q.order ?? (sort === "name" ? "asc" : "desc");
  return [...SORTS[sort](dir), dir === "asc" ? asc(crmCustomers.id) : desc(crmCustomers.id)];
}

export async function listCustomers(db: Tx, workspaceId: string, q: CustomerListQuery): Promise<{ rows: CustomerRow[]; total: number }> {
  const where = filterConditions(workspaceId, q);
  if (q.search && (q.sort ?? "relevance") === "relevance") {
    // Ranking reads every match anyway: count them in the same pass instead of a second index scan.
    const ranked = await db
      .select({ row: crmCustomers, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(crmCustomers)
      .where(where)
      .orderBy(...orderBy(q))
      .limit(q.limit)
      .offset(q.skip);
    if (ranked.length > 0) return { rows: ranked.map((r) => r.row), total: ranked[0]?.total ?? 0 };
    if (q.skip === 0) return { rows: [], total: 0 };
  }
  const rows = await db
    .select()
    .from(crmCustomers)
    .where(where)
    .orderBy(...orderBy(q))
    .limit(q.limit)
    .offset(q.skip);
  const [total] = await db.select({ n: count() }).from(crmCustomers).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function getCustomer(db: Tx, workspaceId: string, id: string): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(crmCustomers)
    .where(and(eq(crmCustomers.workspaceId, workspaceId), eq(crmCustomers.id, id)));
  return row;
}

export async function customerByLead(db: Tx, workspaceId: string, leadId: string): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(crmCustomers)
    .where(and(eq(crmCustomers.workspaceId, workspaceId), eq(crmCustomers.leadId, leadId)));
  return row;
}

/** A customer with this address that is not linked to a lead yet (crm_customers_ws_email_idx). */
export async function unlinkedCustomerByEmail(db: Tx, workspaceId: string, email: string): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(crmCustomers)
    .where(
      and(
        eq(crmCustomers.workspaceId, workspaceId),
        sql`lower(${crmCustomers.email}) = ${email.toLowerCase()}`,
        sql`${crmCustomers.leadId} is null`,
      ),
    )
    .orderBy(asc(crmCustomers.createdAt))
    .limit(1);
  return row;
}

/** Names of these customers of the workspace, by id (for deal lists). */
export async function customerNames(db: Tx, workspaceId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: crmCustomers.id, name: crmCustomers.name })
    .from(crmCustomers)
    .where(and(eq(crmCustomers.workspaceId, workspaceId), inArray(crmCustomers.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function insertCustomer(tx: Tx, values: typeof crmCustomers.$inferInsert): Promise<CustomerRow> {
  const [row] = await tx.insert(crmCustomers).values(values).returning();
  return row as CustomerRow;
}

export async function updateCustomer(tx: Tx, workspaceId: string, id: string, values: CustomerValues): Promise<CustomerRow | undefined> {
  const [row] = await tx
    .update(crmCustomers)
    .set(values)
    .where(and(eq(crmCustomers.workspaceId, workspaceId), eq(crmCustomers.id, id)))
    .returning();
  return row;
}

/** Locks these customers of the workspace in id order (two deletes of overlapping sets wait, never deadlock). */
export async function lockCustomers(tx: Tx, workspaceId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: crmCustomers.id })
    .from(crmCustomers)
    .where(and(eq(crmCustomers.workspaceId, workspaceId), inArray(crmCustomers.id, ids)))
    .orderBy(asc(crmCustomers.id))
    .for("update");
  return rows.map((r) => r.id);
}

export async function deleteCustomers(tx: Tx, workspaceId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(crmCustomers).where(and(eq(crmCustomers.workspaceId, workspaceId), inArray(crmCustomers.id, ids)));
}

/** How many deals these customers have (crm_deals_customer_idx). */
export async function countDealsOf(db: Tx, workspaceId: string, customerIds: string[]): Promise<number> {
  if (customerIds.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(crmDeals)
    .where(and(eq(crmDeals.workspaceId, workspaceId), inArray(crmDeals.customerId, customerIds)));
  return row?.n ?? 0;
}

export async function detachDealsOf(tx: Tx, workspaceId: string, customerIds: string[]): Promise<number> {
  if (customerIds.length === 0) return 0;
  const out = await tx
    .update(crmDeals)
    .set({ customerId: null })
    .where(and(eq(crmDeals.workspaceId, workspaceId), inArray(crmDeals.customerId, customerIds)))
    .returning({ id: crmDeals.id });
  return out.length;
}

export async function deleteDealsOf(tx: Tx, workspaceId: string, customerIds: string[]): Promise<number> {
  if (customerIds.length === 0) return 0;
  const out = await tx
    .delete(crmDeals)
    .where(and(eq(crmDeals.workspaceId, workspaceId), inArray(crmDeals.customerId, customerIds)))
    .returning({ id: crmDeals.id });
  return out.length;
}

/** Open deals (stage neither won nor lost) of these customers: count and value per currency. */
export async function openTotals(db: Tx, workspaceId: string, customerIds: string[]): Promise<Map<string, OpenTotals>> {
  const out = new Map<string, OpenTotals>();
  if (customerIds.length === 0) return out;
  const rows = await db
    .select({ customerId: crmDeals.customerId, currency: crmDeals.currency, n: count(), value: sql<string>`sum(${crmDeals.value})` })
    .from(crmDeals)
    .innerJoin(crmStages, eq(crmStages.id, crmDeals.stageId))
    .where(
      and(
        eq(crmDeals.workspaceId, workspaceId),
        inArray(crmDeals.customerId, customerIds),
        eq(crmStages.isWon, false),
        eq(crmStages.isLost, false),
      ),
    )
    .groupBy(crmDeals.customerId, crmDeals.currency);
  for (const r of rows) {
    const t = out.get(r.customerId as string) ?? { count: 0, value: {} };
    t.count += r.n;
    t.value[r.currency] = Number(r.value);
    out.set(r.customerId as string, t);
  }
  return out;
}

/** Whether the user is a member of the workspace (an owner must be). */
export async function isWorkspaceMember(db: Tx, workspaceId: string, userId: string): Promise<boolean> {
  const [member] = await db
    .select({ id: workspaceMembers.id })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  return Boolean(member);
}
