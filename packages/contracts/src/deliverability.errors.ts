/** Error codes of the deliverability pages (docs/deliverability.md). */
import { defineErrors } from "./define-errors.ts";

export const deliverabilityErrors = defineErrors({
  DELIVERABILITY_INBOX_NOT_FOUND: { status: 404, detail: "Inbox not found" },
});
