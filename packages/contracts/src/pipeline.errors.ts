/** Error codes of the pipeline feature: deals and alerts it is asked about, and the records an action names. */
import { defineErrors } from "./define-errors.ts";

export const pipelineErrors = defineErrors({
  PIPELINE_DEAL_NOT_FOUND: { status: 404, detail: "Deal not found" },
  PIPELINE_ALERT_NOT_FOUND: { status: 404, detail: "Alert not found: it no longer applies or never did" },
  PIPELINE_STAGE_NOT_FOUND: { status: 422, detail: "Unknown stage" },
  PIPELINE_USER_NOT_MEMBER: { status: 422, detail: "The user is not a member of this workspace" },
});
