/** Error codes of lead-scoring (docs/analytics.md). */
import { defineErrors } from "./define-errors.ts";

export const leadScoringErrors = defineErrors({});
