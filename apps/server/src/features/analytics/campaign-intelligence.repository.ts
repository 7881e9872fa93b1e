/**
 * Campaign intelligence's queries (docs/analytics/campaign-intelligence.md): counts over the
 * outbox, events, memberships, automation runs, holds and inboxes, every one filtered by the
 * workspace first so the workspace-leading indexes serve it. Figures only; the rules live in the service.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { automationRules, automationRuns, nurtureEnrollments, nurtureSequences } from "../automation/index.ts";
import { campaignEvents, campaignLeads, campaignMessages, campaigns } from "../campaigns/index.ts";
import { composeMessages } from "../compose/index.ts";
import { inboxes } from "../inboxes/index.ts";
import { abExperiments, sendingHolds } from "../sending/index.ts";
import { REPLY_RULES, type ReplyRule } from "./campaign-intelligence.rules.ts";

type Q = Pick<Db, "execute">;
const list = async <T>(db: Q, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

const iso = (d: Date) => d.toISOString();

export interface CampaignLite {
  id: string;
  name: string;
  status: string;
  inbox_ids: string[];
  launched_at: Date | string | null;
}

export async function campaignsByIds(db: Q, workspaceId: string, ids: string[]): Promise<CampaignLite[]> {
  if (!ids.length) return [];
  return list<CampaignLite>(
    db,
    sql`select id, name, status, inbox_ids, launched_at from ${campaigns} where workspace_id = ${workspaceId} and id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
}

export interface CenterRow extends CampaignLite {
  due_now: number;
  last_sent_at: Date | string | null;
  fresh: number;
  first_sends_7d: number;
}

/** The campaigns the center checks (active, paused, scheduled) with their sender state. */
export async function centerCampaigns(db: Q, workspaceId: string, now: Date): Promise<CenterRow[]> {
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000);
  return list<CenterRow>(
    db,
    sql`select c.id, c.name, c.status, c.inbox_ids, c.launched_at,
        (select count(*) from ${campaignLeads} cl where cl.campaign_id = c.id and cl.state in ('queued', 'in_progress') and cl.next_send_at <= ${iso(now)})::int as due_now,
        (select max(cm.sent_at) from ${campaignMessages} cm where cm.campaign_id = c.id) as last_sent_at,
        (select count(*) from ${campaignLeads} cl where cl.campaign_id = c.id and cl.state = 'queued' and cl.current_step = 0)::int as fresh,
        (select count(*) from ${campaignMessages} cm where cm.campaign_id = c.id and cm.step = 0 and cm.sent_at >= ${iso(weekAgo)} and cm.sent_at < ${iso(now)})::int as first_sends_7d
      from ${campaigns} c
      where c.workspace_id = ${workspaceId} and c.status in ('active', 'paused', 'scheduled')
      order by c.created_at desc
      limit 500`,
  );
}

/** Leads due now in these campaigns, by the sender's stored wait reason ("due" when none). */
export async function dueWaitReasons(
  db: Q,
  workspaceId: string,
  ids: string[],
  now: Date,
): Promise<{ campaign_id: string; reason: string; n: number }[]> {
  if (!ids.length) return [];
  return list(
    db,
    sql`select cl.campaign_id, coalesce(cl.wait_reason, 'due') as reason, count(*)::int as n
      from ${campaignLeads} cl
      where cl.workspace_id = ${workspaceId} and cl.campaign_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) and cl.state in ('queued', 'in_progress') and cl.next_send_at <= ${iso(now)}
      group by 1, 2`,
  );
}

/** Replies since `since` whose lead got no email from the compose window afterwards. */
export async function unansweredReplies(
  db: Q,
  workspaceId: string,
  since: Date,
): Promise<{ campaign_id: string; n: number; oldest: Date | string }[]> {
  return list(
    db,
    sql`select ev.campaign_id, count(*)::int as n, min(ev.occurred_at) as oldest
      from ${campaignEvents} ev
      where ev.workspace_id = ${workspaceId} and ev.type = 'reply' and ev.occurred_at >= ${iso(since)} and ev.lead_id is not null
        and not exists (select 1 from ${composeMessages} cm where cm.workspace_id = ${workspaceId} and cm.lead_id = ev.lead_id and cm.sent_at > ev.occurred_at)
      group by 1`,
  );
}

