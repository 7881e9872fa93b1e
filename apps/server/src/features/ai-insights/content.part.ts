/** Memory intelligence and personalized images (docs/ai/content.md). */
import type { Feature } from "../../platform/feature.ts";
import { contentRoutes } from "./content.routes.ts";

export const contentPart: Feature = {
  name: "ai-insights/content",
  routes(app, ctx) {
    contentRoutes(app, ctx);
  },
};
