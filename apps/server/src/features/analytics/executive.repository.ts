/**
 * Drizzle calls of the executive pages (docs/analytics/executive.md): today's counts in the
 * workspace's time zone, what needs a human (unanswered replies, overdue tasks, paused or stalled
 * campaigns, failing inboxes, open alerts and holds), the workspace's members with their task and
 * campaign counts, and each member's first-done dates for the adoption checklist. Every query is
 * workspace-scoped and reads through an index (named beside it).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { twoFactorCredentials } from "../account-security/index.ts";
import { campaignActivity, campaignEvents, campaignLeads, campaignMessages, campaigns } from "../campaigns/index.ts";
import { composeMessages } from "../compose/index.ts";
import { crmDeals, crmInteractions, crmStages, crmTasks } from "../crm/index.ts";
import { sessions, users } from "../identity/index.ts";
import { inboxes } from "../inboxes/index.ts";
import { leadImportJobs, leads } from "../leads/index.ts";
import { workspaceMembers, workspaces } from "../organizations/index.ts";
import { reputationAlerts } from "../reputation/index.ts";
import { sendingHolds } from "../sending/index.ts";

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;
const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
export const iso = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string | Date).toISOString());

export async function workspaceTimezone(db: Db, workspaceId: string): Promise<string | null> {
  const res = await db.execute(sql`select settings->>'timezone' as tz from ${workspaces} where id = ${workspaceId}`);
  return rowsOf<{ tz: string | null }>(res)[0]?.tz ?? null;
}

export interface DayCounts {
  today: string;
  /** local date → metric → count, for today and the 7 days before. */
  days: Map<string, Record<string, number>>;
}

/**
 * Sends (campaign_messages_ws_sent_campaign_idx) and people's events (campaign_events_ws_series_idx)
 * per local day, for today and the 7 days before, in zone `tz`.
 */
export async function dayCounts(db: Db, workspaceId: string, tz: string, now: Date): Promise<DayCounts> {
  const at = now.toISOString();
  const today = sql`(${at}::timestamptz at time zone ${tz})::date`;
  const lo = sql`((${today} - 7)::timestamp at time zone ${tz})`;
  const hi = sql`((${today} + 1)::timestamp at time zone ${tz})`;
  const [dayRes, sentRes, eventRes] = await Promise.all([
    db.execute(sql`select ${today}::text as today`),
    db.execute(sql`
      select (sent_at at time zone ${tz})::date::text as day, count(*)::int as n
      from ${campaignMessages}
      where workspace_id = ${workspaceId} and sent_at >= ${lo} and sent_at < ${hi}
      group by 1`),
    db.execute(sql`
      select (occurred_at at time zone ${tz})::date::text as day, type, count(*)::int as n
      from ${campaignEvents}
      where workspace_id = ${workspaceId} and occurred_at >= ${lo} and occurred_at < ${hi}
        and type in ('reply', 'meeting', 'bounce', 'unsubscribe') and not is_bot
      group by 1, 2`),
  ]);
  const days = new Map<string, Record<string, number>>();
  const slot = (day: string) => {
    const d = days.get(day) ?? {};
    days.set(day, d);
    return d;
  };
  for (const r of rowsOf<{ day: string; n: number }>(sentRes)) slot(r.day).sent = num(r.n);
  const KEY: Record<string, string> = { reply: "replied", meeting: "meetings", bounce: "bounced", unsubscribe: "unsubscribed" };
  for (const r of rowsOf<{ day: string; type: string; n: number }>(eventRes)) slot(r.day)[KEY[r.type]!] = num(r.n);
  return { today: rowsOf<{ today: string }>(dayRes)[0]!.today, days };
}

export interface ReplyRow {
  event_id: string;
  lead_id: string | null;
  lead_email: string | null;
  lead_name: string | null;
  campaign_id: string;
  campaign_name: string;
  snippet: string | null;
  positive: boolean;
  received_at: unknown;
  total: number;
}

/**
 * Each lead's latest reply of the last `days` days (one pass over the window's replies, index
 * campaign_events_ws_series_idx) that nobody answered yet: no one-off send to the lead after it and
 * no call, email or meeting logged in the CRM after it (crm_interactions_lead_idx).
 */
