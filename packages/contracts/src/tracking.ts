/**
 * Tracking: the public paths of open pixels, click redirects and unsubscribe pages, and
 * the team-socket event pushed for every tracked event.
 */
import type { CampaignEventType } from "./campaigns.ts";

/** GET /t/o/{message}/{signature}.gif: the open pixel. */
export const OPEN_PATH = "/t/o";
/** GET /t/c/{message}/{signature}?u=…: a click, redirected only to a URL signed for that message. */
export const CLICK_PATH = "/t/c";
/** GET /u/{token}: the unsubscribe page; POST /u/{token}: RFC 8058 one-click unsubscribe. */
export const UNSUBSCRIBE_PATH = "/u";

/** Team-socket event: something happened to a sent campaign email. */
export interface CampaignEventPush {
  workspace_id: string;
  campaign_id: string;
  lead_id: string | null;
  message_id: string | null;
  type: CampaignEventType;
  /** Mail-privacy proxies and link scanners, counted apart from people. */
  is_bot: boolean;
  step: number | null;
  variant: number | null;
  occurred_at: string;
}

declare module "./realtime.ts" {
  interface ServerEvents {
    "campaign.event": CampaignEventPush;
  }
}
