/** Error codes of the coaching feature. */
import { defineErrors } from "./define-errors.ts";

export const coachingErrors = defineErrors({
  COACHING_DRAFT_EMPTY: {
    status: 422,
    detail: "There is nothing to score: write a subject or a body with some text (placeholders and tags alone are not enough)",
  },
  COACHING_HTML_TOO_DEEP: {
    status: 422,
    detail: "The HTML nests more than 500 elements deep: no email needs that; simplify its structure",
  },
});
