import type { CampaignEventType } from "@prospector/contracts";

/** The sent message an event is about. */
export interface EventMessage {
  id: string;
  workspaceId: string;
  campaignId: string;
  leadId: string | null;
  step: number;
  variant: number;
}

export interface NewEvent {
  message: EventMessage;
  type: CampaignEventType;
  isBot?: boolean;
  url?: string | null;
  detail?: Record<string, unknown>;
  occurredAt?: Date;
}
