/** The reports feature (docs/analytics.md). */
import type { Feature } from "../../platform/feature.ts";

export const reportsFeature: Feature = {
  name: "reports",
};
