/** Drizzle calls for lead outcomes (lead-outcome.ts): the membership leaves the sequence, queued retries go, the lead's status follows. */
import type { CampaignLeadState } from "@prospector/contracts";
import { and, eq, inArray, sql } from "drizzle-orm";
import { campaignLeads, campaignMessages } from "../campaigns/index.ts";
import { leads } from "../leads/index.ts";
import type { Tx } from "./sending.repository.ts";

/** The membership leaves the sequence (only while it is queued, in progress or completed). */
export async function leaveSequence(tx: Tx, campaignId: string, leadId: string, state: CampaignLeadState, now: Date): Promise<void> {
  await tx
    .update(campaignLeads)
    .set({ state, nextSendAt: null, finishedAt: now, updatedAt: now, waitReason: null })
    .where(
      and(
        eq(campaignLeads.campaignId, campaignId),
        eq(campaignLeads.leadId, leadId),
        inArray(campaignLeads.state, ["queued", "in_progress", "completed"]),
      ),
    );
}

/** Retries waiting in the outbox were never delivered: they must not go now. */
export async function dropQueuedMessages(tx: Tx, campaignId: string, leadId: string): Promise<void> {
  await tx
    .delete(campaignMessages)
    .where(and(eq(campaignMessages.campaignId, campaignId), eq(campaignMessages.leadId, leadId), eq(campaignMessages.status, "queued")));
}

/** Sets the lead's status when it is one of `from`. */
export async function setLeadStatus(tx: Tx, workspaceId: string, leadId: string, to: string, from: string[]): Promise<void> {
  await tx
    .update(leads)
    .set({ status: to as "replied", updatedAt: new Date() })
    .where(
      and(eq(leads.id, leadId), eq(leads.workspaceId, workspaceId), sql`${leads.status} = any(${sql.raw(`array['${from.join("','")}']`)})`),
    );
}
