/**
 * Drizzle calls for bulk operations: the operation rows, their items, and the few direct writes an
 * operation makes to leads and memberships (tags, status, restoring a deleted lead) so that a chunk
 * and its bookkeeping commit together. Every operation query names its workspace.
 */
import type { BulkItemListQuery, BulkItemStatus, BulkOperationListQuery } from "@prospector/contracts";
import { and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { campaignEvents, campaignLeads, campaignMessages, campaigns } from "../campaigns/index.ts";
import { type LeadRow, leads } from "../leads/index.ts";
import { bulkOperationItems, bulkOperations } from "./bulk-operations.table.ts";

export type Tx = Pick<Db, "select" | "insert" | "update" | "delete" | "execute">;
export type OperationRow = typeof bulkOperations.$inferSelect;
export type OperationValues = Partial<typeof bulkOperations.$inferInsert>;
export type ItemRow = typeof bulkOperationItems.$inferSelect;
export type MembershipRow = typeof campaignLeads.$inferSelect;

export async function insertOperation(db: Tx, values: typeof bulkOperations.$inferInsert): Promise<OperationRow> {
  const [row] = await db.insert(bulkOperations).values(values).returning();
  return row!;
}

export async function getOperation(
  db: Tx,
  workspaceId: string,
  id: string,
  opts: { lock?: boolean } = {},
): Promise<OperationRow | undefined> {
  const q = db
    .select()
    .from(bulkOperations)
    .where(and(eq(bulkOperations.workspaceId, workspaceId), eq(bulkOperations.id, id)));
  const [row] = opts.lock ? await q.for("update") : await q;
  return row;
}

export async function getOperationById(db: Tx, id: string): Promise<OperationRow | undefined> {
  const [row] = await db.select().from(bulkOperations).where(eq(bulkOperations.id, id));
  return row;
}

/** Never null (undo_status mostly is), so `not ACTIVE` is the history. */
const ACTIVE: SQL = sql`(${bulkOperations.status} in ('queued', 'running') or coalesce(${bulkOperations.undoStatus}, '') = 'running')`;

export async function listOperations(
  db: Tx,
  workspaceId: string,
  q: BulkOperationListQuery,
): Promise<{ rows: OperationRow[]; total: number }> {
  const conds: SQL[] = [eq(bulkOperations.workspaceId, workspaceId)];
  if (q.state === "active") conds.push(ACTIVE);
  if (q.state === "history") conds.push(sql`not ${ACTIVE}`);
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(bulkOperations)
      .where(where)
      .orderBy(desc(bulkOperations.createdAt), desc(bulkOperations.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db.select({ n: count() }).from(bulkOperations).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function updateOperation(db: Tx, id: string, values: OperationValues): Promise<OperationRow | undefined> {
  const [row] = await db.update(bulkOperations).set(values).where(eq(bulkOperations.id, id)).returning();
  return row;
}

/** Cancels a queued or running operation; undefined when it had already finished. */
export async function cancelOperation(
  db: Tx,
  workspaceId: string,
  id: string,
  now: Date,
  undoWindowMs: number,
): Promise<OperationRow | undefined> {
  const [row] = await db
    .update(bulkOperations)
    // What it did before the cancel can be undone for the same window as a finished operation.
    .set({
      status: "cancelled",
      finishedAt: now,
      undoUntil: sql`case when ${bulkOperations.undoable} then ${new Date(now.getTime() + undoWindowMs)}::timestamptz end`,
    })
    .where(
      and(eq(bulkOperations.workspaceId, workspaceId), eq(bulkOperations.id, id), inArray(bulkOperations.status, ["queued", "running"])),
    )
    .returning();
  return row;
}

/** Operations a crash may have left behind: queued, running or undoing, and untouched since `before`. */
export async function staleOperations(db: Tx, before: Date): Promise<OperationRow[]> {
  return db
    .select()
    .from(bulkOperations)
    .where(and(ACTIVE, lt(bulkOperations.updatedAt, before)))
    .limit(100);
}

/** Operations whose undo window ended but whose items still hold snapshots. */
export async function expiredWithSnapshots(db: Tx, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: bulkOperations.id })
    .from(bulkOperations)
    .where(
      and(
        lt(bulkOperations.undoUntil, now),
        eq(bulkOperations.undoable, true),
        sql`${bulkOperations.undoStatus} is distinct from 'running'`,
        sql`exists (select 1 from ${bulkOperationItems} i where i.operation_id = ${bulkOperations.id} and i.previous is not null)`,
      ),
    )
    .limit(100);
  return rows.map((r) => r.id);
}

export async function clearSnapshots(db: Tx, operationId: string): Promise<void> {
  await db.update(bulkOperationItems).set({ previous: null }).where(eq(bulkOperationItems.operationId, operationId));
}

// Items

export async function insertItems(
  db: Tx,
  operationId: string,
  items: { seq: number; targetId: string; label: string; status?: BulkItemStatus; error?: string | null }[],
): Promise<void> {
  if (items.length === 0) return;
  await db
    .insert(bulkOperationItems)
    .values(items.map((i) => ({ operationId, ...i })))
    .onConflictDoNothing();
}

export async function deleteItems(db: Tx, operationId: string): Promise<void> {
  await db.delete(bulkOperationItems).where(eq(bulkOperationItems.operationId, operationId));
}

/** Items from `fromSeq` on, in order (the next chunk). */
export async function itemsFrom(db: Tx, operationId: string, fromSeq: number, limit: number, status?: BulkItemStatus): Promise<ItemRow[]> {
  const conds = [eq(bulkOperationItems.operationId, operationId), gte(bulkOperationItems.seq, fromSeq)];
  if (status) conds.push(eq(bulkOperationItems.status, status));
  return db
    .select()
    .from(bulkOperationItems)
    .where(and(...conds))
    .orderBy(asc(bulkOperationItems.seq))
    .limit(limit);
}

export async function updateItem(
  db: Tx,
  operationId: string,
  seq: number,
  values: Partial<Pick<ItemRow, "status" | "error" | "previous" | "undoError">>,
): Promise<void> {
  await db
    .update(bulkOperationItems)
    .set(values)
    .where(and(eq(bulkOperationItems.operationId, operationId), eq(bulkOperationItems.seq, seq)));
}

export async function countItems(db: Tx, operationId: string): Promise<Record<BulkItemStatus, number>> {
  const rows = await db
    .select({ status: bulkOperationItems.status, n: count() })
    .from(bulkOperationItems)
    .where(eq(bulkOperationItems.operationId, operationId))
    .groupBy(bulkOperationItems.status);
  const out: Record<BulkItemStatus, number> = { pending: 0, succeeded: 0, failed: 0, undone: 0, undo_failed: 0 };
  for (const r of rows) out[r.status] = r.n;
  return out;
}

export async function listItems(db: Tx, operationId: string, q: BulkItemListQuery): Promise<{ rows: ItemRow[]; total: number }> {
  const where = q.status
    ? and(eq(bulkOperationItems.operationId, operationId), eq(bulkOperationItems.status, q.status))
    : eq(bulkOperationItems.operationId, operationId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(bulkOperationItems)
      .where(where)
      .orderBy(asc(bulkOperationItems.seq))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db.select({ n: count() }).from(bulkOperationItems).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// Targets

export const leadLabel = (r: Pick<LeadRow, "firstName" | "lastName" | "email" | "companyName">): string => {
  const name = [r.firstName, r.lastName].filter(Boolean).join(" ");
  return [name, r.email && `<${r.email}>`].filter(Boolean).join(" ") || r.companyName || "(unnamed lead)";
};

/** The workspace's leads among these ids, with a label each. */
export async function leadLabels(db: Tx, workspaceId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: leads.id, firstName: leads.firstName, lastName: leads.lastName, email: leads.email, companyName: leads.companyName })
    .from(leads)
    .where(and(eq(leads.workspaceId, workspaceId), inArray(leads.id, ids)));
  return new Map(rows.map((r) => [r.id, leadLabel(r)]));
}

export async function campaignNames(db: Tx, workspaceId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: campaigns.id, name: campaigns.name })
    .from(campaigns)
    .where(and(eq(campaigns.workspaceId, workspaceId), inArray(campaigns.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function campaignStatus(db: Tx, workspaceId: string, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ status: campaigns.status })
    .from(campaigns)
    .where(and(eq(campaigns.workspaceId, workspaceId), eq(campaigns.id, id)));
  return row?.status;
}

/** Locks these leads of the workspace in id order (the leads' documented lock order) and returns them. */
export async function lockLeads(tx: Tx, workspaceId: string, ids: string[]): Promise<LeadRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(leads)
    .where(and(eq(leads.workspaceId, workspaceId), inArray(leads.id, ids)))
    .orderBy(asc(leads.id))
    .for("update");
}

export async function setLeadFields(
  tx: Tx,
  workspaceId: string,
  id: string,
  values: Partial<Pick<LeadRow, "tags" | "status" | "campaignId">>,
): Promise<void> {
  await tx
    .update(leads)
    .set(values)
    .where(and(eq(leads.workspaceId, workspaceId), eq(leads.id, id)));
}

/** Memberships of these leads (all campaigns, or one). */
export async function memberships(tx: Tx, workspaceId: string, leadIds: string[], campaignId?: string): Promise<MembershipRow[]> {
  if (leadIds.length === 0) return [];
  const conds = [eq(campaignLeads.workspaceId, workspaceId), inArray(campaignLeads.leadId, leadIds)];
  if (campaignId) conds.push(eq(campaignLeads.campaignId, campaignId));
  return tx
    .select()
    .from(campaignLeads)
    .where(and(...conds));
}

/** The sent messages and events that name these leads (their link is cleared when a lead is deleted). */
export async function historyIds(tx: Tx, leadIds: string[]): Promise<Map<string, { messages: string[]; events: string[] }>> {
  const out = new Map<string, { messages: string[]; events: string[] }>(leadIds.map((id) => [id, { messages: [], events: [] }]));
  if (leadIds.length === 0) return out;
  const [messages, events] = [
    await tx
      .select({ id: campaignMessages.id, leadId: campaignMessages.leadId })
      .from(campaignMessages)
      .where(inArray(campaignMessages.leadId, leadIds)),
    await tx
      .select({ id: campaignEvents.id, leadId: campaignEvents.leadId })
      .from(campaignEvents)
      .where(inArray(campaignEvents.leadId, leadIds)),
  ];
  for (const m of messages) out.get(m.leadId!)?.messages.push(m.id);
  for (const e of events) out.get(e.leadId!)?.events.push(e.id);
  return out;
}

/** Puts a deleted lead back with its id and every column as it was; false when the id or email is taken again. */
export async function restoreLead(tx: Tx, row: LeadRow): Promise<boolean> {
  const res = await tx.insert(leads).values(row).onConflictDoNothing().returning({ id: leads.id });
  return res.length > 0;
}

/** Memberships as they were (state, step, next send), for campaigns that still exist. */
export async function restoreMemberships(tx: Tx, workspaceId: string, rows: MembershipRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const existing = await campaignNames(
    tx,
    workspaceId,
    rows.map((r) => r.campaignId),
  );
  const keep = rows.filter((r) => existing.has(r.campaignId));
  if (keep.length === 0) return 0;
  const res = await tx.insert(campaignLeads).values(keep).onConflictDoNothing().returning({ leadId: campaignLeads.leadId });
  return res.length;
}

export async function relinkHistory(tx: Tx, leadId: string, history: { messages: string[]; events: string[] }): Promise<void> {
  if (history.messages.length)
    await tx
      .update(campaignMessages)
      .set({ leadId })
      .where(and(inArray(campaignMessages.id, history.messages), sql`${campaignMessages.leadId} is null`));
  if (history.events.length)
    await tx
      .update(campaignEvents)
      .set({ leadId })
      .where(and(inArray(campaignEvents.id, history.events), sql`${campaignEvents.leadId} is null`));
}

/** Claims the undo of an operation once (a second click or a second tab gets undefined). */
export async function claimUndo(db: Tx, workspaceId: string, id: string, userId: string, now: Date): Promise<OperationRow | undefined> {
  const [row] = await db
    .update(bulkOperations)
    .set({ undoStatus: "running", undoCursor: 0, undoneBy: userId })
    .where(
      and(
        eq(bulkOperations.workspaceId, workspaceId),
        eq(bulkOperations.id, id),
        sql`${bulkOperations.undoStatus} is null`,
        sql`${bulkOperations.undoUntil} > ${now}`,
      ),
    )
    .returning();
  return row;
}

/** Many leads' tags in one statement (each lead its own list), ids and lists sent as two arrays. */
export async function setLeadTagsMany(tx: Tx, workspaceId: string, rows: { id: string; tags: string[] }[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`update leads l set tags = array(select jsonb_array_elements_text(u.tags)), updated_at = now()
    from unnest(${sql.param(rows.map((r) => r.id))}::uuid[], ${sql.param(rows.map((r) => JSON.stringify(r.tags)))}::jsonb[]) as u(id, tags)
    where l.workspace_id = ${workspaceId} and l.id = u.id`);
}

/** Many leads' statuses in one statement (each lead its own). */
export async function setLeadStatusMany(tx: Tx, workspaceId: string, rows: { id: string; status: string }[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`update leads l set status = u.status, updated_at = now()
    from unnest(${sql.param(rows.map((r) => r.id))}::uuid[], ${sql.param(rows.map((r) => r.status))}::text[]) as u(id, status)
    where l.workspace_id = ${workspaceId} and l.id = u.id`);
}

/** A chunk's item results in one statement; a null `previous` keeps the one recorded before. */
export async function updateItems(
  tx: Tx,
  operationId: string,
  rows: {
    seq: number;
    status: BulkItemStatus;
    error?: string | null;
    previous?: Record<string, unknown> | null;
    undoError?: string | null;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`update bulk_operation_items i set status = u.status, error = coalesce(u.error, case when u.status in ('succeeded', 'failed') then null else i.error end),
      previous = coalesce(u.previous, i.previous), undo_error = u.undo_error
    from unnest(${sql.param(rows.map((r) => r.seq))}::int[], ${sql.param(rows.map((r) => r.status))}::text[],
      ${sql.param(rows.map((r) => r.error ?? null))}::text[], ${sql.param(rows.map((r) => (r.previous ? JSON.stringify(r.previous) : null)))}::jsonb[],
      ${sql.param(rows.map((r) => r.undoError ?? null))}::text[]) as u(seq, status, error, previous, undo_error)
    where i.operation_id = ${operationId} and i.seq = u.seq`);
}

/** What a chunk's items had before a service call, in one statement. */
export async function setPreviousMany(
  tx: Tx,
  operationId: string,
  rows: { seq: number; previous: Record<string, unknown> }[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`update bulk_operation_items i set previous = u.previous
    from unnest(${sql.param(rows.map((r) => r.seq))}::int[], ${sql.param(rows.map((r) => JSON.stringify(r.previous)))}::jsonb[]) as u(seq, previous)
    where i.operation_id = ${operationId} and i.seq = u.seq`);
}
