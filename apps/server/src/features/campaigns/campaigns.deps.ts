/** What campaign services need: the app's platform services plus the campaign cache, built once per app. */
import { CAMPAIGN_SCHEDULE_JOB, type CampaignScheduleJob } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import type { CampaignCache } from "./campaigns.cache.ts";

export type CampaignDeps = Pick<AppContext, "db" | "jobs" | "realtime" | "config" | "log" | "sending"> & { cache: CampaignCache };

/** A malformed id cannot name a campaign: the same 404 as another workspace's campaign. */
export function campaignId(id: string): string {
  if (!isUuid(id)) throw new AppError("CAMPAIGN_NOT_FOUND");
  return id;
}

/** The job runs at `at` (null: now). A failure to enqueue is logged: the sender's periodic sweep also finds due leads. */
export async function sendScheduleJob(deps: CampaignDeps, job: CampaignScheduleJob, at: Date | null): Promise<void> {
  try {
    await deps.jobs.send(CAMPAIGN_SCHEDULE_JOB, job, at ? { startAfter: at } : {});
  } catch (err) {
    deps.log.error({ err, campaign: job.campaign_id }, "campaign.schedule job not sent");
  }
}