export async function waitingReplies(db: Db, workspaceId: string, now: Date, days: number, limit: number): Promise<ReplyRow[]> {
  const since = new Date(now.getTime() - days * 86_400_000).toISOString();
  const res = await db.execute(sql`
    with latest as (
      select distinct on (e.lead_id) e.id, e.lead_id, e.campaign_id, e.detail, e.occurred_at
      from ${campaignEvents} e
      where e.workspace_id = ${workspaceId} and e.occurred_at >= ${since} and e.type = 'reply' and not e.is_bot
        and e.lead_id is not null
      order by e.lead_id, e.occurred_at desc
    )
    select e.id as event_id, e.lead_id, l.email as lead_email,
      nullif(trim(coalesce(l.first_name, '') || ' ' || coalesce(l.last_name, '')), '') as lead_name,
      e.campaign_id, c.name as campaign_name, e.detail->>'snippet' as snippet,
      coalesce(l.status = 'interested', false) as positive, e.occurred_at as received_at,
      count(*) over () as total
    from latest e
    join ${campaigns} c on c.id = e.campaign_id
    left join ${leads} l on l.id = e.lead_id
    where coalesce(l.status, '') <> 'not_interested'
      and not exists (
        select 1 from ${composeMessages} m
        where m.workspace_id = ${workspaceId} and m.sent_at > e.occurred_at and m.lead_id = e.lead_id)
      and not exists (
        select 1 from ${crmInteractions} i
        where i.lead_id = e.lead_id and i.occurred_at > e.occurred_at
          and i.source in ('manual', 'compose') and i.type in ('email', 'call', 'meeting'))
    order by positive desc, e.occurred_at desc
    limit ${limit}`);
  return rowsOf<ReplyRow>(res).map((r) => ({ ...r, positive: Boolean(r.positive), total: num(r.total) }));
}

export interface TaskRow {
  id: string;
  title: string;
  due_at: unknown;
  assignee_id: string | null;
  assignee_name: string | null;
  total: number;
}

/** Open tasks past due (crm_tasks_ws_status_due_idx), the caller's first, then the longest overdue. */
export async function overdueTasks(db: Db, workspaceId: string, userId: string, now: Date, limit: number): Promise<TaskRow[]> {
  const res = await db.execute(sql`
    select t.id, t.title, t.due_at, t.assignee_id, u.name as assignee_name, count(*) over () as total
    from ${crmTasks} t left join ${users} u on u.id = t.assignee_id
    where t.workspace_id = ${workspaceId} and t.status in ('open', 'in_progress') and t.due_at < ${now.toISOString()}
    order by (t.assignee_id is not distinct from ${userId}::uuid) desc, t.due_at asc, t.id
    limit ${limit}`);
  return rowsOf<TaskRow>(res).map((r) => ({ ...r, total: num(r.total) }));
}

export interface CampaignRow {
  id: string;
  name: string;
  state: "paused" | "stalled";
  reason: string | null;
  since: unknown;
}

/**
 * Paused campaigns (with the activity written when they paused, e.g. the sender's reason) and active ones
 * that stalled: leads due for over an hour and nothing sent in 24 hours.
 */
export async function campaignsNeedingAttention(
  db: Db,
  workspaceId: string,
  now: Date,
  limit: number,
): Promise<{ rows: CampaignRow[]; total: number }> {
  const at = now.toISOString();
  const res = await db.execute(sql`
    with paused as (
      select c.id, c.name, 'paused' as state, c.paused_at as since,
        (select a.message from ${campaignActivity} a where a.campaign_id = c.id
          and a.created_at >= c.paused_at - interval '1 minute' order by a.created_at desc limit 1) as reason
      from ${campaigns} c where c.workspace_id = ${workspaceId} and c.status = 'paused'
    ), stalled as (
      select c.id, c.name, 'stalled' as state,
        (select max(m.sent_at) from ${campaignMessages} m where m.campaign_id = c.id) as since,
        null::text as reason
      from ${campaigns} c where c.workspace_id = ${workspaceId} and c.status = 'active'
        and exists (select 1 from ${campaignLeads} cl where cl.campaign_id = c.id and cl.state in ('queued', 'in_progress')
                    and cl.next_send_at < ${at}::timestamptz - interval '1 hour')
        and not exists (select 1 from ${campaignMessages} m where m.campaign_id = c.id and m.sent_at > ${at}::timestamptz - interval '24 hours')
    ), both_ as (select * from paused union all select * from stalled)
    select *, count(*) over () as total from both_ order by state, since desc nulls last, id limit ${limit}`);
  const rows = rowsOf<CampaignRow & { total: number }>(res);
  return { rows, total: num(rows[0]?.total) };
}

