/** Error codes of the coaching feature. */
import { defineErrors } from "./define-errors.ts";

export const coachingErrors = defineErrors({
  COACHING_DRAFT_EMPTY: {
    status: 422,
    detail: "There is nothing to score: write a subject or a body with some text (placeholders and tags alone are not enough)",
  },
});
