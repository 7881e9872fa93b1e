/** Error codes of the workspace's own models: registry, versions, deployments, drift and the feature store (docs/ai/models.md). */
import { defineErrors } from "./define-errors.ts";

export const aiModelsErrors = defineErrors({
  AI_MODELS_VERSION_NOT_FOUND: { status: 404, detail: "No such version of this model in this workspace" },
  AI_MODELS_ALREADY_LIVE: { status: 409, detail: "This version is already the live one" },
  AI_MODELS_BELOW_FLOOR: {
    status: 409,
    detail: "This version's cross-validated AUC is below the deployment floor: deploy it anyway only with force and a reason",
  },
  AI_MODELS_NO_PREVIOUS: { status: 409, detail: "There is no earlier version to roll back to" },
  AI_MODELS_NO_LIVE_MODEL: { status: 409, detail: "No model is live for this task yet: train one first" },
  AI_MODELS_NOT_ENOUGH_SENDS: {
    status: 409,
    detail: "Too few delivered campaign messages to train the send-time model: send campaigns and try again",
  },
  AI_MODELS_LEAD_NOT_FOUND: { status: 404, detail: "No lead with this id or email address in this workspace" },
});
