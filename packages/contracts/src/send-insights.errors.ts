/** Error codes of the send-insights feature (docs/send-insights.md). */
import { defineErrors } from "./define-errors.ts";

export const sendInsightsErrors = defineErrors({
  SEND_TIME_CAMPAIGN_NOT_FOUND: { status: 404, detail: "Campaign not found" },
  SEND_TIME_NOT_ENOUGH_DATA: {
    status: 409,
    detail: "Not enough sends yet to pick the best hours: keep sending, widen the period or shorten the block",
  },
  SEND_TIME_CAMPAIGN_NOT_EDITABLE: {
    status: 409,
    detail: "This campaign's schedule cannot change in its current state",
  },
  SEND_TIME_CHANGED: {
    status: 409,
    detail: "The best hours changed since the preview (new opens or replies came in): review the preview again",
  },
  MX_LOOKUP_JOB_NOT_FOUND: { status: 404, detail: "Provider lookup not found" },
});
