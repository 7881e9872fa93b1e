/** Drizzle calls for the read-only views: the CRM overview and a lead's campaign history. */
import { and, asc, count, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { campaignEvents, campaignLeads, campaignMessages, campaigns } from "../campaigns/index.ts";
import type { Tx } from "./crm.stages.repository.ts";
import { crmDeals, crmInteractions, crmStages, crmTasks } from "./crm.table.ts";

/** Open deals per stage and currency: count, value, and value × (own probability, else the stage's). */
export async function openDealsByStage(db: Tx, workspaceId: string) {
  const rows = await db
    .select({
      stageId: crmDeals.stageId,
      currency: crmDeals.currency,
      n: count(),
      value: sql<string>`sum(${crmDeals.value})`,
      weighted: sql<string>`sum(${crmDeals.value} * coalesce(${crmDeals.probability}, ${crmStages.probability}) / 100.0)`,
    })
    .from(crmDeals)
    .innerJoin(crmStages, eq(crmStages.id, crmDeals.stageId))
    .where(and(eq(crmDeals.workspaceId, workspaceId), eq(crmStages.isWon, false), eq(crmStages.isLost, false)))
    .groupBy(crmDeals.stageId, crmDeals.currency)
    .orderBy(asc(crmDeals.currency));
  return rows.map((r) => ({ ...r, value: Number(r.value), weighted: Number(r.weighted) }));
}

const ACTIVE = ["open", "in_progress"] as const;

/**
 * Active tasks by due window, the windows of the task list's `due` filter (crm-activity): overdue =
 * due before now; today = due this UTC day; week = due from today's start to 7 days later. Plus
 * the 10 soonest due before the week's end (crm_tasks_ws_status_due_idx).
 */
export async function tasksDue(db: Tx, workspaceId: string, w: { now: Date; today: Date; tomorrow: Date; weekEnd: Date }) {
  const [now, t0, t1] = [w.now.toISOString(), w.today.toISOString(), w.tomorrow.toISOString()];
  const base = and(eq(crmTasks.workspaceId, workspaceId), inArray(crmTasks.status, [...ACTIVE]), lt(crmTasks.dueAt, w.weekEnd));
  const [counts] = await db
    .select({
      overdue: sql<number>`count(*) filter (where ${crmTasks.dueAt} < ${now}::timestamptz)`.mapWith(Number),
      today:
        sql<number>`count(*) filter (where ${crmTasks.dueAt} >= ${t0}::timestamptz and ${crmTasks.dueAt} < ${t1}::timestamptz)`.mapWith(
          Number,
        ),
      week: sql<number>`count(*) filter (where ${crmTasks.dueAt} >= ${t0}::timestamptz)`.mapWith(Number),
    })
    .from(crmTasks)
    .where(base);
  const items = await db
    .select({ id: crmTasks.id, title: crmTasks.title, status: crmTasks.status, dueAt: crmTasks.dueAt, assigneeId: crmTasks.assigneeId })
    .from(crmTasks)
    .where(base)
    .orderBy(asc(crmTasks.dueAt), asc(crmTasks.id))
    .limit(10);
  return { overdue: counts?.overdue ?? 0, today: counts?.today ?? 0, week: counts?.week ?? 0, items };
}

/** The latest interactions (crm_interactions_ws_occurred_idx). */
export async function recentInteractions(db: Tx, workspaceId: string, limit: number) {
  return db
    .select({
      id: crmInteractions.id,
      subject: crmInteractions.subject,
      type: crmInteractions.type,
      occurredAt: crmInteractions.occurredAt,
      customerId: crmInteractions.customerId,
      dealId: crmInteractions.dealId,
      leadId: crmInteractions.leadId,
    })
    .from(crmInteractions)
    .where(eq(crmInteractions.workspaceId, workspaceId))
    .orderBy(desc(crmInteractions.occurredAt), desc(crmInteractions.id))
    .limit(limit);
}

export interface CampaignHistoryRow {
  campaign_id: string;
  name: string;
  status: string;
  step: number | null;
  sent: number;
  opened: number;
  replied: number;
  meeting: boolean;
}

/**
 * The campaigns a lead is in, newest membership first, with what happened to it in each: sent
 * messages (campaign_messages_once_uq), human opens, replies and a booked meeting
 * (campaign_events_totals_idx: campaign, type, bot flag, lead).
 */
export async function campaignHistory(db: Tx, workspaceId: string, leadId: string): Promise<CampaignHistoryRow[]> {
  const event = (type: string) =>
    sql`(select count(*) from ${campaignEvents} e where e.campaign_id = cl.campaign_id and e.type = ${type} and e.is_bot = false and e.lead_id = cl.lead_id)`;
  const res = await db.execute(sql`
    select c.id as campaign_id, c.name, c.status,
      (select max(m.step) + 1 from ${campaignMessages} m
        where m.campaign_id = cl.campaign_id and m.lead_id = cl.lead_id and m.sent_at is not null) as step,
      (select count(*) from ${campaignMessages} m
        where m.campaign_id = cl.campaign_id and m.lead_id = cl.lead_id and m.sent_at is not null) as sent,
      ${event("open")} as opened,
      ${event("reply")} as replied,
      exists (select 1 from ${campaignEvents} e where e.campaign_id = cl.campaign_id and e.type = 'meeting' and e.lead_id = cl.lead_id) as meeting
    from ${campaignLeads} cl join ${campaigns} c on c.id = cl.campaign_id
    where cl.lead_id = ${leadId} and cl.workspace_id = ${workspaceId}
    order by cl.created_at desc, c.id`);
  const rows = (res as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((r) => ({
    campaign_id: String(r.campaign_id),
    name: String(r.name),
    status: String(r.status),
    step: r.step == null ? null : Number(r.step),
    sent: Number(r.sent),
    opened: Number(r.opened),
    replied: Number(r.replied),
    meeting: r.meeting === true || r.meeting === "t",
  }));
}
