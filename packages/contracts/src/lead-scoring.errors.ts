/** Error codes of lead scoring (docs/analytics/lead-scoring.md): too little data, a training already running, unknown jobs and leads. */
import { defineErrors } from "./define-errors.ts";

export const leadScoringErrors = defineErrors({
  LEAD_SCORING_NOT_ENOUGH_DATA: {
    status: 409,
    detail: "Too few contacted leads with known outcomes to train a model: send more campaign mail and wait for replies",
  },
  LEAD_SCORING_TRAINING_RUNNING: { status: 409, detail: "A training of the lead-scoring model is already queued or running" },
  LEAD_SCORING_NO_MODEL: { status: 409, detail: "No lead-scoring model is trained yet: train one on the Predictive Intelligence page" },
  LEAD_SCORING_JOB_NOT_FOUND: { status: 404, detail: "No such training job in this workspace" },
  LEAD_SCORING_LEAD_NOT_SCORED: { status: 404, detail: "This lead has no score from the active model (yet)" },
});
