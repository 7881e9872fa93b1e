/** The analytics feature's campaign-intelligence part (docs/analytics.md): its jobs and routes. */
import type { Feature } from "../../platform/feature.ts";

export const campaignIntelligencePart: Feature = {
  name: "analytics-campaign-intelligence",
};
