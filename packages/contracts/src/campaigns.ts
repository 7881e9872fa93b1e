/**
 * Campaign contracts (outreach-core §3, §4, §7): the campaign and its sequence, list
 * filters, the state machine shared by server and web, lead membership, launch checks and previews.
 * analytics built from the outbox and event tables. Wire names are snake_case like the spec's fields.
 */
import { z } from "zod";
import { listOf } from "./fields.ts";

export const CampaignStatus = z.enum(["draft", "scheduled", "active", "paused", "stopped", "completed"]);
export type CampaignStatus = z.infer<typeof CampaignStatus>;

export const CampaignAction = z.enum(["launch", "pause", "resume", "stop", "delete"]);
export type CampaignAction = z.infer<typeof CampaignAction>;

/**
 * The states each action is allowed in (docs/campaigns.md explains why). The web app enables its
 * buttons from this table; the server refuses anything else with the spec's 400 texts.
 */
export const CAMPAIGN_ACTION_STATES: Record<CampaignAction, readonly CampaignStatus[]> = {
  launch: ["draft", "scheduled"],
  pause: ["active"],
  resume: ["paused"],
  stop: ["scheduled", "active", "paused"],
  delete: ["draft", "scheduled", "paused", "stopped", "completed"],
};

/** States in which the sequence, inboxes, schedule and tracking may change (the name always may). */
export const CAMPAIGN_EDITABLE_STATES: readonly CampaignStatus[] = ["draft", "scheduled", "paused"];

/** pg-boss job sent on launch and resume: a scheduling pass for one campaign (payload CampaignScheduleJob). */
export const CAMPAIGN_SCHEDULE_JOB = "campaign.schedule";
export interface CampaignScheduleJob {
  campaign_id: string;
  workspace_id: string;
  reason: "launch" | "resume" | "start_at";
}

/** Where a lead is in a campaign's sequence. */
export const CampaignLeadState = z.enum(["queued", "in_progress", "replied", "bounced", "unsubscribed", "completed", "stopped"]);
export type CampaignLeadState = z.infer<typeof CampaignLeadState>;

/** An outbox row's state; one row per (campaign, lead, step), written before the SMTP call. */
export const MessageStatus = z.enum(["queued", "sending", "sent", "failed", "bounced"]);
export type MessageStatus = z.infer<typeof MessageStatus>;

/** Tracked events; auto_reply and complaint are recorded but are not replies. */
export const CampaignEventType = z.enum(["open", "click", "reply", "auto_reply", "bounce", "unsubscribe", "complaint", "meeting"]);
export type CampaignEventType = z.infer<typeof CampaignEventType>;

export const MAX_STEPS = 10;
export const MAX_VARIANTS = 4;
export const DEFAULT_DAILY_LIMIT = 30;

const required = "Campaign name and subject line are required";
const Subject = z.string().trim().max(300, "A subject has at most 300 characters");
const Body = z.string().max(100_000, "A body has at most 100,000 characters");

/** An A/B alternative of a step; an empty subject or body falls back to the step's own. */
export const CampaignVariant = z
  .object({ subject: Subject.default(""), body: Body.default("") })
  .refine((v) => v.subject !== "" || v.body.trim() !== "", { message: "A variant needs a subject or a body", path: ["body"] });
export type CampaignVariant = z.infer<typeof CampaignVariant>;

export const CampaignStep = z.object({
  /** Days after the previous step (the first step goes out at launch; its delay is ignored). */
  delay_days: z.number().int().min(0, "At least 0 days").max(365, "At most 365 days").default(0),
  subject: Subject.default(""),
  body: Body.default(""),
  variants: z.array(CampaignVariant).max(MAX_VARIANTS, `At most ${MAX_VARIANTS} variants per step`).default([]),
});
export type CampaignStep = z.infer<typeof CampaignStep>;

const HHMM = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use HH:MM (24-hour)");

