/** Error codes of one-off sends from /compose (POST /api/compose/send). */
import { defineErrors } from "./define-errors.ts";

export const composeErrors = defineErrors({
  COMPOSE_RECIPIENT_SUPPRESSED: {
    status: 409,
    detail: "This address is on the workspace's suppression list (unsubscribed, bounced or complained): it must not be emailed",
  },
  COMPOSE_INBOX_PAUSED: { status: 409, detail: "This inbox is paused: resume it on the Inboxes page or pick another one" },
  COMPOSE_DAILY_LIMIT: {
    status: 429,
    detail: "This inbox has reached its daily limit (the last 24 hours): pick another inbox or try again later",
  },
  COMPOSE_PLAN_LIMIT: { status: 402, detail: "Your plan's monthly email allowance is used up" },
});
