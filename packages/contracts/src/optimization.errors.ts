/** Error codes of optimization (docs/analytics.md). */
import { defineErrors } from "./define-errors.ts";

export const optimizationErrors = defineErrors({});
