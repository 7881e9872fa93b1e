/**
 * Campaigns' answers to the hooks leads declares (features/leads/leads.hooks.ts): leads sits below
 * campaigns, so a lead's campaign_id is checked, and a deleted or merged-away lead's memberships
 * locked and its undelivered retries dropped, from here. Wired by campaigns' register.
 */
import type { AppContext } from "../../context.ts";
import { dropLeavingRetries, lockMembershipsOfLeads } from "./campaign-leads.repository.ts";
import { getCampaign } from "./campaigns.repository.ts";

export function subscribeToLeadHooks(ctx: Pick<AppContext, "hooks">): void {
  ctx.hooks.on("leads.knownCampaigns", async ({ tx, workspaceId, ids }) => {
    const known: string[] = [];
    for (const id of new Set(ids)) if (await getCampaign(tx, workspaceId, id)) known.push(id);
    return known;
  });
  // Campaigns and memberships are locked before the leads (docs/campaigns.md, "Lock order"), so a
  // sending pass over these leads waits for the delete or merge, or it for the pass.
  ctx.hooks.on("leads.removing", async ({ tx, workspaceId, leadIds }) => {
    const campaignIds = await lockMembershipsOfLeads(tx, workspaceId, leadIds);
    return (goingIds) => dropLeavingRetries(tx, campaignIds, goingIds);
  });
}
