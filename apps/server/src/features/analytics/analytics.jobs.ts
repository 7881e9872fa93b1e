/**
 * The engine's refresh job and its schedule: every TICK_MS, in processes that run jobs inline,
 * workspaces with sends or events after their watermark (or a full rebuild older than a day) get
 * a refresh job. Off under NODE_ENV=test: tests call refreshAnalytics themselves.
 */
import type { AppContext } from "../../context.ts";
import { startTicker, type Ticker } from "../../platform/ticker.ts";
import * as repo from "./analytics.repository.ts";
import { REFRESH_JOB, refreshAnalytics, tick } from "./engine.refresh.ts";

export const TICK_MS = 5 * 60_000;

export function defineAnalyticsJobs(ctx: AppContext): void {
  ctx.jobs.define<{ workspaceId: string; full?: boolean }>(
    REFRESH_JOB,
    async (data) => {
      await repo.markStatus(ctx.db, data.workspaceId, "running");
      try {
        await refreshAnalytics(ctx, data.workspaceId, { full: data.full === true });
      } catch (err) {
        await repo.markStatus(ctx.db, data.workspaceId, "idle");
        throw err;
      }
    },
    { expireInSeconds: 30 * 60, retryLimit: 2 },
  );
}

export type AnalyticsSchedule = Ticker;

export function startAnalyticsSchedule(ctx: AppContext): AnalyticsSchedule | null {
  return startTicker(ctx, { name: "analytics refresh", everyMs: TICK_MS, firstAfterMs: 15_000, tick: () => tick(ctx) });
}
