/** Builders for campaign-page tests: a campaign, its metrics, an inbox and a sent message, with overridable fields. */
import type { Campaign, CampaignMetrics, Inbox, MessageLogEntry } from "@prospector/contracts";
import { uuid } from "../../leads/testing/leads-test-kit.tsx";

export function campaign(over: Partial<Campaign> = {}): Campaign {
  return {
    id: uuid(),
    name: "Q4 founders",
    subject_line: "Quick question, {{ first_name }}",
    body: "Hi {{ first_name }}",
    status: "draft",
    steps: [{ delay_days: 0, subject: "Quick question, {{ first_name }}", body: "Hi {{ first_name }}", variants: [] }],
    inbox_ids: [],
    schedule: { timezone: "UTC", days: [1, 2, 3, 4, 5], start: "09:00", end: "17:00" },
    starts_at: null,
    track_opens: true,
    track_clicks: true,
    stop_on_reply: true,
    total_leads: 0,
    created_by: null,
    created_at: "2026-11-01T10:00:00.000Z",
    updated_at: "2026-11-01T10:00:00.000Z",
    launched_at: null,
    paused_at: null,
    stopped_at: null,
    completed_at: null,
    ...over,
  };
}

export function metrics(over: Partial<CampaignMetrics> = {}): CampaignMetrics {
  return {
    campaign_id: uuid(),
    sent: 0,
    delivered: 0,
    bounces: 0,
    opens: 0,
    unique_opens: 0,
    bot_opens: 0,
    clicks: 0,
    unique_clicks: 0,
    bot_clicks: 0,
    replies: 0,
    unsubscribes: 0,
    meetings: 0,
    rates: { open_rate: 0, click_rate: 0, reply_rate: 0, bounce_rate: 0, unsubscribe_rate: 0, meeting_rate: 0 },
    queued: 0,
    failed: 0,
    leads: { queued: 0, in_progress: 0, replied: 0, bounced: 0, unsubscribed: 0, completed: 0, stopped: 0 },
    computed_at: new Date().toISOString(),
    ...over,
  };
}

export function inbox(over: Partial<Inbox> = {}): Inbox {
  return {
    id: uuid(),
    kind: "smtp",
    delivers: true,
    label: "sales@acme.example",
    email: "sales@acme.example",
    from_name: "Sam Sales",
    smtp: { host: "smtp.acme.example", port: 587, secure: false, username: "sales@acme.example", has_password: true },
    imap: { host: "imap.acme.example", port: 993, secure: true, username: "sales@acme.example", has_password: true },
    allow_plaintext: false,
    daily_limit: 30,
    min_gap_seconds: 60,
    warmup: { enabled: false, start_per_day: 5, increase_per_day: 2, started_at: null },
    health: {
      status: "healthy",
      reason: null,
      sent_today: 12,
      effective_daily_limit: 30,
      recent_sends: 80,
      recent_bounces: 2,
      bounce_rate: 2.5,
      last_sent_at: null,
    },
    imap_status: { last_polled_at: null, error: null },
    created_at: "2026-11-01T10:00:00.000Z",
    updated_at: "2026-11-01T10:00:00.000Z",
    ...over,
  };
}

export const listBody = (campaigns: Campaign[], total = campaigns.length, page = 1, per_page = 20) => ({
  campaigns,
  total,
  page,
  per_page,
  total_pages: Math.ceil(total / per_page),
});

export function sentMessage(over: Partial<MessageLogEntry> = {}): MessageLogEntry {
  return {
    id: uuid(),
    lead: { id: uuid(), name: "Ada Lovelace", email: "ada@analytical.io" },
    step: 1,
    variant: 0,
    inbox_id: uuid(),
    inbox_email: "sales@acme.example",
    subject: "Quick question, Ada",
    status: "sent",
    sent_at: "2026-11-02T10:00:00.000Z",
    message_id: "<m1@acme.example>",
    error: null,
    attempts: 1,
    created_at: "2026-11-02T10:00:00.000Z",
    opened_at: null,
    opens: 0,
    bot_opens: 0,
    clicked_at: null,
    clicks: 0,
    replied_at: null,
    bounced_at: null,
    unsubscribed_at: null,
    ...over,
  };
}

export const messageLogBody = (messages: MessageLogEntry[], total = messages.length, page = 1, per_page = 20) => ({
  messages,
  total,
  page,
  per_page,
  total_pages: Math.ceil(total / per_page),
});
