/**
 * The request and retention jobs, and the daily retention ticker (the reputation.jobs.ts pattern):
 * only where jobs run inline and never under NODE_ENV=test (tests call retentionTick themselves).
 */
import type { AppContext } from "../../context.ts";
import { startTicker, type Ticker } from "../../platform/ticker.ts";
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

export type RetentionSchedule = Ticker;

export function startRetentionSchedule(ctx: AppContext): RetentionSchedule | null {
  return startTicker(ctx, { name: "retention", everyMs: TICK_MS, firstAfterMs: 60_000, tick: () => retentionTick(ctx) });
}
