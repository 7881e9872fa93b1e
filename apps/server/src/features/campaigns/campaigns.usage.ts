/**
 * Campaigns' figures for billing's plan usage: emails sent (campaign mail and one-off sends) and
 * campaigns created this period across the organization's workspaces. Billing sits below
 * campaigns, so it asks through its "billing.usage" hook and campaigns answers from register.
 */
import type { AppContext } from "../../context.ts";
import type { UsageFigures } from "../billing/index.ts";
import { campaignsCreatedSince, emailsSentSince } from "./campaigns.service.ts";

export function registerCampaignsUsage(ctx: AppContext): void {
  ctx.hooks.on("billing.usage", async ({ organizationId, periodStart }): Promise<UsageFigures> => {
    const [emails, campaigns] = await Promise.all([
      emailsSentSince(ctx, organizationId, periodStart),
      campaignsCreatedSince(ctx.db, organizationId, periodStart),
    ]);
    return { emails, campaigns };
  });
}
