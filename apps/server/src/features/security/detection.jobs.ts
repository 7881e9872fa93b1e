/**
 * The detection job and its ticker: every minute, in each process that runs jobs inline, a
 * scheduled run is queued unless one is queued or running (never under NODE_ENV=test: the tests
 * call tick() or detectNow() themselves).
 */
import type { AppContext } from "../../context.ts";
import { startTicker, type Ticker } from "../../platform/ticker.ts";
import { DETECTION_JOB, performRun, tick } from "./detection.service.ts";

const TICK_MS = 60_000;

export function defineDetectionJobs(ctx: AppContext): void {
  ctx.jobs.define<{ runId: string }>(DETECTION_JOB, (data) => performRun(ctx, data.runId), { expireInSeconds: 15 * 60, retryLimit: 0 });
}

export type DetectionSchedule = Ticker;

export function startDetectionSchedule(ctx: AppContext): DetectionSchedule | null {
  return startTicker(ctx, { name: "detection", everyMs: TICK_MS, tick: () => tick(ctx) });
}
