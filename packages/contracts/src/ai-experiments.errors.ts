/** Error codes of the AI doctor, causal analytics and the variant bandit (docs/ai/experiments.md). */
import { defineErrors } from "./define-errors.ts";

export const aiExperimentsErrors = defineErrors({
  CAUSAL_STEP_NOT_RANDOMIZED: {
    status: 422,
    detail: "This step has no variants, so there is no randomized comparison: add a variant to it in the campaign editor",
  },
  CAUSAL_DATE_OUT_OF_RANGE: { status: 422, detail: "The change date must be a real day, not in the future" },
});
