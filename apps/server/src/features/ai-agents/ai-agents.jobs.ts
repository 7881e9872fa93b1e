/**
 * The agent-run job and the classify_replies schedule: every TICK_MS where jobs run inline, the
 * workspaces whose schedule is due get a run.
 */
import type { AppContext } from "../../context.ts";
import { startTicker, type Ticker } from "../../platform/ticker.ts";
import { AGENT_RUN_JOB, performRun } from "./ai-agents.run.ts";
import { autopilot, runSchedules } from "./ai-agents.service.ts";

const TICK_MS = 5 * 60_000;

export function defineAiAgentJobs(ctx: AppContext): void {
  ctx.jobs.define<{ runId: string }>(
    AGENT_RUN_JOB,
    async (data) => {
      await performRun(ctx, data.runId);
      await autopilot(ctx, data.runId);
    },
    { expireInSeconds: 40 * 60, retryLimit: 0 },
  );
}

export type AiAgentSchedule = Ticker;

/** Null where jobs do not run inline and under tests (they call runSchedules themselves). */
export function startAiAgentSchedule(ctx: AppContext): AiAgentSchedule | null {
  return startTicker(ctx, { name: "ai-agents schedule", everyMs: TICK_MS, tick: () => runSchedules(ctx) });
}
