/**
 * The request and retention jobs, and the daily retention ticker (the reputation.jobs.ts pattern):
 * only where jobs run inline and never under NODE_ENV=test (tests call retentionTick themselves).
 */
import type { AppContext } from "../../context.ts";
import { processRequest, REQUEST_JOB } from "./requests.service.ts";
import { performRun, RETENTION_JOB, retentionTick } from "./settings.service.ts";

const TICK_MS = 60 * 60_000;

export function defineComplianceJobs(ctx: AppContext): void {
  ctx.jobs.define<{ requestId: string; workspaceId: string }>(REQUEST_JOB, (data) => processRequest(ctx, data), {
    expireInSeconds: 30 * 60,
    retryLimit: 1,
  });
  ctx.jobs.define<{ runId: string; workspaceId: string }>(RETENTION_JOB, (data) => performRun(ctx, data), {
    expireInSeconds: 30 * 60,
    retryLimit: 1,
  });
}

export interface RetentionSchedule {
  stop(): void;
}

export function startRetentionSchedule(ctx: AppContext): RetentionSchedule | null {
  if (ctx.config.JOBS !== "inline" || ctx.config.NODE_ENV === "test") return null;
  const run = async () => {
    try {
      await retentionTick(ctx);
    } catch (err) {
      ctx.log.error({ err }, "retention tick failed");
    }
  };
  const timer = setInterval(() => void run(), TICK_MS);
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
