/** Error codes of the deliverability pages (docs/deliverability.md). */
import { defineErrors } from "./define-errors.ts";

export const deliverabilityErrors = defineErrors({
  DELIVERABILITY_INBOX_NOT_FOUND: { status: 404, detail: "Inbox not found" },
  DELIVERABILITY_DOMAIN_NOT_FOUND: {
    status: 404,
    detail: "No inbox of this workspace sends from that domain; connect an inbox on it first",
  },
  DELIVERABILITY_RUN_NOT_FOUND: { status: 404, detail: "Check run not found" },
  DELIVERABILITY_MESSAGE_NOT_FOUND: { status: 404, detail: "Message not found in this workspace's local mailbox" },
  DELIVERABILITY_HEADERS_INVALID: {
    status: 422,
    detail: 'No mail headers found: paste the message\'s full headers ("Show original" in Gmail, "View message source" in Outlook)',
  },
});
