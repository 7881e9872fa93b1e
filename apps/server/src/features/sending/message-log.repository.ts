/**
 * The outbox as a log: one campaign's messages newest first (sent, else written), with the lead,
 * the inbox and what each message led to. Every filter and the order follow an index
 * (campaign_messages_log*_idx); a page's events come from (message_id, type, is_bot, occurred_at).
 */
import type { MessageStatus } from "@prospector/contracts";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { campaignEvents, campaignMessages } from "../campaigns/index.ts";
import { inboxes } from "../inboxes/index.ts";
import { LEAD_SEARCH_EXPR, leads } from "../leads/index.ts";

type Tx = Pick<Db, "execute">;
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

export interface MessageLogFilter {
  workspaceId: string;
  campaignId: string;
  status?: MessageStatus;
  /** 0-based. */
  step?: number;
  search?: string;
}

export interface MessageLogRow {
  id: string;
  lead_id: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  step: number;
  variant: number;
  inbox_id: string | null;
  inbox_email: string | null;
  subject: string | null;
  status: MessageStatus;
  sent_at: unknown;
  message_id: string | null;
  error: string | null;
  attempts: number;
  created_at: unknown;
  opened_at: unknown;
  opens: unknown;
  bot_opens: unknown;
  clicked_at: unknown;
  clicks: unknown;
  replied_at: unknown;
  bounced_at: unknown;
  unsubscribed_at: unknown;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function where(f: MessageLogFilter): SQL {
  const conds = [sql`m.campaign_id = ${f.campaignId}`];
  if (f.status) conds.push(sql`m.status = ${f.status}`);
  if (f.step !== undefined) conds.push(sql`m.step = ${f.step}`);
  // The leads' trigram index finds the matching leads; the outbox's (campaign, lead, step) key the rest.
  if (f.search) {
    conds.push(sql`m.lead_id in (
      select id from ${leads} where workspace_id = ${f.workspaceId} and ${LEAD_SEARCH_EXPR} ilike ${`%${escapeLike(f.search)}%`})`);
  }
  return sql.join(conds, sql` and `);
}

/** The same expression as the log indexes, so the order is read from them. */
const LOG_AT = sql.raw("coalesce(m.sent_at, m.created_at)");

export async function countMessages(db: Tx, f: MessageLogFilter): Promise<number> {
  const res = await db.execute(sql`select count(*) as n from ${campaignMessages} m where ${where(f)}`);
  return Number(rowsOf<{ n: unknown }>(res)[0]?.n ?? 0);
}

export async function listMessages(db: Tx, f: MessageLogFilter, limit: number, offset: number): Promise<MessageLogRow[]> {
  const res = await db.execute(sql`
    with page as (
      select m.id, m.lead_id, m.step, m.variant, m.inbox_id, m.subject, m.status, m.sent_at, m.message_id, m.error,
        m.attempts, m.created_at, ${LOG_AT} as log_at
      from ${campaignMessages} m
      where ${where(f)}
      order by ${LOG_AT} desc, m.id desc
      limit ${limit} offset ${offset}
    )
    select p.*, l.first_name, l.last_name, l.email, i.email as inbox_email, e.*
    from page p
    left join ${leads} l on l.id = p.lead_id
    left join ${inboxes} i on i.id = p.inbox_id
    left join lateral (
      select
        min(occurred_at) filter (where type = 'open' and not is_bot) as opened_at,
        count(*) filter (where type = 'open' and not is_bot) as opens,
        count(*) filter (where type = 'open' and is_bot) as bot_opens,
        min(occurred_at) filter (where type = 'click' and not is_bot) as clicked_at,
        count(*) filter (where type = 'click' and not is_bot) as clicks,
        min(occurred_at) filter (where type = 'reply') as replied_at,
        min(occurred_at) filter (where type = 'bounce') as bounced_at,
        min(occurred_at) filter (where type = 'unsubscribe') as unsubscribed_at
      from ${campaignEvents} ev where ev.message_id = p.id
    ) e on true
    order by p.log_at desc, p.id desc`);
  return rowsOf<MessageLogRow>(res);
}
