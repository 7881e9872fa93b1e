import { defineErrors } from "./define-errors.ts";

/** Notifications, local mailbox, error reports, newsletter. */
export const platformErrors = defineErrors({
  NOTIFICATION_NOT_FOUND: { status: 404, detail: "Notification not found" },
  MAIL_NOT_FOUND: { status: 404, detail: "Message not found" },
});
