import type { Feature } from "../../platform/feature.ts";

/** Send-time optimizer and provider intelligence from the workspace's own opens, replies and the leads' MX records (docs/send-insights.md). */
export const sendInsightsFeature: Feature = {
  name: "send-insights",
};
