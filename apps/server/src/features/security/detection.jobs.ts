/**
 * The detection job and its ticker: every minute, in each process that runs jobs inline, a
 * scheduled run is queued unless one is queued or running (never under NODE_ENV=test: the tests
 * call tick() or detectNow() themselves).
 */
import type { AppContext } from "../../context.ts";
import { DETECTION_JOB, performRun, tick } from "./detection.service.ts";

const TICK_MS = 60_000;

export function defineDetectionJobs(ctx: AppContext): void {
  ctx.jobs.define<{ runId: string }>(DETECTION_JOB, (data) => performRun(ctx, data.runId), { expireInSeconds: 15 * 60, retryLimit: 0 });
}

export interface DetectionSchedule {
  stop(): void;
}

export function startDetectionSchedule(ctx: AppContext): DetectionSchedule | null {
  if (ctx.config.JOBS !== "inline" || ctx.config.NODE_ENV === "test") return null;
  const run = async () => {
    try {
      await tick(ctx);
    } catch (err) {
      ctx.log.error({ err }, "detection tick failed");
    }
  };
  const timer = setInterval(() => void run(), TICK_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
