/** Display words and colours for campaign and lead states, shared by the list, detail and wizard. */
import {
  type CampaignAction,
  type CampaignLeadState,
  type CampaignStatus,
  type MessageStatus,
  WAIT_REASON_TEXT,
  WaitReason,
} from "@prospector/contracts";

type ChipColor = "default" | "primary" | "secondary" | "error" | "info" | "success" | "warning";

export const STATUS_LABELS: Record<CampaignStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  active: "Active",
  paused: "Paused",
  stopped: "Stopped",
  completed: "Completed",
};

export const STATUS_COLORS: Record<CampaignStatus, ChipColor> = {
  draft: "default",
  scheduled: "info",
  active: "success",
  paused: "warning",
  stopped: "error",
  completed: "primary",
};

export const ACTION_LABELS: Record<CampaignAction, string> = {
  launch: "Launch",
  pause: "Pause",
  resume: "Resume",
  stop: "Stop",
  delete: "Delete",
};

/** Past tense for reports ("Paused: 3 campaigns"). */
export const ACTION_DONE: Record<CampaignAction, string> = {
  launch: "Launched",
  pause: "Paused",
  resume: "Resumed",
  stop: "Stopped",
  delete: "Deleted",
};

/** Verb for "Failed to …" texts. */
export const ACTION_VERBS: Record<CampaignAction, string> = {
  launch: "launch campaign",
  pause: "pause campaign",
  resume: "resume campaign",
  stop: "stop campaign",
  delete: "delete campaign",
};

export const LEAD_STATE_LABELS: Record<CampaignLeadState, string> = {
  queued: "Queued",
  in_progress: "In sequence",
  replied: "Replied",
  bounced: "Bounced",
  unsubscribed: "Unsubscribed",
  completed: "Finished",
  stopped: "Stopped",
};

export const LEAD_STATE_COLORS: Record<CampaignLeadState, ChipColor> = {
  queued: "default",
  in_progress: "info",
  replied: "success",
  bounced: "error",
  unsubscribed: "warning",
  completed: "primary",
  stopped: "default",
};

export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = {
  queued: "Queued",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed",
  bounced: "Bounced",
};

export const MESSAGE_STATUS_COLORS: Record<MessageStatus, ChipColor> = {
  queued: "default",
  sending: "info",
  sent: "success",
  failed: "error",
  bounced: "warning",
};

/** Variant 0 is the step itself (A), 1 is B… */
export const variantLetter = (variant: number) => String.fromCharCode(65 + variant);

export const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

export const pct = (n: number) => `${n.toLocaleString(undefined, { maximumFractionDigits: 1 })}%`;
export const num = (n: number) => n.toLocaleString();

/** The sender's wait reason in words; a reason this version does not know is shown as it came. */
export function waitReasonText(reason: string): string {
  const known = WaitReason.safeParse(reason);
  return known.success ? WAIT_REASON_TEXT[known.data] : reason;
}
