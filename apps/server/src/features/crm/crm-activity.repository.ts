/**
 * Drizzle calls for tasks and interactions: the filtered, paged lists (search on the trigram
 * indexes over TASK_SEARCH_EXPR / INTERACTION_SEARCH_EXPR), single rows with the linked record's
 * name, writes, the "recorded once" insert of automatic interactions, the checks that a linked id
 * is the workspace's, and the reminder sweep's claim.
 */
import type { CrmInteractionListQuery, CrmTaskListQuery } from "@prospector/contracts";
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, notInArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { campaignLeads, campaigns } from "../campaigns/index.ts";
import { leads } from "../leads/index.ts";
import { workspaceMembers } from "../organizations/index.ts";
import { crmCustomers, crmDeals, crmInteractions, crmStages, crmTasks, INTERACTION_SEARCH_EXPR, TASK_SEARCH_EXPR } from "./crm.table.ts";
import { type InteractionRow, type InteractionValues, type TaskRow, type TaskValues, toDate } from "./crm-activity.mapper.ts";

/** The database or an open transaction. */
export type Tx = Pick<Db, "select" | "insert" | "update" | "delete" | "execute">;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The linked record's name: the deal's, else the customer's, else the lead's (name, company or email). */
const label = (t: typeof crmTasks | typeof crmInteractions) =>
  sql<string | null>`coalesce(
    (select d.name from ${crmDeals} d where d.id = ${t.dealId}),
    (select c.name from ${crmCustomers} c where c.id = ${t.customerId}),
    (select coalesce(nullif(trim(coalesce(l.first_name, '') || ' ' || coalesce(l.last_name, '')), ''), l.company_name, l.email)
       from ${leads} l where l.id = ${t.leadId}))`;

// ---------------------------------------------------------------- tasks

export type LabelledTask = { row: TaskRow; label: string | null };

function taskConditions(workspaceId: string, userId: string, q: CrmTaskListQuery, now: Date): SQL {
  const conds: SQL[] = [eq(crmTasks.workspaceId, workspaceId)];
  if (q.status?.length) conds.push(inArray(crmTasks.status, q.status));
  if (q.assignee_id === "none") conds.push(isNull(crmTasks.assigneeId));
  else if (q.assignee_id) conds.push(eq(crmTasks.assigneeId, q.assignee_id === "me" ? userId : q.assignee_id));
  if (q.due_from) conds.push(gte(crmTasks.dueAt, toDate(q.due_from) as Date));
  if (q.due_to) conds.push(lt(crmTasks.dueAt, toDate(q.due_to) as Date));
  if (q.customer_id) conds.push(eq(crmTasks.customerId, q.customer_id));
  if (q.deal_id) conds.push(eq(crmTasks.dealId, q.deal_id));
  if (q.lead_id) conds.push(eq(crmTasks.leadId, q.lead_id));
  if (q.due) {
    const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const day = 24 * 3600 * 1000;
    if (q.due === "overdue") {
      conds.push(lt(crmTasks.dueAt, now), notInArray(crmTasks.status, ["done", "cancelled"]));
    } else {
      const end = new Date(today.getTime() + (q.due === "today" ? 1 : 7) * day);
      conds.push(gte(crmTasks.dueAt, today), lt(crmTasks.dueAt, end));
    }
  }
  if (q.search) conds.push(sql`${TASK_SEARCH_EXPR} ilike ${`%${escapeLike(q.search.toLowerCase())}%`}`);
  return and(...conds) as SQL;
}

function taskOrder(q: CrmTaskListQuery): SQL[] {
  const sort = q.sort ?? (q.search ? "relevance" : "due_date");
  if (sort === "relevance") {
    if (!q.search) return [desc(crmTasks.createdAt), desc(crmTasks.id)];
    return [sql`word_similarity(${q.search.toLowerCase()}, ${TASK_SEARCH_EXPR}) desc`, desc(crmTasks.createdAt), desc(crmTasks.id)];
  }
  const dir = q.order ?? (sort === "due_date" || sort === "title" ? "asc" : "desc");
  const by = (c: SQL) => (dir === "asc" ? asc(c) : desc(c));
  const tie = dir === "asc" ? asc(crmTasks.id) : desc(crmTasks.id);
  // crm_tasks_ws_due_idx read either way: soonest first with undated last, or latest first with undated first.
  if (sort === "due_date") return [dir === "asc" ? asc(crmTasks.dueAt) : desc(crmTasks.dueAt), tie];
  if (sort === "title") return [by(sql`lower(${crmTasks.title})`), tie];
  return [by(sql`${sort === "updated_at" ? crmTasks.updatedAt : crmTasks.createdAt}`), tie];
}

