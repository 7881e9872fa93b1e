/**
 * GET /api/campaigns/{id}/queue: every lead still in the sequence with why its next email waits
 * (decided from the campaign's state, the outbox, the window and the sender's last verdict), the
 * counts per reason, and the estimated finish from the inboxes' real daily limits.
 */
import { type CampaignQueue, type QueueQuery, WAIT_REASON_TEXT, type WaitReason } from "@prospector/contracts";
import { type SQL, sql } from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import { loadCampaign } from "../campaigns/campaigns.service.ts";
import { campaignLeads, campaignMessages } from "../campaigns/campaigns.table.ts";
import { estimateFinish } from "../campaigns/sending-window.ts";
import { effectiveDailyLimit } from "../inboxes/inboxes.health.ts";
import { getInboxesByIds } from "../inboxes/inboxes.repository.ts";
import { leads } from "../leads/leads.table.ts";
import { inWindow } from "./send-window.ts";

type Ctx = Pick<AppContext, "db">;
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** Verdicts of the sender that stay true until its next pass; others are recomputed here. */
const STORED = ["outside_window", "daily_cap", "min_gap", "warming_up", "inbox_paused", "no_inbox", "plan_limit"];

function reasonSql(status: string, windowOpen: boolean, now: Date): SQL {
  const stored = sql.raw(STORED.map((r) => `'${r}'`).join(", "));
  return sql`case
    when m.status = 'sending' then 'sending'
    when m.status = 'queued' then 'retrying'
    when ${status} = 'paused' then 'campaign_paused'
    when ${status} in ('draft', 'scheduled') then 'campaign_not_started'
    when cl.next_send_at is null then 'sending'
    when cl.next_send_at > ${now.toISOString()} then case when cl.current_step = 0 then 'campaign_not_started' else 'step_delay' end
    when ${windowOpen} = false then 'outside_window'
    when cl.wait_reason in (${stored}) then cl.wait_reason
    else 'due' end`;
}

export async function campaignQueue(ctx: Ctx, workspaceId: string, id: string, q: QueueQuery, now = new Date()): Promise<CampaignQueue> {
  const c = await loadCampaign(ctx, workspaceId, id);
  const reason = reasonSql(c.status, inWindow(c.schedule, now), now);
  const from = sql`from ${campaignLeads} cl
    join ${leads} l on l.id = cl.lead_id
    left join ${campaignMessages} m on m.campaign_id = cl.campaign_id and m.lead_id = cl.lead_id
      and m.step = cl.current_step - 1 and m.status in ('queued', 'sending')
    where cl.campaign_id = ${c.id} and cl.state in ('queued', 'in_progress')`;
  const [items, counts, remaining, inboxes] = await Promise.all([
    ctx.db.execute(sql`
      select cl.lead_id, l.email, l.first_name, l.last_name, cl.current_step, m.step as sending_step, cl.next_send_at, ${reason} as reason
      ${from}
      order by cl.next_send_at asc nulls first, cl.lead_id
      limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`),
    ctx.db.execute(sql`select ${reason} as reason, count(*) as n ${from} group by 1`),
    ctx.db.execute(sql`
      select coalesce(sum(greatest(${c.steps.length} - cl.current_step, 0)), 0)
        + (select count(*) from ${campaignMessages} m where m.campaign_id = ${c.id} and m.status in ('queued', 'sending')) as n
      from ${campaignLeads} cl where cl.campaign_id = ${c.id} and cl.state in ('queued', 'in_progress')`),
    getInboxesByIds(ctx.db, workspaceId, c.inboxIds),
  ]);
  const reasons: Record<string, number> = {};
  let total = 0;
  for (const r of rowsOf<{ reason: string; n: unknown }>(counts)) {
    reasons[r.reason] = Number(r.n);
    total += Number(r.n);
  }
  const messages = Number(rowsOf<{ n: unknown }>(remaining)[0]?.n ?? 0);
  const dailyCapacity = inboxes.filter((i) => i.status !== "paused").reduce((n, i) => n + effectiveDailyLimit(i, now), 0);
  const estimate = estimateFinish({
    from: c.startsAt && c.startsAt > now ? c.startsAt : now,
    schedule: c.schedule,
    messages,
    dailyCapacity,
    followUpDelays: c.steps.slice(1).map((s) => s.delay_days),
  });
  type Row = {
    lead_id: string;
    email: string | null;
    first_name: string | null;
    last_name: string | null;
    current_step: number;
    sending_step: number | null;
    next_send_at: unknown;
    reason: WaitReason;
  };
  return {
    campaign_id: c.id,
    status: c.status,
    remaining_messages: messages,
    reasons,
    estimate: { daily_capacity: estimate.daily_capacity, sending_days: estimate.sending_days, finish_at: estimate.finish_at },
    items: rowsOf<Row>(items).map((r) => ({
      lead_id: r.lead_id,
      email: r.email,
      first_name: r.first_name,
      last_name: r.last_name,
      step: (r.sending_step ?? Number(r.current_step)) + 1,
      next_send_at: r.next_send_at ? new Date(r.next_send_at as string).toISOString() : null,
      reason: r.reason,
      reason_text: WAIT_REASON_TEXT[r.reason] ?? r.reason,
    })),
    total,
    page: q.page,
    per_page: q.per_page,
  };
}
