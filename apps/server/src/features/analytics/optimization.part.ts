/** The analytics feature's optimization part (docs/analytics.md): its jobs and routes. */
import type { Feature } from "../../platform/feature.ts";

export const optimizationPart: Feature = {
  name: "analytics-optimization",
};