export interface HoldRow {
  scope: "workspace" | "inbox" | "campaign";
  target_id: string;
  target_label: string;
  reason: string;
  created_at: Date | string;
}

export async function activeHolds(db: Q, workspaceId: string): Promise<HoldRow[]> {
  return list<HoldRow>(
    db,
    sql`select scope, target_id, target_label, reason, created_at from ${sendingHolds}
      where workspace_id = ${workspaceId} and released_at is null order by created_at`,
  );
}

export interface InboxLite {
  id: string;
  email: string;
  kind: string;
  status: string;
  status_reason: string | null;
  imap_error: string | null;
  imap_last_polled_at: Date | string | null;
  last_sent_at: Date | string | null;
}

export async function workspaceInboxes(db: Q, workspaceId: string): Promise<InboxLite[]> {
  return list<InboxLite>(
    db,
    sql`select id, email, kind, status, status_reason, imap_error, imap_last_polled_at, last_sent_at from ${inboxes}
      where workspace_id = ${workspaceId} order by email limit 500`,
  );
}

// ---------- automation ----------

export interface AutomationOwnerRow {
  owner: string;
  rule_id: string | null;
  sequence_id: string | null;
  name: string | null;
  runs: number;
  failed_runs: number;
  leads: number;
  campaigns: number;
  acted_replied: number;
  acted_met: number;
  cmp_leads: number;
  cmp_replied: number;
  cmp_met: number;
  last_run_at: Date | string | null;
}

/**
 * Per rule or nurture sequence, the runs since `since` that touched a campaign lead (the run names
 * the campaign), the leads acted on and how many replied or booked a meeting after their first run;
 * and the other members of the same campaigns, over the same span from the owner's first run.
 */
export async function automationEffect(db: Q, workspaceId: string, since: Date, now: Date): Promise<AutomationOwnerRow[]> {
  return list<AutomationOwnerRow>(
    db,
    sql`with r as (
        select ar.owner, ar.rule_id, ar.sequence_id, ar.lead_id, ar.campaign_id, ar.status, ar.created_at
        from ${automationRuns} ar
        where ar.workspace_id = ${workspaceId} and ar.created_at >= ${iso(since)} and ar.created_at < ${iso(now)} and ar.campaign_id is not null
      ), acted as (
        select owner, lead_id, min(created_at) as first_at from r where lead_id is not null group by 1, 2
      ), camps as (
        select distinct owner, campaign_id from r
      ), start as (
        select owner, min(created_at) as first_at from r group by 1
      ), acted_out as (
        select a.owner,
          (count(*) filter (where exists (select 1 from ${campaignEvents} ev where ev.workspace_id = ${workspaceId} and ev.lead_id = a.lead_id and ev.type = 'reply' and ev.occurred_at > a.first_at and ev.occurred_at < ${iso(now)})))::int as replied,
          (count(*) filter (where exists (select 1 from ${campaignEvents} ev where ev.workspace_id = ${workspaceId} and ev.lead_id = a.lead_id and ev.type = 'meeting' and ev.occurred_at > a.first_at and ev.occurred_at < ${iso(now)})))::int as met
        from acted a group by a.owner
      ), cmp as (
        select distinct c.owner, cl.lead_id from camps c
        join ${campaignLeads} cl on cl.campaign_id = c.campaign_id and cl.workspace_id = ${workspaceId}
        where not exists (select 1 from acted a where a.owner = c.owner and a.lead_id = cl.lead_id)
      ), cmp_out as (
        select c.owner, count(*)::int as leads,
          (count(*) filter (where exists (select 1 from ${campaignEvents} ev where ev.workspace_id = ${workspaceId} and ev.lead_id = c.lead_id and ev.type = 'reply' and ev.occurred_at > s.first_at and ev.occurred_at < ${iso(now)})))::int as replied,
          (count(*) filter (where exists (select 1 from ${campaignEvents} ev where ev.workspace_id = ${workspaceId} and ev.lead_id = c.lead_id and ev.type = 'meeting' and ev.occurred_at > s.first_at and ev.occurred_at < ${iso(now)})))::int as met
        from cmp c join start s on s.owner = c.owner group by c.owner
      )
      select r.owner, min(r.rule_id::text) as rule_id, min(r.sequence_id::text) as sequence_id,
        coalesce(min(ru.name), min(ns.name)) as name,
        count(*)::int as runs, (count(*) filter (where r.status <> 'succeeded'))::int as failed_runs,
        count(distinct r.lead_id)::int as leads, count(distinct r.campaign_id)::int as campaigns,
        coalesce(min(ao.replied), 0)::int as acted_replied, coalesce(min(ao.met), 0)::int as acted_met,
        coalesce(min(co.leads), 0)::int as cmp_leads, coalesce(min(co.replied), 0)::int as cmp_replied, coalesce(min(co.met), 0)::int as cmp_met,
        max(r.created_at) as last_run_at
      from r
      left join ${automationRules} ru on ru.id = r.rule_id
      left join ${nurtureSequences} ns on ns.id = r.sequence_id
      left join acted_out ao on ao.owner = r.owner
      left join cmp_out co on co.owner = r.owner
      group by r.owner
      order by count(*) desc, r.owner
      limit 200`,
  );
}

