/** Words the automation pages show for triggers, conditions, actions and exits. */
import type {
  AutomationActionType,
  AutomationConditionField,
  AutomationConditionOp,
  AutomationTriggerType,
  NurtureExitType,
} from "@prospector/contracts";

export const TRIGGERS: Record<AutomationTriggerType, string> = {
  reply_received: "Reply received",
  email_opened: "Email opened (human, N times)",
  link_clicked: "Link clicked",
  bounced: "Bounced",
  unsubscribed: "Unsubscribed or complained",
  lead_added_to_campaign: "Lead added to a campaign",
  campaign_finished: "Campaign finished for the lead",
  meeting_booked: "Meeting booked",
  lead_tagged: "Lead tagged (by an automation)",
};

export const FIELDS: Record<AutomationConditionField, string> = {
  tag: "Tag",
  status: "Lead status",
  score: "Lead score",
  company: "Company",
  email_domain: "Email domain",
  campaign: "Campaign",
  step: "Step (1 = first email)",
};

export const OPS: Record<AutomationConditionOp, string> = {
  is: "is",
  is_not: "is not",
  contains: "contains",
  gte: "at least",
  lte: "at most",
};

export const ACTIONS: Record<AutomationActionType, string> = {
  create_task: "Create a CRM task",
  notify: "Notify",
  add_to_campaign: "Add to campaign",
  enroll_in_sequence: "Enrol in nurture sequence",
  remove_from_campaign: "Remove from campaign",
  stop_in_campaign: "Stop emails in campaign",
  add_tag: "Add tag",
  remove_tag: "Remove tag",
  set_status: "Set lead status",
};

export const EXITS: Record<NurtureExitType, string> = {
  replied: "Replied",
  meeting_booked: "Meeting booked",
  unsubscribed: "Unsubscribed",
  bounced: "Bounced",
  clicked: "Clicked a link",
  after_days: "After N days",
  lead_status: "Lead status becomes…",
};

export const LEAD_STATUSES = ["new", "contacted", "replied", "interested", "not_interested", "bounced", "unsubscribed"] as const;
