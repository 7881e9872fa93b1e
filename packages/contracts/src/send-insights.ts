/**
 * Contracts of the send-insights feature (docs/send-insights.md): the send-time optimizer (best
 * hours and weekdays in the recipients' own time zones, from human opens and replies per send) with
 * "apply to campaign", and provider intelligence (results per recipient mailbox provider from MX).
 */
import { z } from "zod";

// ---------------------------------------------------------------- cached answers

/** A cached answer's refresh: idle, queued, running (with progress) or failed (the last answer stays). */
export const InsightsRefreshStatus = z.enum(["idle", "queued", "running", "failed"]);
export type InsightsRefreshStatus = z.infer<typeof InsightsRefreshStatus>;

/** Where an answer came from: when it was computed, whether newer data exists, its refresh. */
export const InsightsCache = z.object({
  /** When the answer's data was read (the window ends here). */
  computed_at: z.string(),
  /** How long computing it took. */
  duration_ms: z.number().nullable(),
  /** Computed in this request (first visit) rather than read from the stored answer. */
  fresh: z.boolean(),
  /** New sends or events arrived since: a recompute is due (it runs within minutes by itself). */
  stale: z.boolean(),
  refresh: z.object({
    status: InsightsRefreshStatus,
    progress: z.number(),
    step: z.string().nullable(),
    error: z.string().nullable(),
    requested_at: z.string().nullable(),
  }),
});
export type InsightsCache = z.infer<typeof InsightsCache>;

/** POST /api/send-insights/send-time/recompute and …/providers/recompute: the period and campaign to recompute. */
export const InsightsRecompute = z.object({
  days: z.coerce.number("Enter a number of days").int("Whole days").min(7, "At least 7 days").max(730, "At most 730 days").default(180),
  campaign_id: z.uuid("Not a valid campaign id").optional(),
});
export type InsightsRecompute = z.input<typeof InsightsRecompute>;

// ---------------------------------------------------------------- send time

export const SendTimeMetric = z.enum(["reply", "open"]);
export type SendTimeMetric = z.infer<typeof SendTimeMetric>;

/** Fewer sends than this in an hour, weekday or cell: "not enough data", never ranked. */
export const SEND_TIME_MIN_SENDS = 20;

const lookback = z.coerce
  .number("Enter a number of days")
  .int("Whole days")
  .min(7, "At least 7 days")
  .max(730, "At most 730 days")
  .default(180);
const blockHours = z.coerce
  .number("Enter a number of hours")
  .int("Whole hours")
  .min(1, "At least 1 hour")
  .max(12, "At most 12 hours")
  .default(4);

/** GET /api/send-insights/send-time. */
export const SendTimeQuery = z.object({
  /** Only this campaign's sends (else the whole workspace). */
  campaign_id: z.uuid("Not a valid campaign id").optional(),
  days: lookback,
  metric: SendTimeMetric.default("reply"),
  block_hours: blockHours,
});
export type SendTimeQuery = z.input<typeof SendTimeQuery>;

/** A share with its 95 % Wilson interval; null rate when nothing was sent. */
export const RateEstimate = z.object({
  rate: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
});
export type RateEstimate = z.infer<typeof RateEstimate>;

/** Messages sent in one bucket (recipient-local hour, weekday, or both) and how many got a human open / reply. */
export const SendTimeBucket = z.object({
  sends: z.number(),
  opened: z.number(),
  replied: z.number(),
  open: RateEstimate,
  reply: RateEstimate,
  /** At least SEND_TIME_MIN_SENDS sends: enough to rank. */
  enough: z.boolean(),
});
export type SendTimeBucket = z.infer<typeof SendTimeBucket>;

export const SendTimeHour = SendTimeBucket.extend({
  hour: z.number(),
  /** Human opens and replies that happened in this recipient-local hour (whenever the mail was sent). */
  opens_in_hour: z.number(),
  replies_in_hour: z.number(),
});
export type SendTimeHour = z.infer<typeof SendTimeHour>;

export const SendTimeWeekday = SendTimeBucket.extend({ weekday: z.number() });
export type SendTimeWeekday = z.infer<typeof SendTimeWeekday>;

export const SendTimeCell = SendTimeBucket.extend({ weekday: z.number(), hour: z.number() });
export type SendTimeCell = z.infer<typeof SendTimeCell>;

/** Why a lead's zone was not inferred from its own data. */
export const ZoneFallbackReason = z.enum(["no_location", "unknown_country", "country_spans_zones", "lead_deleted"]);
export type ZoneFallbackReason = z.infer<typeof ZoneFallbackReason>;

