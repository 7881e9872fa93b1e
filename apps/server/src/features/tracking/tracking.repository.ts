/** Drizzle calls for the tracking routes: the campaign email an open or click names. */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { campaignMessages, campaigns } from "../campaigns/index.ts";
import type { EventMessage } from "../sending/index.ts";

export type Tx = Pick<Db, "select" | "insert" | "update" | "delete" | "execute">;

/** The sent message an open or click names, with what its campaign tracks. */
export interface MessageRef extends EventMessage {
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
