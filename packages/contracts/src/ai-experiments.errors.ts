/** Error codes of the AI doctor, causal analytics and the variant bandit (docs/ai/experiments.md). */
import { defineErrors } from "./define-errors.ts";

export const aiExperimentsErrors = defineErrors({});
