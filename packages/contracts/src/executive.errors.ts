/** Error codes of the analytics executive pages (docs/analytics/executive.md). */
import { defineErrors } from "./define-errors.ts";

export const executiveErrors = defineErrors({
  EXECUTIVE_RANGE_TOO_LONG: { status: 422, detail: "Choose at most 24 months" },
  EXECUTIVE_MEMBER_NOT_FOUND: { status: 404, detail: "Not a member of this workspace" },
});