export async function listTasks(
  db: Tx,
  workspaceId: string,
  userId: string,
  q: CrmTaskListQuery,
  now: Date,
): Promise<{ rows: LabelledTask[]; total: number }> {
  const where = taskConditions(workspaceId, userId, q, now);
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: crmTasks, label: label(crmTasks) })
      .from(crmTasks)
      .where(where)
      .orderBy(...taskOrder(q))
      .limit(q.limit)
      .offset(q.skip),
    db.select({ n: count() }).from(crmTasks).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export interface WorkloadCount {
  assigneeId: string | null;
  dueInRange: number;
  overdue: number;
  open: number;
}

/**
 * Unfinished tasks (open, in progress) per assignee, nobody included: due in [from, to), overdue
 * at `now`, and all of them. One pass over crm_tasks_ws_assignee_due_idx's workspace range.
 */
export async function countWorkload(db: Tx, workspaceId: string, from: Date, to: Date, now: Date): Promise<WorkloadCount[]> {
  const rows = await db
    .select({
      assigneeId: crmTasks.assigneeId,
      dueInRange: sql<number>`count(*) filter (where ${crmTasks.dueAt} >= ${from} and ${crmTasks.dueAt} < ${to})`.mapWith(Number),
      overdue: sql<number>`count(*) filter (where ${crmTasks.dueAt} < ${now})`.mapWith(Number),
      open: count(),
    })
    .from(crmTasks)
    .where(and(eq(crmTasks.workspaceId, workspaceId), inArray(crmTasks.status, ["open", "in_progress"])))
    .groupBy(crmTasks.assigneeId);
  return rows;
}

/** The workspace's active members' user ids, oldest first. */
export async function memberIds(db: Tx, workspaceId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.status, "active")))
    .orderBy(asc(workspaceMembers.joinedAt), asc(workspaceMembers.userId));
  return rows.map((r) => r.userId);
}

export async function getTask(db: Tx, workspaceId: string, id: string): Promise<LabelledTask | undefined> {
  const [row] = await db
    .select({ row: crmTasks, label: label(crmTasks) })
    .from(crmTasks)
    .where(and(eq(crmTasks.workspaceId, workspaceId), eq(crmTasks.id, id)));
  return row;
}

export async function insertTask(tx: Tx, values: TaskValues & { workspaceId: string; title: string }): Promise<TaskRow> {
  const [row] = await tx.insert(crmTasks).values(values).returning();
  return row as TaskRow;
}

export async function updateTask(tx: Tx, workspaceId: string, id: string, values: TaskValues): Promise<TaskRow | undefined> {
  const [row] = await tx
    .update(crmTasks)
    .set(values)
    .where(and(eq(crmTasks.workspaceId, workspaceId), eq(crmTasks.id, id)))
    .returning();
  return row;
}

export async function deleteTasks(tx: Tx, workspaceId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const gone = await tx
    .delete(crmTasks)
    .where(and(eq(crmTasks.workspaceId, workspaceId), inArray(crmTasks.id, ids)))
    .returning({ id: crmTasks.id });
  return gone.map((r) => r.id);
}

/**
 * Claims up to `limit` reminders that are due and not yet sent (crm_tasks_reminder_due_idx), marking
 * them reminded in the same statement; rows another process is claiming are skipped, so each
 * reminder is claimed once. Tasks done or cancelled are marked too, without a notification.
 */
