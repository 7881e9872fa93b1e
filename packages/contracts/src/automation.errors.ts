/** Error codes of the automation feature. */
import { defineErrors } from "./define-errors.ts";

export const automationErrors = defineErrors({});
