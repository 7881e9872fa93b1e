/** Drizzle calls for deals: the filtered list, single rows, board positions, stage history and customer links. */
import type { DealListQuery, DealSortField, DealStatus } from "@prospector/contracts";
import { aliasedTable, and, asc, count, desc, eq, gt, inArray, lt, max, min, type SQL, sql } from "drizzle-orm";
import type { DealRow, DealValues, HistoryRow } from "./crm.mapper.ts";
import type { Tx } from "./crm.stages.repository.ts";
import { crmDealStageHistory, crmDeals, crmStages, DEAL_SEARCH_EXPR } from "./crm.table.ts";

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const STATUS_SQL: Record<DealStatus, SQL> = {
  won: sql`s.is_won`,
  lost: sql`s.is_lost`,
  open: sql`not s.is_won and not s.is_lost`,
};

/**
 * The WHERE of the list. Status is the stage's outcome, asked of the workspace's few stages; the
 * search is an ILIKE on DEAL_SEARCH_EXPR, which crm_deals_search_trgm_idx serves.
 */
function filterConditions(workspaceId: string, q: DealListQuery): SQL {
  const conds: SQL[] = [eq(crmDeals.workspaceId, workspaceId)];
  if (q.stage_id?.length) conds.push(inArray(crmDeals.stageId, q.stage_id));
  if (q.status?.length) {
    const any = sql.join(
      q.status.map((s) => STATUS_SQL[s]),
      sql` or `,
    );
    conds.push(sql`${crmDeals.stageId} in (select s.id from crm_stages s where s.workspace_id = ${workspaceId} and (${any}))`);
  }
  if (q.owner_id) conds.push(eq(crmDeals.ownerId, q.owner_id));
  if (q.customer_id) conds.push(eq(crmDeals.customerId, q.customer_id));
  if (q.search) conds.push(sql`${DEAL_SEARCH_EXPR} ilike ${`%${escapeLike(q.search.toLowerCase())}%`}`);
  return and(...conds) as SQL;
}

/** Each sort follows an index (crm_deals_ws_*_idx); the id breaks ties so pages never overlap. */
const SORTS: Record<Exclude<DealSortField, "relevance">, (d: "asc" | "desc") => SQL[]> = {
  created_at: (d) => [d === "asc" ? asc(crmDeals.createdAt) : desc(crmDeals.createdAt)],
  updated_at: (d) => [d === "asc" ? asc(crmDeals.updatedAt) : desc(crmDeals.updatedAt)],
  value: (d) => [d === "asc" ? asc(crmDeals.value) : desc(crmDeals.value)],
  expected_close_date: (d) => [sql`${crmDeals.expectedCloseDate} ${sql.raw(d)} nulls last`],
  position: (d) => [
    d === "asc" ? asc(crmDeals.stageId) : desc(crmDeals.stageId),
    d === "asc" ? asc(crmDeals.position) : desc(crmDeals.position),
  ],
};

function orderBy(q: DealListQuery): SQL[] {
  const sort = q.sort ?? (q.search ? "relevance" : "created_at");
  if (sort === "relevance") {
    if (!q.search) return [desc(crmDeals.createdAt), desc(crmDeals.id)];
    return [sql`word_similarity(${q.search.toLowerCase()}, ${DEAL_SEARCH_EXPR}) desc`, desc(crmDeals.createdAt), desc(crmDeals.id)];
  }
  const dir = q.order ?? (sort === "position" || sort === "expected_close_date" ? "asc" : "desc");
  return [...SORTS[sort](dir), dir === "asc" ? asc(crmDeals.id) : desc(crmDeals.id)];
}