/** Successful actions per owner and action type over the same runs. */
export async function automationActions(
  db: Q,
  workspaceId: string,
  since: Date,
  now: Date,
): Promise<{ owner: string; type: string; n: number }[]> {
  return list(
    db,
    sql`select ar.owner, a->>'type' as type, count(*)::int as n
      from ${automationRuns} ar, jsonb_array_elements(ar.actions) a
      where ar.workspace_id = ${workspaceId} and ar.created_at >= ${iso(since)} and ar.created_at < ${iso(now)} and ar.campaign_id is not null
        and (a->>'ok')::boolean
      group by 1, 2`,
  );
}

// ---------- sequences ----------

export interface SequenceCampaignRow {
  id: string;
  name: string;
  status: string;
  steps: { subject?: string; subject_line?: string }[] | null;
}

export async function sequenceCampaigns(db: Q, workspaceId: string): Promise<SequenceCampaignRow[]> {
  return list<SequenceCampaignRow>(
    db,
    sql`select c.id, c.name, c.status, c.steps from ${campaigns} c
      where c.workspace_id = ${workspaceId} and c.status <> 'draft'
      order by coalesce(c.launched_at, c.created_at) desc limit 200`,
  );
}

export interface StepVariantRow {
  step: number;
  variant: number;
  reached: number;
  sent: number;
  replies: number;
  bounces: number;
  unsubscribes: number;
}

/** Per step and variant: leads with a message written (not queued), sent, and the events on those messages. */
export async function stepCounts(db: Q, workspaceId: string, campaignId: string): Promise<StepVariantRow[]> {
  return list<StepVariantRow>(
    db,
    sql`with m as (
        select cm.id, cm.lead_id, cm.step, cm.variant, cm.status from ${campaignMessages} cm
        where cm.workspace_id = ${workspaceId} and cm.campaign_id = ${campaignId} and cm.status in ('sent', 'bounced', 'failed')
      ), e as (
        select ev.message_id, bool_or(ev.type = 'reply') as r, bool_or(ev.type = 'bounce') as b, bool_or(ev.type = 'unsubscribe') as u
        from ${campaignEvents} ev where ev.campaign_id = ${campaignId} and ev.message_id is not null group by 1
      )
      select m.step, m.variant, count(distinct m.lead_id)::int as reached,
        (count(*) filter (where m.status in ('sent', 'bounced')))::int as sent,
        (count(*) filter (where e.r))::int as replies,
        (count(*) filter (where m.status = 'bounced' or e.b))::int as bounces,
        (count(*) filter (where e.u))::int as unsubscribes
      from m left join e on e.message_id = m.id
      group by 1, 2 order by 1, 2`,
  );
}