/** An IANA time zone the server's Intl knows, e.g. Europe/Berlin. */
export const TimeZone = z
  .string()
  .max(64)
  .refine(
    (tz) => {
      try {
        new Intl.DateTimeFormat("en-US", { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    },
    { message: "Unknown time zone (use an IANA name such as Europe/Berlin)" },
  );

/** The sending window: which weekdays (0 = Sunday) and hours, in the campaign's time zone. */
export const CampaignSchedule = z
  .object({
    timezone: TimeZone.default("UTC"),
    days: z
      .array(z.number().int().min(0).max(6))
      .max(7)
      .transform((d) => [...new Set(d)].sort()),
    start: HHMM,
    end: HHMM,
  })
  .refine((s) => s.end > s.start, { message: "Sending end time must be after the start time", path: ["end"] });
export type CampaignSchedule = z.infer<typeof CampaignSchedule>;

const campaignFields = {
  name: z.string(required).trim().min(1, required).max(200, "A campaign name has at most 200 characters"),
  subject_line: z.string(required).trim().min(1, required).max(300, "A subject has at most 300 characters"),
  body: Body.optional(),
  steps: z.array(CampaignStep).max(MAX_STEPS, `At most ${MAX_STEPS} steps`).optional(),
  inbox_ids: z
    .array(z.uuid("Not a valid inbox id"))
    .max(50)
    .transform((ids) => [...new Set(ids)])
    .optional(),
  schedule: CampaignSchedule.optional(),
  /** When to start sending; a launch before it makes the campaign scheduled. */
  starts_at: z.iso.datetime({ offset: true }).nullish(),
  track_opens: z.boolean().optional(),
  track_clicks: z.boolean().optional(),
  stop_on_reply: z.boolean().optional(),
};

/**
 * POST /api/campaigns/. `subject_line` and `body` are the first step's; when `steps` is given too,
 * they replace steps[0]'s subject and body, so the two can never disagree.
 */
export const CampaignCreate = z.object(campaignFields);
export type CampaignCreate = z.input<typeof CampaignCreate>;

/** PUT /api/campaigns/{id}: a partial update; a field left out is unchanged. */
export const CampaignUpdate = z.object({
  ...campaignFields,
  name: campaignFields.name.optional(),
  subject_line: campaignFields.subject_line.optional(),
});
export type CampaignUpdate = z.input<typeof CampaignUpdate>;

/** Response shapes carry no transforms or defaults: responses are encoded, and a transform cannot be reversed. */
const StepOut = z.object({
  delay_days: z.number(),
  subject: z.string(),
  body: z.string(),
  variants: z.array(z.object({ subject: z.string(), body: z.string() })),
});
const ScheduleOut = z.object({ timezone: z.string(), days: z.array(z.number()), start: z.string(), end: z.string() });

export const Campaign = z.object({
  id: z.string(),
  name: z.string(),
  subject_line: z.string(),
  body: z.string(),
  status: CampaignStatus,
  steps: z.array(StepOut),
  inbox_ids: z.array(z.string()),
  schedule: ScheduleOut,
  starts_at: z.string().nullable(),
  track_opens: z.boolean(),
  track_clicks: z.boolean(),
  stop_on_reply: z.boolean(),
  /** Leads in the campaign (any state). */
  total_leads: z.number(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  launched_at: z.string().nullable(),
  paused_at: z.string().nullable(),
  stopped_at: z.string().nullable(),
  completed_at: z.string().nullable(),
});
export type Campaign = z.infer<typeof Campaign>;

export const CampaignSortField = z.enum(["created_at", "updated_at", "name", "status", "launched_at"]);
export type CampaignSortField = z.infer<typeof CampaignSortField>;

const DateParam = z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: "Use a date (YYYY-MM-DD) or an ISO date-time" });

export const CampaignListQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    per_page: z.coerce.number().int().min(1).max(100, "At most 100 per page").default(20),
    status: listOf(CampaignStatus, 6),
    search: z.string().trim().max(200).optional(),
    /** Created on or after (a date means its start, UTC). */
    date_from: DateParam.optional(),
    /** Created on or before (a date includes the whole day, UTC). */
    date_to: DateParam.optional(),
    sort_by: CampaignSortField.default("created_at"),
    sort_order: z.enum(["asc", "desc"]).default("desc"),
  })
  .refine((q) => !q.date_from || !q.date_to || q.date_from.slice(0, 10) <= q.date_to.slice(0, 10), {
    message: "date_from must not be after date_to",
    path: ["date_from"],
  });
export type CampaignListQuery = z.infer<typeof CampaignListQuery>;

export const CampaignList = z.object({
  campaigns: z.array(Campaign),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
  total_pages: z.number(),
});
export type CampaignList = z.infer<typeof CampaignList>;

export const DuplicateCampaign = z.object({
  new_name: z.string("Give the copy a name").trim().min(1, "Give the copy a name").max(200, "A campaign name has at most 200 characters"),
});
export type DuplicateCampaign = z.infer<typeof DuplicateCampaign>;

/** At most this many leads join or leave in one call. */
export const CAMPAIGN_LEADS_BATCH = 1000;
export const CampaignLeadIds = z.object({
  lead_ids: z
    .array(z.uuid("Not a valid lead id"))
    .min(1, "Select at least one lead")
    .max(CAMPAIGN_LEADS_BATCH, `At most ${CAMPAIGN_LEADS_BATCH} leads per call`),
});
export type CampaignLeadIds = z.infer<typeof CampaignLeadIds>;

