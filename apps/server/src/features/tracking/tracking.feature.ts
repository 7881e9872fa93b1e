/**
 * Tracking: the public routes that record what happens to sent mail, opens and clicks
 * (tracking.routes.ts) and unsubscribes (unsubscribe.routes.ts, a signed link that suppresses).
 */
import type { Feature } from "../../platform/feature.ts";
import { trackingRoutes } from "./tracking.routes.ts";
import { unsubscribeRoutes } from "./unsubscribe.routes.ts";

export const trackingFeature: Feature = {
  name: "tracking",
  routes(app, ctx) {
    trackingRoutes(app, ctx);
    unsubscribeRoutes(app, ctx);
  },
};
