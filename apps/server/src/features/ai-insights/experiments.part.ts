/** The AI doctor, causal analytics and the variant bandit (docs/ai/experiments.md). */
import type { Feature } from "../../platform/feature.ts";
import { experimentsRoutes } from "./experiments.routes.ts";

export const experimentsPart: Feature = {
  name: "ai-insights/experiments",
  routes(app, ctx) {
    experimentsRoutes(app, ctx);
  },
};
