import type { Feature } from "../../platform/feature.ts";
import { type AiAgentSchedule, defineAiAgentJobs, startAiAgentSchedule } from "./ai-agents.jobs.ts";
import { aiAgentsRoutes } from "./ai-agents.routes.ts";

declare module "../../context.ts" {
  interface AppContext {
    /** The classify_replies schedule's ticker (null where jobs do not run inline). */
    aiAgentSchedule: AiAgentSchedule | null;
  }
}

/** AI agents (docs/ai/agents.md): bounded tasks a user starts or schedules, with budgets, step logs and approvals. */
export const aiAgentsFeature: Feature = {
  name: "ai-agents",
  register(ctx) {
    defineAiAgentJobs(ctx);
    ctx.aiAgentSchedule = null;
  },
  start(ctx) {
    ctx.aiAgentSchedule = startAiAgentSchedule(ctx);
  },
  routes: aiAgentsRoutes,
  close(ctx) {
    ctx.aiAgentSchedule?.stop();
  },
};
