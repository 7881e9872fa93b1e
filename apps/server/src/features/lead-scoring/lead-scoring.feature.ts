/** The lead-scoring feature (docs/analytics.md). */
import type { Feature } from "../../platform/feature.ts";

export const leadScoringFeature: Feature = {
  name: "lead-scoring",
};
