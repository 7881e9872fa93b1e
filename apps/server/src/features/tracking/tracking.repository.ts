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

export async function insertEvent(db: Tx, e: NewEvent): Promise<Date> {
  const occurredAt = e.occurredAt ?? new Date();
  await db.insert(campaignEvents).values({
    workspaceId: e.message.workspaceId,
    campaignId: e.message.campaignId,
    leadId: e.message.leadId,
    messageId: e.message.id,
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
  // One statement; its foreign-key checks lock the campaign, lead and message rows in the order
  // the constraints were created, outside the documented order, so a lead deletion can make it a
  // deadlock victim: it simply runs again.
  const at = await retryTransaction(() => insertEvent(ctx.db, e));
  await pushEvent(ctx, e, at);
}
