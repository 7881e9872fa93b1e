/** Error codes of recommendations (docs/analytics.md). */
import { defineErrors } from "./define-errors.ts";

export const recommendationsErrors = defineErrors({});
