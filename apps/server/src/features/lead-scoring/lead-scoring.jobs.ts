/**
 * The training job, the rescoring job, and the ticker that queues rescoring: every TICK_MS where
 * jobs run inline, each workspace with an active model gets a rescore (new and changed leads, and
 * leads contacted since the last pass).
 */
import type { AppContext } from "../../context.ts";
import { startTicker, type Ticker } from "../../platform/ticker.ts";
import { performTraining, queueRescores, RESCORE_JOB, rescoreWorkspace, TRAIN_JOB } from "./lead-scoring.service.ts";

const TICK_MS = 10 * 60_000;

export function defineLeadScoringJobs(ctx: AppContext): void {
  ctx.jobs.define<{ jobId: string }>(TRAIN_JOB, (data) => performTraining(ctx, data.jobId), { expireInSeconds: 30 * 60, retryLimit: 1 });
  ctx.jobs.define<{ workspaceId: string }>(
    RESCORE_JOB,
    async (data) => {
      await rescoreWorkspace(ctx, data.workspaceId);
    },
    { expireInSeconds: 15 * 60, retryLimit: 2 },
  );
}

export type LeadScoringSchedule = Ticker;

/** Null where jobs do not run inline and under tests (they call rescoreWorkspace themselves). */
export function startLeadScoringSchedule(ctx: AppContext): LeadScoringSchedule | null {
  return startTicker(ctx, { name: "lead-scoring rescore", everyMs: TICK_MS, tick: () => queueRescores(ctx) });
}
