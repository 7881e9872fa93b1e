/**
 * Writes to the campaign events table (part A's contract) and pushes each event to the team
 * socket as `campaign.event`. Replies, bounces and unsubscribes use the same path as opens.
 */
import type { CampaignEventType } from "@prospector/contracts";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { retryTransaction } from "../../db/retry.ts";
import { campaignEvents, campaignMessages, campaigns } from "../campaigns/campaigns.table.ts";
import { leads } from "../leads/leads.table.ts";

export type Tx = Pick<Db, "select" | "insert" | "update" | "delete" | "execute">;

export interface MessageRef {
  id: string;
  workspaceId: string;
  campaignId: string;
  leadId: string | null;
  step: number;
  variant: number;
  sentAt: Date | null;
  status: string;
  inboxId: string | null;
  trackOpens: boolean;
  trackClicks: boolean;
}

export async function getMessageRef(db: Tx, id: string): Promise<MessageRef | undefined> {
  const [row] = await db
    .select({
      id: campaignMessages.id,
      workspaceId: campaignMessages.workspaceId,
      campaignId: campaignMessages.campaignId,
      leadId: campaignMessages.leadId,
      step: campaignMessages.step,
      variant: campaignMessages.variant,
      sentAt: campaignMessages.sentAt,
      status: campaignMessages.status,
      inboxId: campaignMessages.inboxId,
      trackOpens: campaigns.trackOpens,
      trackClicks: campaigns.trackClicks,
    })
    .from(campaignMessages)
    .innerJoin(campaigns, eq(campaigns.id, campaignMessages.campaignId))
    .where(eq(campaignMessages.id, id));
  return row;
}

export interface NewEvent {
  message: Pick<MessageRef, "id" | "workspaceId" | "campaignId" | "leadId" | "step" | "variant">;
  type: CampaignEventType;
  isBot?: boolean;
  url?: string | null;
  detail?: Record<string, unknown>;
  occurredAt?: Date;
}

/**
 * Locks the rows an event points at FOR KEY SHARE, in the documented order (docs/campaigns.md,
 * "Lock order"): campaign, lead, then message, which is the order a lead deletion takes them (its
 * cascade clears the message's lead_id, a key update, after deleting the lead). Explicit, so it no
 * longer depends on the order the foreign keys were created in. Returns the lead and message that
 * still exist: one deleted since the caller read it is left out of the event, which still counts for
 * the campaign, instead of failing the insert (and with it an unsubscribe's suppression).
 */
async function lockReferences(db: Tx, m: NewEvent["message"]): Promise<{ leadId: string | null; messageId: string | null }> {
  await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, m.campaignId)).for("key share");
  const [lead] = m.leadId ? await db.select({ id: leads.id }).from(leads).where(eq(leads.id, m.leadId)).for("key share") : [];
  const [message] = await db
    .select({ id: campaignMessages.id })
    .from(campaignMessages)
    .where(eq(campaignMessages.id, m.id))
    .for("key share");
  return { leadId: lead?.id ?? null, messageId: message?.id ?? null };
}

/** Call inside a transaction: the references are locked until the insert commits. */
export async function insertEvent(db: Tx, e: NewEvent): Promise<Date> {
  const occurredAt = e.occurredAt ?? new Date();
  const { leadId, messageId } = await lockReferences(db, e.message);
  await db.insert(campaignEvents).values({
    workspaceId: e.message.workspaceId,
    campaignId: e.message.campaignId,
    leadId,
    messageId,
    type: e.type,
    isBot: e.isBot ?? false,
    step: e.message.step,
    variant: e.message.variant,
    url: e.url ?? null,
    detail: e.detail ?? null,
    occurredAt,
  });
  return occurredAt;
}

/** After the event is committed: tell the workspace's browsers. */
export async function pushEvent(ctx: Pick<AppContext, "realtime" | "log">, e: NewEvent, occurredAt: Date): Promise<void> {
  await ctx.realtime
    .toWorkspace(e.message.workspaceId, "campaign.event", {
      workspace_id: e.message.workspaceId,
      campaign_id: e.message.campaignId,
      lead_id: e.message.leadId,
      message_id: e.message.id,
      type: e.type,
      is_bot: e.isBot ?? false,
      step: e.message.step,
      variant: e.message.variant,
      occurred_at: occurredAt.toISOString(),
    })
    .catch((err) => ctx.log.warn({ err }, "campaign.event not published"));
}

export async function recordEvent(ctx: Pick<AppContext, "db" | "realtime" | "log">, e: NewEvent): Promise<void> {
  // In the documented lock order (see lockReferences); a deadlock (40P01) against a writer outside
  // it still runs again, as a second line.
  const at = await retryTransaction(() => ctx.db.transaction((tx) => insertEvent(tx, e)));
  await pushEvent(ctx, e, at);
}
