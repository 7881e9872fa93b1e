/** Error codes of recommendations and playbooks (docs/analytics/recommendations.md). */
import { defineErrors } from "./define-errors.ts";

export const recommendationsErrors = defineErrors({
  RECOMMENDATION_NOT_FOUND: { status: 404, detail: "Recommendation not found" },
  RECOMMENDATION_NOT_OPEN: {
    status: 409,
    detail: "This recommendation is no longer open (applied, dismissed or expired): generate again for a fresh one",
  },
  RECOMMENDATION_TARGET_CHANGED: {
    status: 409,
    detail: "What this recommendation would change is no longer in a state it can change: generate again",
  },
  RECOMMENDATION_RUN_NOT_FOUND: { status: 404, detail: "Generation run not found" },
  PLAYBOOK_TEMPLATE_NOT_FOUND: { status: 404, detail: "No template with this fingerprint was sent in the period" },
  PLAYBOOK_CAMPAIGN_NOT_FOUND: { status: 404, detail: "Campaign not found" },
  PLAYBOOK_CAMPAIGN_NOT_EDITABLE: {
    status: 409,
    detail: "Steps can only be added to a draft, scheduled or paused campaign",
  },
  PLAYBOOK_CAMPAIGN_FULL: { status: 409, detail: "The campaign already has the most steps a campaign may have" },
});
