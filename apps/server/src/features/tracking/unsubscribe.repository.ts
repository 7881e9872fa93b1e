/** Who a campaign email went to, for its unsubscribe link. */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { campaignMessages } from "../campaigns/index.ts";
import { leads } from "../leads/index.ts";

export interface CampaignRecipient {
  workspaceId: string;
  campaignId: string;
  leadId: string | null;
  step: number;
  variant: number;
  email: string | null;
}

export async function campaignRecipientOf(db: Pick<Db, "select">, messageRowId: string): Promise<CampaignRecipient | undefined> {
  const [row] = await db
    .select({
      workspaceId: campaignMessages.workspaceId,
      campaignId: campaignMessages.campaignId,
      leadId: campaignMessages.leadId,
      step: campaignMessages.step,
      variant: campaignMessages.variant,
      email: leads.email,
    })
    .from(campaignMessages)
    .leftJoin(leads, eq(leads.id, campaignMessages.leadId))
    .where(eq(campaignMessages.id, messageRowId));
  return row;
}