export interface InboxRow {
  id: string;
  email: string;
  status: string;
  status_reason: string | null;
  imap_error: string | null;
}

/** Sending inboxes that are paused, warned or cannot read replies (inboxes_ws_idx). */
export async function failingInboxes(db: Db, workspaceId: string): Promise<InboxRow[]> {
  const res = await db.execute(sql`
    select id, email, status, status_reason, imap_error from ${inboxes}
    where workspace_id = ${workspaceId} and kind = 'smtp' and (status <> 'healthy' or imap_error is not null)
    order by (status = 'paused') desc, email`);
  return rowsOf<InboxRow>(res);
}

export interface OpenAlertRow {
  kind: "reputation" | "hold";
  level: string;
  title: string;
  detail: string;
  since: unknown;
}

/** Open reputation alerts (reputation_alerts_open_uq) and sending holds that are on (sending_holds_ws_active_idx). */
export async function openAlerts(db: Db, workspaceId: string): Promise<OpenAlertRow[]> {
  const res = await db.execute(sql`
    select 'reputation' as kind, level, subject_label as title, message as detail, opened_at as since
    from ${reputationAlerts} where workspace_id = ${workspaceId} and resolved_at is null
    union all
    select 'hold' as kind, case when scope = 'workspace' then 'critical' else 'warning' end as level,
      case scope when 'workspace' then 'All sending is stopped' else 'Sending stopped: ' || target_label end as title,
      reason as detail, created_at as since
    from ${sendingHolds} where workspace_id = ${workspaceId} and released_at is null
    order by since desc limit 50`);
  return rowsOf<OpenAlertRow>(res);
}

export interface MemberRow {
  user_id: string;
  name: string;
  email: string;
  role: string;
  joined_at: unknown;
}

export async function members(db: Db, workspaceId: string): Promise<MemberRow[]> {
  const res = await db.execute(sql`
    select u.id as user_id, u.name, u.email, m.role, m.created_at as joined_at
    from ${workspaceMembers} m join ${users} u on u.id = m.user_id
    where m.workspace_id = ${workspaceId} and m.status = 'active'
    order by lower(u.name), u.id`);
  return rowsOf<MemberRow>(res);
}

export async function memberOf(db: Db, workspaceId: string, userId: string): Promise<MemberRow | null> {
  const res = await db.execute(sql`
    select u.id as user_id, u.name, u.email, m.role, m.created_at as joined_at
    from ${workspaceMembers} m join ${users} u on u.id = m.user_id
    where m.workspace_id = ${workspaceId} and m.user_id = ${userId}`);
  return rowsOf<MemberRow>(res)[0] ?? null;
}

export interface MemberWork {
  campaigns_owned: number;
  tasks_completed: number;
  tasks_overdue: number;
}

/** Per user: campaigns created (campaigns.created_by), tasks completed in [from, to) and open tasks past due now. */
export async function memberWork(db: Db, workspaceId: string, from: string, to: string, now: Date): Promise<Map<string, MemberWork>> {
  const [camp, tasks] = await Promise.all([
    db.execute(sql`
      select created_by as user_id, count(*)::int as n from ${campaigns}
      where workspace_id = ${workspaceId} and created_by is not null group by 1`),
    db.execute(sql`
      select assignee_id as user_id,
        count(*) filter (where status = 'done' and completed_at >= ${from}::timestamptz and completed_at < ${to}::timestamptz)::int as completed,
        count(*) filter (where status in ('open', 'in_progress') and due_at < ${now.toISOString()})::int as overdue
      from ${crmTasks} where workspace_id = ${workspaceId} and assignee_id is not null group by 1`),
  ]);
  const out = new Map<string, MemberWork>();
  const slot = (id: string) => {
    const w = out.get(id) ?? { campaigns_owned: 0, tasks_completed: 0, tasks_overdue: 0 };
    out.set(id, w);
    return w;
  };
  for (const r of rowsOf<{ user_id: string; n: number }>(camp)) slot(r.user_id).campaigns_owned = num(r.n);
  for (const r of rowsOf<{ user_id: string; completed: number; overdue: number }>(tasks)) {
    slot(r.user_id).tasks_completed = num(r.completed);
    slot(r.user_id).tasks_overdue = num(r.overdue);
  }
  return out;
}

