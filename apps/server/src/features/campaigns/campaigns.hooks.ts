/**
 * Hooks the campaigns feature declares for the features above it (platform/hooks.ts):
 * - "campaigns.sendNow": a launch or resume (the campaign.schedule job) asks the sender for an
 *   immediate pass instead of waiting for its next tick; sending subscribes.
 * - "campaigns.suppressed": adding leads asks which of their addresses are on the workspace's
 *   suppression list (address → reason), inside the adding transaction; suppression subscribes.
 * - "campaigns.emailsSent": the monthly email count (plan limit) asks features that send mail
 *   besides campaigns how many emails the organization sent since a date; compose subscribes.
 * - "campaigns.meetingMarked": in the transaction that first marks a meeting with a lead of a
 *   campaign; the CRM subscribes to record it as a meeting interaction (once per campaign and lead).
 * - "campaigns.editLockHolder": saving a campaign asks who holds its edit lock (the team socket's
 *   `campaign:<id>` resource); while another user does, the save is refused (CAMPAIGN_LOCKED).
 */
import type { Db } from "../../db/client.ts";

/** Who holds a campaign's edit lock, since when. */
export interface CampaignLockHolder {
  userId: string;
  name: string;
  since: Date;
}

declare module "../../platform/hooks.ts" {
  interface HookHandlers {
    "campaigns.sendNow": (e: { campaignId: string; workspaceId: string }) => Promise<void>;
    "campaigns.suppressed": (e: { tx: Db; workspaceId: string; emails: string[] }) => Promise<Map<string, string>>;
    "campaigns.emailsSent": (e: { db: Db; organizationId: string; since: Date }) => Promise<number>;
    "campaigns.meetingMarked": (e: {
      tx: Db;
      workspaceId: string;
      campaignId: string;
      campaignName: string;
      leadId: string;
      userId: string;
      at: Date;
    }) => Promise<void>;
    "campaigns.editLockHolder": (e: { workspaceId: string; campaignId: string }) => Promise<CampaignLockHolder | null>;
  }
}
