/**
 * The refresh and backfill jobs, and the ticker that queues refreshes: every TICK_MS in each process
 * that runs jobs inline, workspaces whose snapshots are older than REFRESH_EVERY_MS are claimed
 * (a conditional upsert, so two processes never queue the same one) and refreshed in a job.
 */
import type { AppContext } from "../../context.ts";
import { startTicker, type Ticker } from "../../platform/ticker.ts";
import { BACKFILL_JOB, performBackfill, REFRESH_JOB, refreshWorkspace, tick } from "./reputation.service.ts";

const TICK_MS = 5 * 60_000;
export const REFRESH_EVERY_MS = 60 * 60_000;

export function defineReputationJobs(ctx: AppContext): void {
  ctx.jobs.define<{ workspaceId: string }>(
    REFRESH_JOB,
    async (data) => {
      await refreshWorkspace(ctx, data.workspaceId);
    },
    { expireInSeconds: 10 * 60, retryLimit: 2 },
  );
  ctx.jobs.define<{ workspaceId: string; days: number }>(BACKFILL_JOB, (data) => performBackfill(ctx, data), {
    expireInSeconds: 30 * 60,
    retryLimit: 1,
  });
}

export type ReputationSchedule = Ticker;

/**
 * Null where jobs do not run inline, and under NODE_ENV=test: every feature's test app would
 * otherwise rebuild its workspaces' history and notify their owners of crossed thresholds in the
 * middle of other features' assertions; the reputation tests call tick() themselves.
 */
export function startReputationSchedule(ctx: AppContext): ReputationSchedule | null {
  return startTicker(ctx, { name: "reputation", everyMs: TICK_MS, firstAfterMs: 10_000, tick: () => tick(ctx, REFRESH_EVERY_MS) });
}
