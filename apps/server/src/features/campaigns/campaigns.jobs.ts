/**
 * The campaign.schedule job (sent on launch and resume, and delayed to starts_at for a scheduled
 * campaign): starts a scheduled campaign whose time has come, then asks the sender for an
 * immediate pass ("campaigns.sendNow"), so the first due messages leave within seconds instead of
 * waiting for the sender's next tick. Idempotent: a repeated or late job finds the state already
 * changed and does nothing extra. Defined by campaigns' register.
 */
import { CAMPAIGN_SCHEDULE_JOB, type CampaignScheduleJob } from "@prospector/contracts";
import { transaction } from "../../db/client.ts";
import * as repo from "./campaigns.repository.ts";
import { type CampaignCtx, campaignChanged } from "./campaigns.service.ts";

export function defineCampaignJobs(ctx: CampaignCtx): void {
  ctx.jobs.define<CampaignScheduleJob>(CAMPAIGN_SCHEDULE_JOB, (job) => runScheduleJob(ctx, job), { expireInSeconds: 600 });
}

export async function runScheduleJob(ctx: CampaignCtx, job: CampaignScheduleJob): Promise<void> {
  let row = await repo.getCampaign(ctx.db, job.workspace_id, job.campaign_id);
  if (!row) return;
  if (row.status === "scheduled") {
    // Moved later since this job was queued: the job sent for the new time starts it.
    if (!row.startsAt || row.startsAt > new Date()) return;
    const activated = await transaction(ctx.db, async (tx) => {
      const updated = await repo.activateScheduled(tx, job.campaign_id);
      if (updated) {
        await repo.addActivity(tx, {
          workspaceId: updated.workspaceId,
          campaignId: updated.id,
          kind: "activated",
          message: "Start time reached: campaign is active",
        });
      }
      return updated;
    });
    if (!activated) return;
    row = activated;
    await campaignChanged(ctx, row.workspaceId, row.id, row.status, "activated");
  }
  if (row.status !== "active") return;
  await ctx.hooks.run("campaigns.sendNow", { campaignId: row.id, workspaceId: row.workspaceId });
}