export async function listDeals(db: Tx, workspaceId: string, q: DealListQuery): Promise<{ rows: DealRow[]; total: number }> {
  const where = filterConditions(workspaceId, q);
  if (q.search && (q.sort ?? "relevance") === "relevance") {
    // Ranking reads every match anyway: count them in the same pass instead of a second index scan.
    const ranked = await db
      .select({ row: crmDeals, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(crmDeals)
      .where(where)
      .orderBy(...orderBy(q))
      .limit(q.limit)
      .offset(q.skip);
    if (ranked.length > 0) return { rows: ranked.map((r) => r.row), total: ranked[0]?.total ?? 0 };
    if (q.skip === 0) return { rows: [], total: 0 };
  }
  // One after the other: a transaction's client runs one query at a time.
  const rows = await db
    .select()
    .from(crmDeals)
    .where(where)
    .orderBy(...orderBy(q))
    .limit(q.limit)
    .offset(q.skip);
  const [total] = await db.select({ n: count() }).from(crmDeals).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function getDeal(db: Tx, workspaceId: string, id: string): Promise<DealRow | undefined> {
  const [row] = await db
    .select()
    .from(crmDeals)
    .where(and(eq(crmDeals.workspaceId, workspaceId), eq(crmDeals.id, id)));
  return row;
}

export async function lockDeal(tx: Tx, workspaceId: string, id: string): Promise<DealRow | undefined> {
  const [row] = await tx
    .select()
    .from(crmDeals)
    .where(and(eq(crmDeals.workspaceId, workspaceId), eq(crmDeals.id, id)))
    .for("update");
  return row;
}

export async function getDeals(db: Tx, workspaceId: string, ids: string[]): Promise<DealRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(crmDeals)
    .where(and(eq(crmDeals.workspaceId, workspaceId), inArray(crmDeals.id, ids)));
}

export async function insertDeal(tx: Tx, values: typeof crmDeals.$inferInsert): Promise<DealRow> {
  const [row] = await tx.insert(crmDeals).values(values).returning();
  return row as DealRow;
}

export async function updateDeal(tx: Tx, workspaceId: string, id: string, values: DealValues): Promise<DealRow | undefined> {
  const [row] = await tx
    .update(crmDeals)
    .set(values)
    .where(and(eq(crmDeals.workspaceId, workspaceId), eq(crmDeals.id, id)))
    .returning();
  return row;
}

/** Deletes deals (their stage history goes by cascade, tasks and interactions lose the link). */
export async function deleteDeals(tx: Tx, workspaceId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const out = await tx
    .delete(crmDeals)
    .where(and(eq(crmDeals.workspaceId, workspaceId), inArray(crmDeals.id, ids)))
    .returning({ id: crmDeals.id });
  return out.map((r) => r.id);
}

export async function insertHistory(tx: Tx, values: typeof crmDealStageHistory.$inferInsert): Promise<void> {
  await tx.insert(crmDealStageHistory).values(values);
}

const fromStage = aliasedTable(crmStages, "from_stage");
const toStage = aliasedTable(crmStages, "to_stage");

/** The stages a deal entered, oldest first, with the stages' current names. */
export async function dealHistory(db: Tx, workspaceId: string, dealId: string): Promise<HistoryRow[]> {
  return db
    .select({
      id: crmDealStageHistory.id,
      fromStageId: crmDealStageHistory.fromStageId,
      fromStage: fromStage.name,
      toStageId: crmDealStageHistory.toStageId,
      toStage: toStage.name,
      changedBy: crmDealStageHistory.changedBy,
      changedAt: crmDealStageHistory.changedAt,
    })
    .from(crmDealStageHistory)
    .leftJoin(fromStage, eq(fromStage.id, crmDealStageHistory.fromStageId))
    .leftJoin(toStage, eq(toStage.id, crmDealStageHistory.toStageId))
    .where(and(eq(crmDealStageHistory.workspaceId, workspaceId), eq(crmDealStageHistory.dealId, dealId)))
    .orderBy(asc(crmDealStageHistory.changedAt), asc(crmDealStageHistory.id));
}

/** The highest board position in a stage's column, or null for an empty column. */
export async function lastPosition(db: Tx, workspaceId: string, stageId: string): Promise<number | null> {
  const [row] = await db
    .select({ p: max(crmDeals.position) })
    .from(crmDeals)
    .where(and(eq(crmDeals.workspaceId, workspaceId), eq(crmDeals.stageId, stageId)));
  return row?.p ?? null;
}

/** The nearest position above (prev) or below (next) `position` in a column, other than the deal itself. */
export async function neighbour(
  db: Tx,
  workspaceId: string,
  stageId: string,
  position: number,
  side: "prev" | "next",
  exceptId: string,
): Promise<number | null> {
  const [row] = await db
    .select({ p: side === "prev" ? max(crmDeals.position) : min(crmDeals.position) })
    .from(crmDeals)
    .where(
      and(
        eq(crmDeals.workspaceId, workspaceId),
        eq(crmDeals.stageId, stageId),
        side === "prev" ? lt(crmDeals.position, position) : gt(crmDeals.position, position),
        sql`${crmDeals.id} <> ${exceptId}`,
      ),
    );
  return row?.p ?? null;
}

/** Spreads a column's positions evenly (1024 apart) in their current order, when two got too close to split. */
export async function respaceColumn(tx: Tx, workspaceId: string, stageId: string): Promise<void> {
  await tx.execute(sql`
    update crm_deals d set position = r.rn * 1024
    from (select id, row_number() over (order by position, id) as rn from crm_deals
          where workspace_id = ${workspaceId} and stage_id = ${stageId}) r
    where d.id = r.id`);
}

/**
 * A stage became won/lost (closed) or open again: its deals' closed_at follows, as if each had
 * just entered it (a deal already closed keeps its date).
 */
export async function syncClosedAt(tx: Tx, workspaceId: string, stageId: string, closed: boolean): Promise<void> {
  await tx
    .update(crmDeals)
    .set({ closedAt: closed ? sql`coalesce(${crmDeals.closedAt}, now())` : null })
    .where(and(eq(crmDeals.workspaceId, workspaceId), eq(crmDeals.stageId, stageId)));
}
