/** Error codes of campaign intelligence (docs/analytics/campaign-intelligence.md). */
import { defineErrors } from "./define-errors.ts";

export const campaignIntelligenceErrors = defineErrors({
  CI_CAMPAIGN_NOT_FOUND: { status: 404, detail: "Campaign not found" },
  CI_INVALID_CURSOR: { status: 422, detail: "The page cursor is not one this list handed out: start again from the first page" },
});
