/** The analytics feature's campaign-intelligence part (docs/analytics/campaign-intelligence.md): its routes. Reads only, computed on request from indexed counts. */
import type { Feature } from "../../platform/feature.ts";
import { campaignIntelligenceRoutes } from "./campaign-intelligence.routes.ts";

export const campaignIntelligencePart: Feature = {
  name: "analytics-campaign-intelligence",
  routes(app, ctx) {
    campaignIntelligenceRoutes(app, ctx);
  },
};