/** Open deals (stage neither won nor lost) and their summed value, as stored (crm_deals_ws_stage_position_idx). */
export async function openPipeline(db: Db, workspaceId: string): Promise<{ value: number; deals: number; currencies: string[] }> {
  const res = await db.execute(sql`
    select coalesce(sum(d.value), 0)::float8 as value, count(*)::int as deals,
      coalesce(array_agg(distinct d.currency) filter (where d.currency is not null), '{}') as currencies
    from ${crmDeals} d join ${crmStages} s on s.id = d.stage_id
    where d.workspace_id = ${workspaceId} and not s.is_won and not s.is_lost`);
  const r = rowsOf<{ value: number; deals: number; currencies: string[] }>(res)[0];
  return { value: num(r?.value), deals: num(r?.deals), currencies: r?.currencies ?? [] };
}

export interface AdoptionFacts {
  user_id: string;
  email_verified: boolean;
  two_factor: boolean;
  two_factor_at: unknown;
  has_image: boolean;
  inbox_at: unknown;
  leads_at: unknown;
  campaign_at: unknown;
  launched_at: unknown;
  reply_at: unknown;
  deal_at: unknown;
  teammate_at: unknown;
  last_active_at: unknown;
}

/** Each listed member's first-done dates, one row per user, read from the records themselves. */
export async function adoptionFacts(db: Db, workspaceId: string, userIds: string[]): Promise<Map<string, AdoptionFacts>> {
  if (userIds.length === 0) return new Map();
  const ids = sql.join(
    userIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const res = await db.execute(sql`
    select u.id as user_id, u.email_verified, u.two_factor_enabled as two_factor, tf.enabled_at as two_factor_at,
      (u.image is not null and u.image <> '') as has_image,
      (select min(i.created_at) from ${inboxes} i where i.workspace_id = ${workspaceId} and i.created_by = u.id and i.kind = 'smtp') as inbox_at,
      least(
        (select min(l.created_at) from ${leads} l where l.workspace_id = ${workspaceId} and l.created_by = u.id),
        (select min(j.created_at) from ${leadImportJobs} j where j.workspace_id = ${workspaceId} and j.user_id = u.id)
      ) as leads_at,
      (select min(c.created_at) from ${campaigns} c where c.workspace_id = ${workspaceId} and c.created_by = u.id) as campaign_at,
      (select min(c.launched_at) from ${campaigns} c where c.workspace_id = ${workspaceId} and c.created_by = u.id) as launched_at,
      (select min(e.occurred_at) from ${campaigns} c join ${campaignEvents} e on e.campaign_id = c.id and e.type = 'reply' and not e.is_bot
        where c.workspace_id = ${workspaceId} and c.created_by = u.id) as reply_at,
      (select min(d.created_at) from ${crmDeals} d where d.workspace_id = ${workspaceId} and d.created_by = u.id) as deal_at,
      (select min(o.created_at) from ${workspaceMembers} o where o.workspace_id = ${workspaceId} and o.user_id <> u.id
         and o.created_at > me.created_at) as teammate_at,
      (select max(s.updated_at) from ${sessions} s where s.user_id = u.id) as last_active_at
    from ${users} u
    join ${workspaceMembers} me on me.user_id = u.id and me.workspace_id = ${workspaceId}
    left join ${twoFactorCredentials} tf on tf.user_id = u.id
    where u.id in (${ids})`);
  return new Map(rowsOf<AdoptionFacts>(res).map((r) => [r.user_id, r]));
}
