/** Error codes of AI transparency and explainability: why an output came out as it did, patterns, model performance (docs/ai/explainability.md). */
import { defineErrors } from "./define-errors.ts";

export const aiExplainErrors = defineErrors({
  AI_EXPLAIN_ACTION_NOT_FOUND: { status: 404, detail: "No such AI output in this workspace" },
  AI_EXPLAIN_LEAD_NOT_FOUND: { status: 404, detail: "No such lead in this workspace" },
  AI_EXPLAIN_LEAD_NOT_SCORED: {
    status: 404,
    detail: "This lead has no score from the active lead-scoring model: train one on the Predictive Intelligence page",
  },
  AI_EXPLAIN_REPLY_NOT_CLASSIFIED: { status: 404, detail: "No classification of this reply is recorded in this workspace" },
  AI_EXPLAIN_RECOMMENDATION_NOT_FOUND: { status: 404, detail: "No such recommendation in this workspace" },
});
