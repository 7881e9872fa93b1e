/** Error codes of analytics-intelligence (docs/analytics.md). */
import { defineErrors } from "./define-errors.ts";

export const analyticsIntelligenceErrors = defineErrors({});
