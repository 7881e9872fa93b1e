/**
 * The training job, the rescoring job, and the ticker that queues rescoring: every TICK_MS where
 * jobs run inline, each workspace with an active model gets a rescore (new and changed leads, and
 * leads contacted since the last pass).
 */
import type { AppContext } from "../../context.ts";
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

export interface LeadScoringSchedule {
  stop(): void;
}

/** Null where jobs do not run inline and under tests (they call rescoreWorkspace themselves). */
export function startLeadScoringSchedule(ctx: AppContext): LeadScoringSchedule | null {
  if (ctx.config.JOBS !== "inline" || ctx.config.NODE_ENV === "test") return null;
  const run = async () => {
    try {
      await queueRescores(ctx);
    } catch (err) {
      ctx.log.error({ err }, "lead-scoring rescore tick failed");
    }
  };
  const timer = setInterval(() => void run(), TICK_MS);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
    },
  };
}
