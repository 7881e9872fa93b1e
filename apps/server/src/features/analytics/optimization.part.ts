/** The analytics feature's optimization part (docs/analytics/optimization.md): funnel, ROI, calculator, performance, live events. */
import type { Feature } from "../../platform/feature.ts";
import { optimizationRoutes } from "./optimization.routes.ts";

export const optimizationPart: Feature = {
  name: "analytics-optimization",
  routes(app, ctx) {
    optimizationRoutes(app, ctx);
  },
};
