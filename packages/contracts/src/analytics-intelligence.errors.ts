/** Error codes of analytics intelligence (docs/analytics/intelligence.md). */
import { defineErrors } from "./define-errors.ts";

export const analyticsIntelligenceErrors = defineErrors({
  INSIGHTS_RUN_NOT_FOUND: { status: 404, detail: "Insights run not found" },
  BENCHMARK_NOT_FOUND: { status: 404, detail: "Benchmark not found" },
  BENCHMARK_READ_ONLY: {
    status: 409,
    detail: "Published benchmarks shipped with Prospector cannot be changed: add your own row for your industry instead",
  },
  LEAD_SOURCE_RANGE_INVALID: { status: 422, detail: "The start date must not be after the end date" },
});