/** Per last step reached: where its leads are now (membership state, or "removed" without one). */
export async function stepExits(db: Q, workspaceId: string, campaignId: string): Promise<{ step: number; state: string; n: number }[]> {
  return list(
    db,
    sql`with last as (
        select cm.lead_id, max(cm.step) as step from ${campaignMessages} cm
        where cm.workspace_id = ${workspaceId} and cm.campaign_id = ${campaignId} and cm.lead_id is not null and cm.status in ('sent', 'bounced', 'failed')
        group by 1
      )
      select last.step, coalesce(cl.state, 'removed') as state, count(*)::int as n
      from last left join ${campaignLeads} cl on cl.campaign_id = ${campaignId} and cl.lead_id = last.lead_id
      group by 1, 2`,
  );
}

// ---------- replies ----------

const replyText = sql`lower(coalesce(ev.detail->>'subject', '') || ' ' || coalesce(ev.detail->>'snippet', ''))`;

function caseOf(pick: (r: ReplyRule) => string): SQL {
  const whens = REPLY_RULES.filter((r) => r.type || r.pattern).map((r) =>
    r.type ? sql`when ev.type = ${r.type} then ${pick(r)}` : sql`when ev.type = 'reply' and ${replyText} ~* ${r.pattern} then ${pick(r)}`,
  );
  return sql`(case ${sql.join(whens, sql` `)} else ${pick(REPLY_RULES.at(-1)!)} end)`;
}

/** The class of `ev` (a campaign_events row) by the rules, first match wins. */
const classSql = (): SQL => caseOf((r) => r.class);
/** The id of the rule that fired. */
const ruleSql = (): SQL => caseOf((r) => r.id);

export interface ClassCountRow {
  campaign_id: string;
  step: number | null;
  week: string;
  class: string;
  n: number;
}

/** Answers per campaign, step, week (from Monday, UTC) and class: one pass of the rules over the period. */
export async function replyClassCounts(db: Q, workspaceId: string, since: Date, now: Date, campaignId?: string): Promise<ClassCountRow[]> {
  return list<ClassCountRow>(
    db,
    sql`select ev.campaign_id, ev.step, to_char(date_trunc('week', ev.occurred_at at time zone 'UTC'), 'YYYY-MM-DD') as week, c.cls as class, count(*)::int as n
      from ${campaignEvents} ev, lateral (select ${classSql()} as cls) c
      where ev.workspace_id = ${workspaceId} and ev.type in ('reply', 'auto_reply', 'unsubscribe', 'complaint')
        and ev.occurred_at >= ${iso(since)} and ev.occurred_at < ${iso(now)}
        ${campaignId ? sql`and ev.campaign_id = ${campaignId}` : sql``}
      group by 1, 2, 3, 4`,
  );
}

export interface ReplyEventRow {
  id: string;
  occurred_at: Date | string;
  campaign_id: string;
  campaign_name: string;
  step: number | null;
  lead_id: string | null;
  detail: Record<string, unknown> | null;
  type: string;
  cls: string;
  rule: string;
}

/** The newest events of one class, keyset by (occurred_at, id) descending. */
export async function latestReplies(
  db: Q,
  workspaceId: string,
  o: {
    since: Date;
    now: Date;
    cls: string;
    campaignId?: string;
    after?: { at: string; id: string };
    limit: number;
  },
): Promise<ReplyEventRow[]> {
  return list<ReplyEventRow>(
    db,
    sql`select * from (
        select ev.id, ev.occurred_at, ev.campaign_id, ca.name as campaign_name, ev.step, ev.lead_id, ev.detail, ev.type, ${classSql()} as cls, ${ruleSql()} as rule
        from ${campaignEvents} ev join ${campaigns} ca on ca.id = ev.campaign_id
        where ev.workspace_id = ${workspaceId} and ev.type in ('reply', 'auto_reply', 'unsubscribe', 'complaint')
          and ev.occurred_at >= ${iso(o.since)} and ev.occurred_at < ${iso(o.now)}
          ${o.campaignId ? sql`and ev.campaign_id = ${o.campaignId}` : sql``}
          ${o.after ? sql`and (ev.occurred_at, ev.id) < (${o.after.at}::timestamptz, ${o.after.id}::uuid)` : sql``}
      ) x where x.cls = ${o.cls}
      order by x.occurred_at desc, x.id desc
      limit ${o.limit + 1}`,
  );
}

// ---------- agents ----------