export async function claimDueReminders(tx: Tx, now: Date, limit: number): Promise<TaskRow[]> {
  const due = tx
    .select({ id: crmTasks.id })
    .from(crmTasks)
    .where(and(sql`${crmTasks.remindedAt} is null`, sql`${crmTasks.remindAt} is not null`, lte(crmTasks.remindAt, now)))
    .orderBy(asc(crmTasks.remindAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  return tx
    .update(crmTasks)
    .set({ remindedAt: now, updatedAt: sql`${crmTasks.updatedAt}` })
    .where(inArray(crmTasks.id, due))
    .returning();
}

// ---------------------------------------------------------------- interactions

export type LabelledInteraction = { row: InteractionRow; label: string | null };

function interactionConditions(workspaceId: string, q: CrmInteractionListQuery): SQL {
  const conds: SQL[] = [eq(crmInteractions.workspaceId, workspaceId)];
  if (q.type?.length) conds.push(inArray(crmInteractions.type, q.type));
  if (q.source?.length) conds.push(inArray(crmInteractions.source, q.source));
  if (q.customer_id) conds.push(eq(crmInteractions.customerId, q.customer_id));
  if (q.deal_id) conds.push(eq(crmInteractions.dealId, q.deal_id));
  if (q.lead_id) conds.push(eq(crmInteractions.leadId, q.lead_id));
  if (q.campaign_id) conds.push(eq(crmInteractions.campaignId, q.campaign_id));
  if (q.from) conds.push(gte(crmInteractions.occurredAt, new Date(q.from)));
  if (q.to) conds.push(lt(crmInteractions.occurredAt, new Date(q.to)));
  if (q.search) conds.push(sql`${INTERACTION_SEARCH_EXPR} ilike ${`%${escapeLike(q.search.toLowerCase())}%`}`);
  return and(...conds) as SQL;
}

function interactionOrder(q: CrmInteractionListQuery): SQL[] {
  const sort = q.sort ?? (q.search ? "relevance" : "date");
  if (sort === "relevance") {
    if (!q.search) return [desc(crmInteractions.occurredAt), desc(crmInteractions.id)];
    return [
      sql`word_similarity(${q.search.toLowerCase()}, ${INTERACTION_SEARCH_EXPR}) desc`,
      desc(crmInteractions.occurredAt),
      desc(crmInteractions.id),
    ];
  }
  const col = sort === "date" ? crmInteractions.occurredAt : crmInteractions.createdAt;
  return (q.order ?? "desc") === "asc" ? [asc(col), asc(crmInteractions.id)] : [desc(col), desc(crmInteractions.id)];
}

export async function listInteractions(
  db: Tx,
  workspaceId: string,
  q: CrmInteractionListQuery,
): Promise<{ rows: LabelledInteraction[]; total: number }> {
  const where = interactionConditions(workspaceId, q);
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: crmInteractions, label: label(crmInteractions) })
      .from(crmInteractions)
      .where(where)
      .orderBy(...interactionOrder(q))
      .limit(q.limit)
      .offset(q.skip),
    db.select({ n: count() }).from(crmInteractions).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function getInteraction(db: Tx, workspaceId: string, id: string): Promise<LabelledInteraction | undefined> {
  const [row] = await db
    .select({ row: crmInteractions, label: label(crmInteractions) })
    .from(crmInteractions)
    .where(and(eq(crmInteractions.workspaceId, workspaceId), eq(crmInteractions.id, id)));
  return row;
}

export async function insertInteraction(
  tx: Tx,
  values: InteractionValues & { workspaceId: string; subject: string; type: InteractionRow["type"] },
): Promise<InteractionRow> {
  const [row] = await tx.insert(crmInteractions).values(values).returning();
  return row as InteractionRow;
}

/**
 * An interaction the product records (a reply, a one-off send, a meeting): inserted once per
 * (workspace, source, source_ref) (crm_interactions_source_unique); undefined when it already was.
 */
export async function recordInteraction(
  tx: Tx,
  values: InteractionValues & { workspaceId: string; subject: string; type: InteractionRow["type"]; sourceRef: string },
): Promise<InteractionRow | undefined> {
  const [row] = await tx
    .insert(crmInteractions)
    .values(values)
    .onConflictDoNothing({
      target: [crmInteractions.workspaceId, crmInteractions.source, crmInteractions.sourceRef],
      where: sql`${crmInteractions.sourceRef} is not null`,
    })
    .returning();
  return row;
}

export async function findBySource(
  tx: Tx,
  workspaceId: string,
  source: InteractionRow["source"],
  sourceRef: string,
): Promise<InteractionRow | undefined> {
  const [row] = await tx
    .select()
    .from(crmInteractions)
    .where(and(eq(crmInteractions.workspaceId, workspaceId), eq(crmInteractions.source, source), eq(crmInteractions.sourceRef, sourceRef)));
  return row;
}

export async function updateInteraction(
  tx: Tx,
  workspaceId: string,
  id: string,
  values: InteractionValues,
): Promise<InteractionRow | undefined> {
  const [row] = await tx
    .update(crmInteractions)
    .set(values)
    .where(and(eq(crmInteractions.workspaceId, workspaceId), eq(crmInteractions.id, id)))
    .returning();
  return row;
}

export async function deleteInteractions(tx: Tx, workspaceId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const gone = await tx
    .delete(crmInteractions)
    .where(and(eq(crmInteractions.workspaceId, workspaceId), inArray(crmInteractions.id, ids)))
    .returning({ id: crmInteractions.id });
  return gone.map((r) => r.id);
}

// ---------------------------------------------------------------- links

export type LinkKind = "customer" | "deal" | "lead" | "campaign" | "member";

/** Whether `id` names a record of this kind in the workspace (a member: a user of the workspace). */
export async function linkExists(tx: Tx, workspaceId: string, kind: LinkKind, id: string): Promise<boolean> {
  const [table, ws, idCol] =
    kind === "customer"
      ? [crmCustomers, crmCustomers.workspaceId, crmCustomers.id]
      : kind === "deal"
        ? [crmDeals, crmDeals.workspaceId, crmDeals.id]
        : kind === "lead"
          ? [leads, leads.workspaceId, leads.id]
          : kind === "campaign"
            ? [campaigns, campaigns.workspaceId, campaigns.id]
            : [workspaceMembers, workspaceMembers.workspaceId, workspaceMembers.userId];
  const [row] = await tx
    .select({ one: sql<number>`1` })
    .from(table)
    .where(and(eq(ws, workspaceId), eq(idCol, id)))
    .limit(1);
  return Boolean(row);
}

/** The deal's customer and lead (to complete a meeting's links). */
export async function dealLinks(tx: Tx, workspaceId: string, dealId: string) {
  const [row] = await tx
    .select({ customerId: crmDeals.customerId, leadId: crmDeals.leadId, campaignId: crmDeals.sourceCampaignId })
    .from(crmDeals)
    .where(and(eq(crmDeals.workspaceId, workspaceId), eq(crmDeals.id, dealId)));
  return row;
}

/** The customer's lead (the lead it was converted from). */
export async function customerLead(tx: Tx, workspaceId: string, customerId: string): Promise<string | null> {
  const [row] = await tx
    .select({ leadId: crmCustomers.leadId })
    .from(crmCustomers)
    .where(and(eq(crmCustomers.workspaceId, workspaceId), eq(crmCustomers.id, customerId)));
  return row?.leadId ?? null;
}

/**
 * The customer converted from this lead (crm_customers_lead_unique) and that customer's latest open
 * deal (a stage neither won nor lost): where a reply or a send about the lead belongs in the CRM.
 */
export async function leadCrmLinks(
  tx: Tx,
  workspaceId: string,
  leadId: string,
): Promise<{ customerId: string | null; dealId: string | null }> {
  const [customer] = await tx
    .select({ id: crmCustomers.id })
    .from(crmCustomers)
    .where(and(eq(crmCustomers.workspaceId, workspaceId), eq(crmCustomers.leadId, leadId)));
  const owner = customer ? eq(crmDeals.customerId, customer.id) : eq(crmDeals.leadId, leadId);
  const [deal] = await tx
    .select({ id: crmDeals.id })
    .from(crmDeals)
    .innerJoin(crmStages, eq(crmStages.id, crmDeals.stageId))
    .where(and(eq(crmDeals.workspaceId, workspaceId), owner, eq(crmStages.isWon, false), eq(crmStages.isLost, false)))
    .orderBy(desc(crmDeals.createdAt), desc(crmDeals.id))
    .limit(1);
  return { customerId: customer?.id ?? null, dealId: deal?.id ?? null };
}

/** The workspace's customer with this address (crm_customers_ws_email_idx), the oldest if several. */
export async function customerByEmail(tx: Tx, workspaceId: string, email: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: crmCustomers.id })
    .from(crmCustomers)
    .where(and(eq(crmCustomers.workspaceId, workspaceId), sql`lower(${crmCustomers.email}) = ${email.toLowerCase()}`))
    .orderBy(asc(crmCustomers.createdAt))
    .limit(1);
  return row?.id ?? null;
}

/** The campaign the lead joined last, if any (a meeting booked with the lead counts there). */
export async function latestCampaignOfLead(tx: Tx, workspaceId: string, leadId: string): Promise<string | null> {
  const [row] = await tx
    .select({ campaignId: campaignLeads.campaignId })
    .from(campaignLeads)
    .where(and(eq(campaignLeads.workspaceId, workspaceId), eq(campaignLeads.leadId, leadId)))
    .orderBy(desc(campaignLeads.addedAt))
    .limit(1);
  return row?.campaignId ?? null;
}
