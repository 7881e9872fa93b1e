/** AI transparency and explainability (docs/ai/explainability.md). */
import type { Feature } from "../../platform/feature.ts";
import { explainRoutes } from "./explain.routes.ts";

export const explainPart: Feature = {
  name: "ai-insights/explain",
  routes(app, ctx) {
    explainRoutes(app, ctx);
  },
};