export interface AgentCampaignRow {
  id: string;
  name: string;
  status: string;
  inbox_ids: string[];
  in_sequence: number;
  due_now: number;
  next_send_at: Date | string | null;
  last_sent_at: Date | string | null;
  sent_today: number;
  runs_24h: number;
}

/** The campaigns the sender works on (active, paused, scheduled), with its state per campaign. */
export async function agentCampaigns(db: Q, workspaceId: string, now: Date): Promise<AgentCampaignRow[]> {
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const dayAgo = new Date(now.getTime() - 86_400_000);
  return list<AgentCampaignRow>(
    db,
    sql`select c.id, c.name, c.status, c.inbox_ids,
        (select count(*) from ${campaignLeads} cl where cl.campaign_id = c.id and cl.state in ('queued', 'in_progress'))::int as in_sequence,
        (select count(*) from ${campaignLeads} cl where cl.campaign_id = c.id and cl.state in ('queued', 'in_progress') and cl.next_send_at <= ${iso(now)})::int as due_now,
        (select min(cl.next_send_at) from ${campaignLeads} cl where cl.campaign_id = c.id and cl.state in ('queued', 'in_progress') and cl.next_send_at > ${iso(now)}) as next_send_at,
        (select max(cm.sent_at) from ${campaignMessages} cm where cm.campaign_id = c.id) as last_sent_at,
        (select count(*) from ${campaignMessages} cm where cm.campaign_id = c.id and cm.sent_at >= ${iso(dayStart)} and cm.sent_at < ${iso(now)})::int as sent_today,
        (select count(*) from ${automationRuns} ar where ar.workspace_id = ${workspaceId} and ar.campaign_id = c.id and ar.created_at >= ${iso(dayAgo)})::int as runs_24h
      from ${campaigns} c
      where c.workspace_id = ${workspaceId} and c.status in ('active', 'paused', 'scheduled')
      order by c.name limit 200`,
  );
}

export async function banditState(
  db: Q,
  workspaceId: string,
): Promise<
  { campaign_id: string; step: number; mode: string; winner: number | null; weights: number[] | null; weights_at: Date | string | null }[]
> {
  return list(
    db,
    sql`select campaign_id, step, mode, winner, weights, weights_at from ${abExperiments} where workspace_id = ${workspaceId} order by campaign_id, step`,
  );
}

export async function nurtureByCampaign(
  db: Q,
  workspaceId: string,
): Promise<{ campaign_id: string; name: string; enabled: boolean; active: number }[]> {
  return list(
    db,
    sql`select ns.campaign_id, ns.name, ns.enabled,
        (select count(*) from ${nurtureEnrollments} ne where ne.sequence_id = ns.id and ne.status = 'active')::int as active
      from ${nurtureSequences} ns where ns.workspace_id = ${workspaceId} and ns.campaign_id is not null`,
  );
}

export async function automationSummary(db: Q, workspaceId: string, now: Date) {
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const [r] = await list<{
    rules_enabled: number;
    rules_total: number;
    last_run_at: Date | string | null;
    runs_24h: number;
    failed_24h: number;
  }>(
    db,
    sql`select
        (select count(*) from ${automationRules} where workspace_id = ${workspaceId} and enabled)::int as rules_enabled,
        (select count(*) from ${automationRules} where workspace_id = ${workspaceId})::int as rules_total,
        (select max(created_at) from ${automationRuns} where workspace_id = ${workspaceId}) as last_run_at,
        (select count(*) from ${automationRuns} where workspace_id = ${workspaceId} and created_at >= ${iso(dayAgo)})::int as runs_24h,
        (select count(*) from ${automationRuns} where workspace_id = ${workspaceId} and created_at >= ${iso(dayAgo)} and status <> 'succeeded')::int as failed_24h`,
  );
  return r!;
}

/** Per inbox: messages of campaigns sent since the UTC day's start, and how many campaigns name it. */
export async function inboxUsage(db: Q, workspaceId: string): Promise<{ inbox_id: string; campaigns: number }[]> {
  return list(
    db,
    sql`select i as inbox_id, count(*)::int as campaigns from ${campaigns} c, unnest(c.inbox_ids) i
      where c.workspace_id = ${workspaceId} and c.status in ('active', 'paused', 'scheduled') group by 1`,
  );
}
