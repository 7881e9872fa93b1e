import { defineErrors } from "./define-errors.ts";

/** Notifications, local mailbox, error reports, newsletter, team socket. */
export const platformErrors = defineErrors({
  NOTIFICATION_NOT_FOUND: { status: 404, detail: "Notification not found" },
  MAIL_NOT_FOUND: { status: 404, detail: "Message not found" },
  INVALID_CURSOR: { status: 422, detail: "Invalid cursor" },
  INSTANCE_ADMIN_REQUIRED: { status: 403, detail: "Only an instance administrator can see this." },
  ERROR_REPORT_TOO_LARGE: { status: 413, detail: "Error report too large: at most 64 KB" },
});
