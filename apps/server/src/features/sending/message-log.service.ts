/**
 * GET /api/campaigns/{id}/messages: the sent-message log beside the queue. Each outbox row with
 * its lead, inbox and outcome, and when it was first opened by a person (machine opens are only
 * counted), clicked, replied to, bounced or unsubscribed from.
 */
import type { MessageLog, MessageLogQuery } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { loadCampaign } from "../campaigns/index.ts";
import * as repo from "./message-log.repository.ts";

type Ctx = Pick<AppContext, "db">;
const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);

export async function campaignMessageLog(ctx: Ctx, workspaceId: string, id: string, q: MessageLogQuery): Promise<MessageLog> {
  const c = await loadCampaign(ctx, workspaceId, id);
  const filter: repo.MessageLogFilter = {
    workspaceId,
    campaignId: c.id,
    status: q.status,
    step: q.step === undefined ? undefined : q.step - 1,
    search: q.search || undefined,
  };
  const [total, rows] = await Promise.all([
    repo.countMessages(ctx.db, filter),
    repo.listMessages(ctx.db, filter, q.per_page, (q.page - 1) * q.per_page),
  ]);
  return {
    messages: rows.map((r) => ({
      id: r.id,
      lead: r.lead_id
        ? { id: r.lead_id, name: [r.first_name, r.last_name].filter(Boolean).join(" ") || (r.email ?? ""), email: r.email }
        : null,
      step: Number(r.step) + 1,
      variant: Number(r.variant),
      inbox_id: r.inbox_id,
      inbox_email: r.inbox_email,
      subject: r.subject,
      status: r.status,
      sent_at: iso(r.sent_at),
      message_id: r.message_id,
      error: r.error,
      attempts: Number(r.attempts),
      created_at: iso(r.created_at) ?? "",
      opened_at: iso(r.opened_at),
      opens: Number(r.opens ?? 0),
      bot_opens: Number(r.bot_opens ?? 0),
      clicked_at: iso(r.clicked_at),
      clicks: Number(r.clicks ?? 0),
      replied_at: iso(r.replied_at),
      bounced_at: iso(r.bounced_at),
      unsubscribed_at: iso(r.unsubscribed_at),
    })),
    total,
    page: q.page,
    per_page: q.per_page,
    total_pages: Math.ceil(total / q.per_page),
  };
}
