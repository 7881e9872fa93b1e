/** GET /api/health: database, jobs and Redis, for load balancers and humans. */
import type { Feature } from "../../platform/feature.ts";
import { healthRoutes } from "./health.routes.ts";

export const healthFeature: Feature = {
  name: "health",
  routes(app, ctx) {
    healthRoutes(app, ctx);
  },
};
