/** Who a campaign email (or a one-off send from /compose) went to, for its unsubscribe link. */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { campaignMessages } from "../campaigns/campaigns.table.ts";
import * as composeRepo from "../compose/compose.repository.ts";
import { leads } from "../leads/leads.table.ts";

export interface Recipient {
  workspaceId: string;
  /** Null for a one-off send. */
  campaignId: string | null;
  leadId: string | null;
  step: number;
  variant: number;
  email: string | null;
}

export async function recipientOf(db: Pick<Db, "select">, messageRowId: string): Promise<Recipient | undefined> {
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
  if (row) return row;
  const oneOff = await composeRepo.recipientOf(db, messageRowId);
  return oneOff && { ...oneOff, campaignId: null, step: 0, variant: 0 };
}
