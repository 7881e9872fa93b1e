import type { Feature } from "../../platform/feature.ts";
import { aiAgentsRoutes } from "./ai-agents.routes.ts";

/** AI agents (docs/ai/agents.md): bounded tasks a user starts or schedules, with budgets, step logs and approvals. */
export const aiAgentsFeature: Feature = {
  name: "ai-agents",
  routes: aiAgentsRoutes,
};
