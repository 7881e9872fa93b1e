/** Error codes of the reputation feature. */
import { defineErrors } from "./define-errors.ts";

export const reputationErrors = defineErrors({});
