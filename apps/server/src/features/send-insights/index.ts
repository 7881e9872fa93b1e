/** The send-insights feature's surface for the features above it. */

export { applyToCampaign, previewApply, sendTimeInsights } from "./send-insights.send-time.ts";
export * from "./send-insights.table.ts";
