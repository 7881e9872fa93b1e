/** Error codes of the analytics engine (docs/analytics.md). */
import { defineErrors } from "./define-errors.ts";

export const analyticsEngineErrors = defineErrors({
  ANALYTICS_INVALID_QUERY: { status: 422, detail: "The report cannot be computed as asked" },
});
