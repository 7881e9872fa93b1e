/**
 * Writes to the campaign events table: what happened to a sent message (bounce, open, click,
 * reply, unsubscribe, complaint). The sender records hard bounces itself; tracking and replies
 * record the rest through the sending feature's entry file.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { campaignEvents, campaignMessages, campaigns } from "../campaigns/index.ts";
import { leads } from "../leads/index.ts";
import type { NewEvent } from "./message-events.types.ts";

export type Tx = Pick<Db, "select" | "insert" | "update" | "delete" | "execute">;

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
