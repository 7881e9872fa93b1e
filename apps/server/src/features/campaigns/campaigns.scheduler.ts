/**
 * The scheduling pass for one campaign, run by the campaign.schedule job on launch and resume: it
 * hands the campaign to the sender (features/sending) at once, so the first due messages leave
 * within seconds instead of waiting for the sender's next tick.
 */
import type { CampaignDeps } from "./campaigns.deps.ts";
import type { CampaignRow } from "./campaigns.mapper.ts";

export async function runSchedulingPass(deps: CampaignDeps, campaign: CampaignRow): Promise<void> {
  await deps.sending.pass(campaign.id);
}
