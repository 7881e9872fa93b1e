/** Error codes of the optimization part of analytics (docs/analytics/optimization.md). */
import { defineErrors } from "./define-errors.ts";

export const optimizationErrors = defineErrors({
  OPTIMIZATION_SCENARIO_NOT_FOUND: { status: 404, detail: "Scenario not found" },
  OPTIMIZATION_CAMPAIGN_NOT_FOUND: { status: 404, detail: "Campaign not found" },
  OPTIMIZATION_BAD_PERIOD: { status: 422, detail: "The period must end on or after its start and span at most 366 days" },
});
