/**
 * The generation job and the daily schedule: where jobs run inline, every workspace that sent in
 * the last 90 days gets a run once a day (each run also judges pending applications); on demand,
 * POST /api/recommendations/runs queues one.
 */
import type { AppContext } from "../../context.ts";
import { startTicker, type Ticker } from "../../platform/ticker.ts";
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

export type RecommendationSchedule = Ticker;

/** Null where jobs do not run inline, and in tests (they call dailyTick and runGeneration themselves). */
export function startRecommendationSchedule(ctx: AppContext): RecommendationSchedule | null {
  return startTicker(ctx, { name: "recommendations daily", everyMs: DAY_MS, firstAfterMs: 60_000, tick: () => dailyTick(ctx) });
}
