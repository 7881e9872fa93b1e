/**
 * Builders for test data, typed by the contracts: the signed-in user, leads and their jobs,
 * campaigns with their metrics and sent messages, inboxes, and user settings. Each takes the fields
 * a test cares about and fills the rest.
 */
import type {
  AuthConfig,
  Campaign,
  CampaignMetrics,
  EnrichmentJob,
  ImportJob,
  Inbox,
  Lead,
  Me,
  MessageLogEntry,
  ScrapingJob,
  UserSettings,
} from "@prospector/contracts";
import { defaultSettings } from "../features/settings/api/settings-local.ts";

let seq = 0;
/** A UUID; `uuid(n)` is the same id every time, `uuid()` a new one. */
export function uuid(n = ++seq): string {
  return `018f0000-0000-7000-8000-${String(n).padStart(12, "0")}`;
}

/** The signed-in user: an instance admin of Acme with every permission. */
export function me(over: Partial<Me> = {}): Me {
  return {
    id: "018f0000-0000-7000-8000-000000000001",
    email: "owner@example.com",
    full_name: "Olivia Owner",
    image: null,
    email_verified: true,
    is_active: true,
    is_instance_admin: true,
    role: "admin",
    role_label: "Administrator",
    permissions: ["*:*"],
    organization: { id: "org", name: "Acme", plan: "pro" },
    workspace: { id: "ws", name: "Acme" },
    created_at: "2026-01-01T00:00:00.000Z",
    ...over,
  };
}

export const ME: Me = me();

/** GET /api/auth/config of an instance with open sign-up, no SSO and the default password policy. */
export function authConfig(over: Partial<AuthConfig> = {}): AuthConfig {
  return {
    sso: { enabled: false, name: "" },
    first_user: false,
    signup_open: true,
    email_verification_required: false,
    password_policy: { min_length: 8, require_uppercase: true, require_lowercase: true, require_numbers: true, require_special: true },
    ...over,
  };
}

/** What the server stores for `user` before any change, with `over` applied. */
export function userSettings(user: Pick<Me, "full_name" | "email">, over: Partial<UserSettings> = {}): UserSettings {
  return { ...defaultSettings({ full_name: user.full_name, email: user.email }), ...over };
}
export function lead(over: Partial<Lead> = {}): Lead {
  return {
    id: uuid(),
    first_name: "Ada",
    last_name: "Lovelace",
    email: "ada@analytical.io",
    company_name: "Analytical Engines",
    role: "CEO",
    industry: null,
    pain_point: null,
    company_insight: null,
    campaign_id: null,
    phone: null,
    website: null,
    linkedin_url: null,
    city: null,
    country: null,
    source: "import",
    status: "new",
    score: null,
    score_breakdown: null,
    tags: [],
    owner_id: null,
    custom_fields: {},
    email_status: "unknown",
    seniority: null,
    department: null,
    provenance: {},
    created_at: "2026-11-01T10:00:00.000Z",
    updated_at: "2026-11-01T10:00:00.000Z",
    last_activity_at: null,
    ...over,
  };
}

export function importJob(over: Partial<ImportJob> = {}): ImportJob {
  return {
    id: uuid(),
    status: "queued",
    file_name: "leads.csv",
    duplicate_policy: "skip",
    mapping: {},
    progress: 0,
    processed_rows: 0,
    created: 0,
    updated: 0,
    skipped: 0,
    failed: 0,
    errors: [],
    error: null,
    created_at: "2026-11-01T10:00:00.000Z",
    started_at: null,
    finished_at: null,
    ...over,
  };
}

export function enrichmentJob(over: Partial<EnrichmentJob> = {}): EnrichmentJob {
  return {
    id: uuid(),
    status: "queued",
    progress: 0,
    counts: { total: 0, processed: 0, enriched: 0, unchanged: 0, failed: 0 },
    lead_ids: [],
    results: [],
    error: null,
    created_by: null,
    created_at: "2026-11-01T10:00:00.000Z",
    started_at: null,
    finished_at: null,
    updated_at: "2026-11-01T10:00:00.000Z",
    ...over,
  };
}

export function scrapingJob(over: Partial<ScrapingJob> = {}): ScrapingJob {
  return {
    id: uuid(),
    source: "website",
    parameters: { url: "https://orbit.example", max_pages: 20 },
    status: "running",
    progress: 40,
    counts: { found: 3, created: 2, duplicates_skipped: 1, failed: 0 },
    error: null,
    notes: [],
    result_lead_ids: [],
    created_by: null,
    created_at: "2026-11-01T10:00:00.000Z",
    started_at: null,
    finished_at: null,
    updated_at: "2026-11-01T10:00:00.000Z",
    ...over,
  };
}

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
