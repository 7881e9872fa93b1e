/** The analytics feature's intelligence part (docs/analytics.md): its jobs and routes. */
import type { Feature } from "../../platform/feature.ts";

export const intelligencePart: Feature = {
  name: "analytics-intelligence",
};