export const ZoneCoverage = z.object({
  /** Distinct leads behind the analysed sends. */
  leads: z.number(),
  /** Leads whose zone came from their own data (time zone field, state/province, city, country). */
  inferred: z.number(),
  /** Leads measured in their campaign's schedule time zone instead. */
  fallback: z.number(),
  fallback_reasons: z.array(z.object({ reason: ZoneFallbackReason, leads: z.number() })),
  /** Sends whose lead was deleted since (measured in the campaign's zone). */
  sends_without_lead: z.number(),
  /** The most common inferred recipient zones, most leads first, at most 12 (fallen-back leads are counted in fallback). */
  zones: z.array(z.object({ zone: z.string(), leads: z.number() })),
});
export type ZoneCoverage = z.infer<typeof ZoneCoverage>;

/** The best contiguous block of recipient-local hours on the best weekdays, for the chosen metric. */
export const SendTimeBlock = z.object({
  metric: SendTimeMetric,
  /** 0 = Sunday, ascending. */
  days: z.array(z.number()),
  start_hour: z.number(),
  /** Exclusive; 24 = the end of the day (the schedule's 23:59). */
  end_hour: z.number(),
  sends: z.number(),
  successes: z.number(),
  estimate: RateEstimate,
  /** The metric's rate over every analysed send, for comparison. */
  baseline: z.number(),
  basis: z.string(),
});
export type SendTimeBlock = z.infer<typeof SendTimeBlock>;

export const SendTimeInsights = z.object({
  campaign_id: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  days: z.number(),
  metric: SendTimeMetric,
  block_hours: z.number(),
  min_sends: z.number(),
  totals: z.object({
    sends: z.number(),
    opened: z.number(),
    replied: z.number(),
    /** Opens by privacy proxies and scanners in the window, left out. */
    bot_opens_excluded: z.number(),
  }),
  zones: ZoneCoverage,
  hours: z.array(SendTimeHour),
  weekdays: z.array(SendTimeWeekday),
  cells: z.array(SendTimeCell),
  best: SendTimeBlock.nullable(),
  /** Why there is no best block (too few sends), when best is null. */
  best_missing: z.string().nullable(),
  computed_at: z.string(),
  cache: InsightsCache,
});
export type SendTimeInsights = z.infer<typeof SendTimeInsights>;

/** Keep the campaign's schedule time zone, or move it to the zone most of its leads are in. */
export const ApplyZoneMode = z.enum(["campaign", "recipients"]);
export type ApplyZoneMode = z.infer<typeof ApplyZoneMode>;

const ScheduleShape = z.object({ timezone: z.string(), days: z.array(z.number()), start: z.string(), end: z.string() });

/** POST /api/send-insights/send-time/preview and …/apply. */
export const SendTimeApply = z.object({
  campaign_id: z.uuid("Choose a campaign"),
  days: lookback,
  metric: SendTimeMetric.default("reply"),
  block_hours: blockHours,
  timezone_mode: ApplyZoneMode.default("recipients"),
  /** apply only: the schedule the preview showed; a different result now is refused (SEND_TIME_CHANGED). */
  expected: ScheduleShape.optional(),
});
export type SendTimeApply = z.input<typeof SendTimeApply>;

export const ScheduleChange = z.object({ field: z.enum(["timezone", "days", "start", "end"]), from: z.string(), to: z.string() });
export type ScheduleChange = z.infer<typeof ScheduleChange>;

export const SendTimePreview = z.object({
  campaign: z.object({ id: z.string(), name: z.string(), status: z.string() }),
  /** The campaign's schedule may change now (draft, scheduled or paused). */
  editable: z.boolean(),
  /** Why not, when not editable. */
  not_editable_reason: z.string().nullable(),
  current: ScheduleShape,
  proposed: ScheduleShape,
  changes: z.array(ScheduleChange),
  best: SendTimeBlock,
  /** The campaign's own leads by inferred zone, most first (at most 5), and how many the proposed zone covers. */
  campaign_zones: z.array(z.object({ zone: z.string(), leads: z.number() })),
  zone_share: z.number().nullable(),
  note: z.string(),
});
export type SendTimePreview = z.infer<typeof SendTimePreview>;

export const SendTimeApplied = SendTimePreview.extend({ applied_at: z.string() });
export type SendTimeApplied = z.infer<typeof SendTimeApplied>;

// ---------------------------------------------------------------- providers

