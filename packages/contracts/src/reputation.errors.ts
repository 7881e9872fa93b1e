/** Error codes of the reputation feature: the subjects it is asked about and its backfill job. */
import { defineErrors } from "./define-errors.ts";

export const reputationErrors = defineErrors({
  REPUTATION_SUBJECT_NOT_FOUND: { status: 404, detail: "No such sending domain or inbox in this workspace" },
  REPUTATION_BACKFILL_RUNNING: { status: 409, detail: "A rebuild of the history is already running: wait for it to finish" },
  REPUTATION_NO_INBOXES: {
    status: 409,
    detail: "There is nothing to measure yet: connect an inbox that delivers, then send a campaign from it",
  },
});
