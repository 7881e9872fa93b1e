/** Error codes of the coaching feature. */
import { defineErrors } from "./define-errors.ts";

export const coachingErrors = defineErrors({});
