/** Error codes of reports (docs/analytics.md). */
import { defineErrors } from "./define-errors.ts";

export const reportsErrors = defineErrors({});
