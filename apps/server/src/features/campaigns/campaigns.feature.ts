/**
 * Campaigns: the sequence, its leads, the state machine and analytics. Register builds the
 * campaign cache (on ctx), defines the campaign.schedule job and answers the hooks of the features
 * below (inboxes, leads, billing); the sender and suppression answer campaigns' own hooks
 * (campaigns.hooks.ts).
 */
import type { Feature } from "../../platform/feature.ts";
import { CAMPAIGNS_CHANGED, createCampaignCache } from "./campaigns.cache.ts";
import { defineCampaignJobs } from "./campaigns.jobs.ts";
import { subscribeToLeadHooks } from "./campaigns.leads-hooks.ts";
import { campaignsRoutes } from "./campaigns.routes.ts";
import { releaseInbox } from "./campaigns.service.ts";
import { campaignMessages } from "./campaigns.table.ts";
import { registerCampaignsUsage } from "./campaigns.usage.ts";

export const campaignsFeature: Feature = {
  name: "campaigns",
  register(ctx) {
    ctx.campaignCache = createCampaignCache(ctx.redis);
    // Writes from other processes or features (the sender completing a campaign) show at once too.
    void ctx.bus.subscribe(CAMPAIGNS_CHANGED, (msg) => {
      const workspaceId = (msg as { workspaceId?: string }).workspaceId;
      if (workspaceId) void ctx.campaignCache.bump(workspaceId);
    });
    defineCampaignJobs(ctx);
    ctx.hooks.on("inboxes.sentMessages", () => campaignMessages);
    ctx.hooks.on("inboxes.deleted", ({ tx, workspaceId, inboxId }) => releaseInbox(tx, workspaceId, inboxId));
    subscribeToLeadHooks(ctx);
    registerCampaignsUsage(ctx);
  },
  routes: campaignsRoutes,
};
