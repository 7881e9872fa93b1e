/** The analytics feature's engine part (docs/analytics.md): its jobs and routes. */
import type { Feature } from "../../platform/feature.ts";

export const enginePart: Feature = {
  name: "analytics-engine",
};
