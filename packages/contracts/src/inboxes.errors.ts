/** Error codes of inboxes, suppression, tracking and unsubscribe links. */
import { defineErrors } from "./define-errors.ts";

export const inboxesErrors = defineErrors({
  INBOX_NOT_FOUND: { status: 404, detail: "Inbox not found" },
  INBOX_EXISTS: { status: 409, detail: "An inbox with this email address is already connected in this workspace" },
  INBOX_LOCAL_FIXED: {
    status: 400,
    detail: "The local mailbox has no SMTP or IMAP connection to change: only its name, daily limit and gap can be edited",
  },
  INBOX_IN_USE: {
    status: 400,
    detail: "This inbox sends for an active campaign: pause that campaign or take the inbox out of it first",
  },
  INBOX_HOST_BLOCKED: {
    status: 422,
    detail:
      "This mail server is on a private or reserved address: connections there are refused unless the server's OUTBOUND_ALLOWLIST setting lists it",
  },
  INBOX_CREDENTIALS_UNREADABLE: {
    status: 409,
    detail: "The saved password cannot be decrypted (was CREDENTIALS_KEY or the auth secret changed?): enter the password again",
  },
  SUPPRESSION_NOT_FOUND: { status: 404, detail: "This address is not on the suppression list" },
  UNSUBSCRIBE_LINK_INVALID: { status: 404, detail: "This unsubscribe link is not valid" },
  TRACKING_LINK_INVALID: { status: 404, detail: "This link is not valid" },
});
