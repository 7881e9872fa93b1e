/** Error codes of the send-insights feature. */
import { defineErrors } from "./define-errors.ts";

export const sendInsightsErrors = defineErrors({});
