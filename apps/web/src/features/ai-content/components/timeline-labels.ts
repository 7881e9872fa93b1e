/** Names of the timeline's kinds and channels as the page shows them. */
import type { TimelineChannel, TimelineKind } from "@prospector/contracts";

export const KIND_LABELS: Record<TimelineKind, string> = {
  created: "Created",
  imported: "Imported",
  enriched: "Enriched",
  merged: "Merged",
  campaign_sent: "Campaign email",
  opened: "Opened",
  clicked: "Clicked",
  replied: "Replied",
  auto_replied: "Automatic reply",
  bounced: "Bounced",
  unsubscribed: "Unsubscribed",
  complained: "Spam complaint",
  meeting: "Meeting",
  compose_sent: "One-off email",
  interaction: "CRM interaction",
  note: "Note",
  task: "Task",
  deal_created: "Deal created",
  deal_stage: "Deal stage",
  ai_action: "AI action",
  agent_run: "Agent run",
};

export const CHANNEL_LABELS: Record<TimelineChannel, string> = { email: "Email", crm: "CRM", ai: "AI", record: "Lead record" };
export const CHANNEL_COLORS: Record<TimelineChannel, "primary" | "secondary" | "info" | "default"> = {
  email: "primary",
  crm: "secondary",
  ai: "info",
  record: "default",
};
