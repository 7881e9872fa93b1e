/** Who a campaign email went to, for its unsubscribe link. */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { campaignMessages } from "../campaigns/campaigns.table.ts";
import { leads } from "../leads/leads.table.ts";

export async function recipientOf(db: Pick<Db, "select">, messageRowId: string) {
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
