/** Error codes of A/B experiments across campaigns and the bandit. */
import { defineErrors } from "./define-errors.ts";

export const experimentsErrors = defineErrors({});
