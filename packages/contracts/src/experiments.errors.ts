/** Error codes of A/B experiments across campaigns and the bandit. */
import { defineErrors } from "./define-errors.ts";

export const experimentsErrors = defineErrors({
  EXPERIMENT_NOT_FOUND: {
    status: 404,
    detail: "No A/B test at this step: the campaign or step does not exist, or the step has no variants",
  },
  EXPERIMENT_VARIANT_NOT_FOUND: { status: 422, detail: "The step has no such variant" },
  EXPERIMENT_MIN_SHARE_TOO_HIGH: {
    status: 422,
    detail:
      "The exploration floor is too high: every variant's floor together must leave room for the bandit (at most 1 / number of variants)",
  },
});
