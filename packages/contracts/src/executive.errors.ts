/** Error codes of executive (docs/analytics.md). */
import { defineErrors } from "./define-errors.ts";

export const executiveErrors = defineErrors({});
