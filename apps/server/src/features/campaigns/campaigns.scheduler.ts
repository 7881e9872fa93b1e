/**
 * The scheduling pass for one active campaign: where the sender (issue 4 part B) plugs in. It will
 * write due outbox rows inside the sending window and hand them to the inboxes. Until that sender
 * exists nothing is sent, and the campaign's activity says so instead of pretending.
 */
import type { CampaignDeps } from "./campaigns.deps.ts";
import type { CampaignRow } from "./campaigns.mapper.ts";
import { addActivity } from "./campaigns.repository.ts";

export const SENDER_MISSING = "sender_missing";

export async function runSchedulingPass(deps: CampaignDeps, campaign: CampaignRow): Promise<void> {
  await addActivity(deps.db, {
    workspaceId: campaign.workspaceId,
    campaignId: campaign.id,
    kind: SENDER_MISSING,
    message: "No email sender is installed on this server yet: the campaign's leads stay queued and nothing is sent",
  });
}
