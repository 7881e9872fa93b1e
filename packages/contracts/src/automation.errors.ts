/** Error codes of the automation feature: rules, their run log and nurture sequences (docs/automation.md). */
import { defineErrors } from "./define-errors.ts";

export const automationErrors = defineErrors({
  AUTOMATION_RULE_NOT_FOUND: { status: 404, detail: "Automation rule not found" },
  /** Saving the rule would let its actions trigger it again, directly or through other enabled rules (the cycle is named). */
  AUTOMATION_RULE_LOOPS: { status: 409, detail: "This rule would trigger itself in a loop" },
  /** A campaign, sequence, lead or member a rule names is not this workspace's (the field is named in `errors`). */
  AUTOMATION_LINK_NOT_FOUND: { status: 404, detail: "A record the rule names was not found in this workspace" },
  /** The trigger cannot carry that condition or action (e.g. "step" on a trigger without a campaign). */
  AUTOMATION_RULE_INVALID: { status: 422, detail: "The rule is not valid" },
  NURTURE_SEQUENCE_NOT_FOUND: { status: 404, detail: "Nurture sequence not found" },
  /** One campaign carries one nurture sequence. */
  NURTURE_CAMPAIGN_TAKEN: { status: 409, detail: "This campaign already has a nurture sequence" },
  AUTOMATION_LEAD_NOT_FOUND: { status: 404, detail: "Lead not found" },
});