export const MailProvider = z.enum(["gmail", "microsoft", "yahoo", "icloud", "proton", "zoho", "other", "corporate", "unknown"]);
export type MailProvider = z.infer<typeof MailProvider>;

export const MAIL_PROVIDER_LABELS: Record<MailProvider, string> = {
  gmail: "Gmail / Google Workspace",
  microsoft: "Outlook / Microsoft 365",
  yahoo: "Yahoo / AOL",
  icloud: "iCloud",
  proton: "Proton Mail",
  zoho: "Zoho Mail",
  other: "Other hosted providers",
  corporate: "Corporate / self-hosted",
  unknown: "Unknown",
};

/** How a domain's provider was found: a well-known consumer domain, its MX records, or not (yet). */
export const MxLookupStatus = z.enum(["known_domain", "mx", "no_mx", "no_domain", "error", "pending"]);
export type MxLookupStatus = z.infer<typeof MxLookupStatus>;

export const ProviderQuery = z.object({
  days: lookback,
  campaign_id: z.uuid("Not a valid campaign id").optional(),
});
export type ProviderQuery = z.input<typeof ProviderQuery>;

export const ProviderFigures = z.object({
  provider: MailProvider,
  label: z.string(),
  /** Leads of the workspace with an address at this provider (all, not only those mailed). */
  leads: z.number(),
  domains: z.number(),
  sent: z.number(),
  delivered: z.number(),
  opened: z.number(),
  clicked: z.number(),
  replied: z.number(),
  bounced: z.number(),
  /** Per delivered message (opens human only); bounce rate per sent message. */
  open_rate: z.number().nullable(),
  click_rate: z.number().nullable(),
  reply_rate: z.number().nullable(),
  bounce_rate: z.number().nullable(),
  reply: RateEstimate,
});
export type ProviderFigures = z.infer<typeof ProviderFigures>;

export const ProviderInsights = z.object({
  from: z.string(),
  to: z.string(),
  days: z.number(),
  campaign_id: z.string().nullable(),
  providers: z.array(ProviderFigures),
  totals: ProviderFigures.omit({ provider: true, label: true }),
  lookups: z.object({
    /** Distinct email domains of the workspace's leads. */
    domains: z.number(),
    classified: z.number(),
    /** Not looked up yet (run a refresh). */
    pending: z.number(),
    /** Looked up, but DNS failed or gave no MX: "unknown" with the reason. */
    unresolved: z.number(),
    last_checked_at: z.string().nullable(),
  }),
  computed_at: z.string(),
  cache: InsightsCache,
});
export type ProviderInsights = z.infer<typeof ProviderInsights>;

/** GET /api/send-insights/providers/domains: the email domains behind the figures, paged. */
export const ProviderDomainsQuery = z.object({
  provider: MailProvider.optional(),
  status: MxLookupStatus.optional(),
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});
export type ProviderDomainsQuery = z.input<typeof ProviderDomainsQuery>;

export const ProviderDomain = z.object({
  domain: z.string(),
  provider: MailProvider,
  status: MxLookupStatus,
  mx_hosts: z.array(z.string()),
  /** What the lookup said when it did not classify (timeout, no MX…). */
  error: z.string().nullable(),
  checked_at: z.string().nullable(),
  leads: z.number(),
});
export type ProviderDomain = z.infer<typeof ProviderDomain>;

export const ProviderDomainPage = z.object({
  items: z.array(ProviderDomain),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
});
export type ProviderDomainPage = z.infer<typeof ProviderDomainPage>;

export const MxLookupJobStatus = z.enum(["queued", "running", "completed", "failed"]);
export type MxLookupJobStatus = z.infer<typeof MxLookupJobStatus>;

export const MxLookupJob = z.object({
  id: z.string(),
  status: MxLookupJobStatus,
  total: z.number(),
  processed: z.number(),
  classified: z.number(),
  unresolved: z.number(),
  progress: z.number(),
  error: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type MxLookupJob = z.infer<typeof MxLookupJob>;

/** POST /api/send-insights/providers/refresh. */
export const MxRefresh = z.object({
  /** Look up domains checked recently too (default: only new ones and those older than 7 days). */
  force: z.boolean().default(false),
});
export type MxRefresh = z.input<typeof MxRefresh>;

/** Socket event `send_insights_lookup.progress`. */
export const MxLookupProgress = MxLookupJob.pick({ id: true, status: true, total: true, processed: true, progress: true });
export type MxLookupProgress = z.infer<typeof MxLookupProgress>;
