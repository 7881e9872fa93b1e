/** The analytics feature's executive part (docs/analytics.md): its jobs and routes. */
import type { Feature } from "../../platform/feature.ts";

export const executivePart: Feature = {
  name: "analytics-executive",
};
