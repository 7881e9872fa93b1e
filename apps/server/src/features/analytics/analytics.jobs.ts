/**
 * The engine's refresh job and its schedule: every TICK_MS, in processes that run jobs inline,
 * workspaces with sends or events after their watermark (or a full rebuild older than a day) get
 * a refresh job. Off under NODE_ENV=test: tests call refreshAnalytics themselves.
 */
import type { AppContext } from "../../context.ts";
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

export interface AnalyticsSchedule {
  stop(): void;
}

export function startAnalyticsSchedule(ctx: AppContext): AnalyticsSchedule | null {
  if (ctx.config.JOBS !== "inline" || ctx.config.NODE_ENV === "test") return null;
  const run = async () => {
    try {
      await tick(ctx);
    } catch (err) {
      ctx.log.error({ err }, "analytics refresh tick failed");
    }
  };
  const timer = setInterval(() => void run(), TICK_MS);
  timer.unref();
  const first = setTimeout(() => void run(), 15_000);
  first.unref();
  return {
    stop() {
      clearInterval(timer);
      clearTimeout(first);
    },
  };
}
