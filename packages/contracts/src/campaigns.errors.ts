/** Error codes of campaigns (outreach-core §8) and of email generation. The quoted spec texts are the details. */
import { defineErrors } from "./define-errors.ts";

export const campaignsErrors = defineErrors({
  CAMPAIGN_NOT_FOUND: { status: 404, detail: "Campaign not found" },
  CAMPAIGN_INVALID: { status: 400, detail: "Invalid campaign data" },
  CAMPAIGN_DELETE_ACTIVE: { status: 400, detail: "Cannot delete active campaign" },
  CAMPAIGN_CANNOT_LAUNCH: { status: 400, detail: "Campaign cannot be launched in current state" },
  CAMPAIGN_CANNOT_PAUSE: { status: 400, detail: "Campaign cannot be paused in current state" },
  CAMPAIGN_CANNOT_RESUME: { status: 400, detail: "Campaign cannot be resumed in current state" },
  CAMPAIGN_CANNOT_STOP: { status: 400, detail: "Campaign cannot be stopped in current state" },
  CAMPAIGN_LAUNCH_BLOCKED: { status: 400, detail: "Campaign is not ready to launch" },
  CAMPAIGN_NOT_EDITABLE: {
    status: 400,
    detail: "Pause the campaign to change its sequence, inboxes, schedule or tracking; a stopped or completed campaign can be duplicated",
  },
  CAMPAIGN_LEADS_LOCKED: { status: 400, detail: "Leads cannot be added to or removed from a stopped or completed campaign" },
  CAMPAIGN_LEAD_NOT_MEMBER: { status: 404, detail: "This lead is not in the campaign" },
  /** Someone else's live team socket holds the campaign's edit lock (`campaign:<id>`); `locked_by` names them. */
  CAMPAIGN_LOCKED: { status: 423, detail: "Someone else is editing this campaign; try again when they are done" },
  CAMPAIGN_LIMIT_REACHED: { status: 402, detail: "Your plan's monthly campaign limit is reached" },
  TEMPLATE_RENDER_FAILED: { status: 422, detail: "The template could not be rendered" },
  LLM_NOT_CONFIGURED: {
    status: 400,
    detail: "No language model is configured on this server (an administrator sets LLM_BASE_URL); use the template engine instead",
  },
  EMAIL_GENERATION_FAILED: { status: 502, detail: "The language model could not write the email" },
});