export const CampaignLeadsResult = z.object({
  added: z.array(z.string()).optional(),
  removed: z.array(z.string()).optional(),
  /** Leads left out, with the reason (not found, no email, unsubscribed, in another running campaign…). */
  skipped: z.array(z.object({ id: z.string(), reason: z.string() })),
  total_leads: z.number(),
});
export type CampaignLeadsResult = z.infer<typeof CampaignLeadsResult>;

export const CampaignLeadListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  state: listOf(CampaignLeadState, 6),
});
export type CampaignLeadListQuery = z.infer<typeof CampaignLeadListQuery>;

export const CampaignLead = z.object({
  lead_id: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  company_name: z.string().nullable(),
  state: CampaignLeadState,
  /** Index of the next step to send (0-based); equals the step count when the sequence is done. */
  current_step: z.number(),
  next_send_at: z.string().nullable(),
  last_sent_at: z.string().nullable(),
  /** Why the next message has not gone yet (outside the window, inbox cap…), set by the sender. */
  wait_reason: z.string().nullable(),
  added_at: z.string(),
  /** When a team member marked a meeting booked with this lead in this campaign (the Meetings figure counts it), or null. */
  meeting_booked_at: z.string().nullable().default(null),
});
export type CampaignLead = z.infer<typeof CampaignLead>;

/**
 * A meeting booked with a lead of the campaign, marked by a team member (from the lead's row or a
 * reply): recorded once per campaign and lead, counted by the campaign's Meetings figure.
 */
export const CampaignMeeting = z.object({
  campaign_id: z.string(),
  lead_id: z.string(),
  meeting_booked_at: z.string(),
});
export type CampaignMeeting = z.infer<typeof CampaignMeeting>;

export const CampaignLeadList = z.object({
  leads: z.array(CampaignLead),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
  total_pages: z.number(),
  /** Leads per state over the whole campaign. */
  states: z.record(CampaignLeadState, z.number()),
});
export type CampaignLeadList = z.infer<typeof CampaignLeadList>;

export const LaunchIssue = z.object({ code: z.string(), message: z.string() });
export type LaunchIssue = z.infer<typeof LaunchIssue>;

export const ValidateLaunchResult = z.object({
  can_launch: z.boolean(),
  blockers: z.array(LaunchIssue),
  warnings: z.array(LaunchIssue),
  /** What a launch would do now: start sending (active) or wait for starts_at (scheduled). */
  launch_status: z.enum(["active", "scheduled"]).nullable(),
  estimate: z.object({
    messages: z.number(),
    daily_capacity: z.number(),
    sending_days: z.number(),
    /** When the last message should go, given the window, the caps and the step delays. */
    finish_at: z.string().nullable(),
  }),
  plan: z.object({ plan: z.string(), emails_per_month: z.number().nullable(), emails_sent_this_month: z.number() }),
});
export type ValidateLaunchResult = z.infer<typeof ValidateLaunchResult>;

export const CampaignPreviewQuery = z.object({
  lead_id: z.uuid("Not a valid lead id").optional(),
  /** 1-based step number. */
  step: z.coerce.number().int().min(1).max(MAX_STEPS).default(1),
  /** 0 = the step itself, 1… = its variants. */
  variant: z.coerce.number().int().min(0).max(MAX_VARIANTS).default(0),
});
export type CampaignPreviewQuery = z.infer<typeof CampaignPreviewQuery>;

export const CampaignPreview = z.object({
  lead_id: z.string().nullable(),
  step: z.number(),
  variant: z.number(),
  subject: z.string(),
  /** HTML. */
  body: z.string(),
  /** Plain-text alternative of the body. */
  text: z.string(),
});
export type CampaignPreview = z.infer<typeof CampaignPreview>;

export const CampaignActivityEntry = z.object({
  id: z.string(),
  kind: z.string(),
  message: z.string(),
  user_id: z.string().nullable(),
  created_at: z.string(),
});
export type CampaignActivityEntry = z.infer<typeof CampaignActivityEntry>;

/** Team-socket event sent to the workspace whenever a campaign changes. */
export interface CampaignUpdatedEvent {
  workspace_id: string;
  campaign_id: string;
  status: CampaignStatus | "deleted";
  action: "created" | "updated" | "deleted" | "leads" | CampaignAction | "activated";
}

// ---- Analytics -------------------------------------------------------------------------------

/** Counts over one campaign, or a workspace. Opens and clicks are human unless named _bot. */
export const CampaignCounts = z.object({
  sent: z.number(),
  delivered: z.number(),
  bounces: z.number(),
  opens: z.number(),
  unique_opens: z.number(),
  bot_opens: z.number(),
  clicks: z.number(),
  unique_clicks: z.number(),
  bot_clicks: z.number(),
  replies: z.number(),
  unsubscribes: z.number(),
  meetings: z.number(),
});
export type CampaignCounts = z.infer<typeof CampaignCounts>;

