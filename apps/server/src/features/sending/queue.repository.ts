/** The queue view's queries: the leads still in a campaign's sequence and why each waits. */
import type { QueueQuery, WaitReason } from "@prospector/contracts";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type CampaignRow, campaignLeads, campaignMessages } from "../campaigns/index.ts";
import { leads } from "../leads/index.ts";

type Tx = Pick<Db, "execute">;
type Campaign = Pick<CampaignRow, "id" | "status" | "steps">;
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** Verdicts of the sender that stay true until its next pass; others are recomputed here. */
const STORED = ["outside_window", "daily_cap", "min_gap", "warming_up", "inbox_paused", "no_inbox", "plan_limit"];

/** `held`: the kill switch stops the campaign (workspace, campaign or every usable inbox held): due and retrying messages wait as "held". */
function reasonSql(status: string, windowOpen: boolean, now: Date, held: boolean): SQL {
  const stored = sql.raw(STORED.map((r) => `'${r}'`).join(", "));
  return sql`case
    when m.status = 'sending' then 'sending'
    when ${held} and (m.status = 'queued' or (${status} = 'active' and cl.next_send_at <= ${now.toISOString()})) then 'held'
    when m.status = 'queued' then 'retrying'
    when ${status} = 'paused' then 'campaign_paused'
    when ${status} in ('draft', 'scheduled') then 'campaign_not_started'
    when cl.next_send_at is null then 'sending'
    when cl.next_send_at > ${now.toISOString()} then case when cl.current_step = 0 then 'campaign_not_started' else 'step_delay' end
    when ${windowOpen} = false then 'outside_window'
    when cl.wait_reason in (${stored}) then cl.wait_reason
    else 'due' end`;
}

function fromSql(c: Campaign): SQL {
  return sql`from ${campaignLeads} cl
    join ${leads} l on l.id = cl.lead_id
    left join ${campaignMessages} m on m.campaign_id = cl.campaign_id and m.lead_id = cl.lead_id
      and m.step = cl.current_step - 1 and m.status in ('queued', 'sending')
    where cl.campaign_id = ${c.id} and cl.state in ('queued', 'in_progress')`;
}

export interface QueueRow {
  lead_id: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  current_step: number;
  sending_step: number | null;
  next_send_at: unknown;
  reason: WaitReason;
}

/** One page of the leads still in the sequence, the next due first. */
export async function queuePage(db: Tx, c: Campaign, windowOpen: boolean, now: Date, q: QueueQuery, held = false): Promise<QueueRow[]> {
  const res = await db.execute(sql`
      select cl.lead_id, l.email, l.first_name, l.last_name, cl.current_step, m.step as sending_step, cl.next_send_at, ${reasonSql(c.status, windowOpen, now, held)} as reason
      ${fromSql(c)}
      order by cl.next_send_at asc nulls first, cl.lead_id
      limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`);
  return rowsOf<QueueRow>(res);
}

/** How many leads wait for each reason. */
export async function queueReasonCounts(
  db: Tx,
  c: Campaign,
  windowOpen: boolean,
  now: Date,
  held = false,
): Promise<{ reason: string; n: number }[]> {
  const res = await db.execute(sql`select ${reasonSql(c.status, windowOpen, now, held)} as reason, count(*) as n ${fromSql(c)} group by 1`);
  return rowsOf<{ reason: string; n: unknown }>(res).map((r) => ({ reason: r.reason, n: Number(r.n) }));
}

/** Emails still to send: the steps left of every lead in the sequence plus what is queued or sending. */
export async function remainingMessages(db: Tx, c: Campaign): Promise<number> {
  const res = await db.execute(sql`
      select coalesce(sum(greatest(${c.steps.length} - cl.current_step, 0)), 0)
        + (select count(*) from ${campaignMessages} m where m.campaign_id = ${c.id} and m.status in ('queued', 'sending')) as n
      from ${campaignLeads} cl where cl.campaign_id = ${c.id} and cl.state in ('queued', 'in_progress')`);
  return Number(rowsOf<{ n: unknown }>(res)[0]?.n ?? 0);
}
