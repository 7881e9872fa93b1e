/**
 * The campaign.schedule job (sent on launch and resume, and delayed to starts_at for a scheduled
 * campaign): starts a scheduled campaign whose time has come, then makes a scheduling pass.
 * Idempotent: a repeated or late job finds the state already changed and does nothing extra.
 */
import { CAMPAIGN_SCHEDULE_JOB, type CampaignScheduleJob } from "@prospector/contracts";
import { and, eq } from "drizzle-orm";
import type { CampaignDeps } from "./campaigns.deps.ts";
import * as repo from "./campaigns.repository.ts";
import { runSchedulingPass } from "./campaigns.scheduler.ts";
import { campaignChanged } from "./campaigns.service.ts";
import { campaigns } from "./campaigns.table.ts";

export function defineCampaignJobs(deps: CampaignDeps): void {
  deps.jobs.define<CampaignScheduleJob>(CAMPAIGN_SCHEDULE_JOB, (job) => runScheduleJob(deps, job), { expireInSeconds: 600 });
}

export async function runScheduleJob(deps: CampaignDeps, job: CampaignScheduleJob): Promise<void> {
  let row = await repo.getCampaign(deps.db, job.workspace_id, job.campaign_id);
  if (!row) return;
  if (row.status === "scheduled") {
    // Moved later since this job was queued: the job sent for the new time starts it.
    if (!row.startsAt || row.startsAt > new Date()) return;
    const activated = await deps.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(campaigns)
        .set({ status: "active", updatedAt: new Date() })
        .where(and(eq(campaigns.id, job.campaign_id), eq(campaigns.status, "scheduled")))
        .returning();
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
    await campaignChanged(deps, row.workspaceId, row.id, row.status, "activated");
  }
  if (row.status !== "active") return;
  await runSchedulingPass(deps, row);
}