/** Percentages (0–100, one decimal): opens, clicks and replies over delivered; bounces over sent. */
export const CampaignRates = z.object({
  open_rate: z.number(),
  click_rate: z.number(),
  reply_rate: z.number(),
  bounce_rate: z.number(),
  unsubscribe_rate: z.number(),
  meeting_rate: z.number(),
});
export type CampaignRates = z.infer<typeof CampaignRates>;

export const CampaignMetrics = CampaignCounts.extend({
  campaign_id: z.string(),
  rates: CampaignRates,
  /** Outbox rows waiting or failed. */
  queued: z.number(),
  failed: z.number(),
  leads: z.record(CampaignLeadState, z.number()),
  computed_at: z.string(),
});
export type CampaignMetrics = z.infer<typeof CampaignMetrics>;

export const CampaignTrendsQuery = z
  .object({
    days: z.coerce.number().int().min(1).max(366).default(30),
    from: z.iso.date("Use a date (YYYY-MM-DD)").optional(),
    to: z.iso.date("Use a date (YYYY-MM-DD)").optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: "from must not be after to", path: ["from"] })
  .refine((q) => !q.from || !q.to || Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, {
    message: "At most 366 days",
    path: ["to"],
  });
export type CampaignTrendsQuery = z.infer<typeof CampaignTrendsQuery>;

/** One calendar day. delivered: of the emails sent that day, those not bounced; opens and clicks are human. */
export const TrendPoint = z.object({
  date: z.string(),
  sent: z.number(),
  delivered: z.number(),
  opens: z.number(),
  unique_opens: z.number(),
  clicks: z.number(),
  replies: z.number(),
  bounces: z.number(),
  unsubscribes: z.number(),
  meetings: z.number(),
});
export type TrendPoint = z.infer<typeof TrendPoint>;

export const CampaignTrends = z.object({
  campaign_id: z.string(),
  /** Days are calendar days in this time zone (the campaign's schedule). */
  timezone: z.string(),
  from: z.string(),
  to: z.string(),
  series: z.array(TrendPoint),
});
export type CampaignTrends = z.infer<typeof CampaignTrends>;

/** GET /api/campaigns/analytics/trends: the same days/from/to rules as one campaign's trends. */
export const WorkspaceTrendsQuery = CampaignTrendsQuery;
export type WorkspaceTrendsQuery = CampaignTrendsQuery;

/** One campaign's figures over the range: sent and delivered by send day, events by when they happened. */
export const CampaignPeriodTotals = CampaignCounts.extend({
  id: z.string(),
  name: z.string(),
  status: CampaignStatus,
  rates: CampaignRates,
});
export type CampaignPeriodTotals = z.infer<typeof CampaignPeriodTotals>;

export const WorkspaceTrends = z.object({
  /** Days are calendar days in this time zone (the caller's settings, else UTC). */
  timezone: z.string(),
  from: z.string(),
  to: z.string(),
  series: z.array(TrendPoint),
  /** Campaigns that sent or had events in the range, most sent first (then most replies); at most 10. */
  campaigns: z.array(CampaignPeriodTotals),
  /** How many campaigns were active in the range (campaigns lists the top of them). */
  active_campaigns: z.number(),
  computed_at: z.string(),
});
export type WorkspaceTrends = z.infer<typeof WorkspaceTrends>;

const Window = z.object({ sent: z.number(), opens: z.number(), clicks: z.number(), replies: z.number(), bounces: z.number() });
export const CampaignRealTime = z.object({
  campaign_id: z.string(),
  status: CampaignStatus,
  last_hour: Window,
  today: Window,
  /** Twelve 5-minute buckets covering the last hour, oldest first. */
  minutes: z.array(Window.extend({ at: z.string() })),
  queued: z.number(),
  last_sent_at: z.string().nullable(),
  computed_at: z.string(),
});
export type CampaignRealTime = z.infer<typeof CampaignRealTime>;

export const AnalyticsSummaryQuery = z.object({ days: z.coerce.number().int().min(1).max(366).default(30) });
export type AnalyticsSummaryQuery = z.infer<typeof AnalyticsSummaryQuery>;

export const AnalyticsSummary = CampaignCounts.extend({
  days: z.number(),
  since: z.string(),
  campaigns: z.object({ total: z.number(), by_status: z.record(CampaignStatus, z.number()) }),
  rates: CampaignRates,
  /** Up to 5 campaigns with the most replies in the period. */
  top_campaigns: z.array(z.object({ id: z.string(), name: z.string(), status: CampaignStatus, sent: z.number(), replies: z.number() })),
  computed_at: z.string(),
});
export type AnalyticsSummary = z.infer<typeof AnalyticsSummary>;

declare module "./realtime.ts" {
  interface ServerEvents {
    "campaign.updated": CampaignUpdatedEvent;
  }
}
