/**
 * ai-models' jobs: the send-time training, and the drift snapshots — every DRIFT_TICK_MS where jobs
 * run inline, each workspace with a live lead-scoring model gets a job that stores today's snapshot
 * (refreshing it through the day) and any missing day of the last month.
 */
import type { AppContext } from "../../context.ts";
import { startTicker, type Ticker } from "../../platform/ticker.ts";
import { computeMissing } from "./ai-models.drift.ts";
import * as repo from "./ai-models.repository.ts";
import { SEND_TIME_TRAIN_JOB, trainSendTime } from "./ai-models.send-time.ts";

export const DRIFT_JOB = "ai-models.drift";
const DRIFT_TICK_MS = 6 * 3_600_000;

export function defineAiModelsJobs(ctx: AppContext): void {
  ctx.jobs.define<{ workspaceId: string; userId: string | null; days: number }>(
    SEND_TIME_TRAIN_JOB,
    async (data) => {
      await trainSendTime(ctx, data.workspaceId, data.userId, data.days);
    },
    { expireInSeconds: 15 * 60, retryLimit: 1 },
  );
  ctx.jobs.define<{ workspaceId: string }>(
    DRIFT_JOB,
    async (data) => {
      await computeMissing(ctx, data.workspaceId);
    },
    { expireInSeconds: 15 * 60, retryLimit: 2 },
  );
}

export async function queueDrift(ctx: Pick<AppContext, "db" | "jobs">): Promise<number> {
  const list = await repo.workspacesWithLiveModel(ctx.db);
  for (const workspaceId of list) await ctx.jobs.send(DRIFT_JOB, { workspaceId }, { singletonKey: `ai-models-drift:${workspaceId}` });
  return list.length;
}

export type DriftSchedule = Ticker;

/** Null where jobs do not run inline and under tests (they call computeMissing themselves). */
export function startDriftSchedule(ctx: AppContext): DriftSchedule | null {
  return startTicker(ctx, { name: "ai-models drift", everyMs: DRIFT_TICK_MS, firstAfterMs: 60_000, tick: () => queueDrift(ctx) });
}
