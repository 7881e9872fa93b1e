/** Error codes of campaign-intelligence (docs/analytics.md). */
import { defineErrors } from "./define-errors.ts";

export const campaignIntelligenceErrors = defineErrors({});
