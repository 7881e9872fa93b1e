/** The recommendations feature (docs/analytics.md). */
import type { Feature } from "../../platform/feature.ts";

export const recommendationsFeature: Feature = {
  name: "recommendations",
};
