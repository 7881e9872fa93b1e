/**
 * The generation job and the daily schedule: where jobs run inline, every workspace that sent in
 * the last 90 days gets a run once a day (each run also judges pending applications); on demand,
 * POST /api/recommendations/runs queues one.
 */
import type { AppContext } from "../../context.ts";
import { dailyTick, GENERATE_JOB, runGeneration } from "./recommendations.service.ts";

const DAY_MS = 86_400_000;

export function defineRecommendationJobs(ctx: AppContext): void {
  ctx.jobs.define<{ workspaceId: string; runId: string }>(
    GENERATE_JOB,
    async (data) => {
      await runGeneration(ctx, data.workspaceId, data.runId);
    },
    { expireInSeconds: 15 * 60, retryLimit: 1 },
  );
}

export interface RecommendationSchedule {
  stop(): void;
}

/** Null where jobs do not run inline, and in tests (they call dailyTick and runGeneration themselves). */
export function startRecommendationSchedule(ctx: AppContext): RecommendationSchedule | null {
  if (ctx.config.JOBS !== "inline" || ctx.config.NODE_ENV === "test") return null;
  const run = async () => {
    try {
      await dailyTick(ctx);
    } catch (err) {
      ctx.log.error({ err }, "recommendations daily tick failed");
    }
  };
  const timer = setInterval(() => void run(), DAY_MS);
  timer.unref();
  const first = setTimeout(() => void run(), 60_000);
  first.unref();
  return {
    stop() {
      clearInterval(timer);
      clearTimeout(first);
    },
  };
}
