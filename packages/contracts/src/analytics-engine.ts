/**
 * The analytics engine's shared language (docs/analytics.md): the metric and dimension catalogue,
 * a report query (metrics × dimensions × filters over a date range) and its answer, where every
 * figure carries its source and, for rates, its sample and 95 % interval. One engine answers every
 * analytics page and the report builder; no page computes figures from raw rows.
 */
import { z } from "zod";

export const MetricKey = z.enum(
  [
    "sent",
    "delivered",
    "bounced",
    "opened",
    "clicked",
    "replied",
    "meetings",
    "unsubscribed",
    "complaints",
    "open_rate",
    "click_rate",
    "reply_rate",
    "bounce_rate",
    "meeting_rate",
    "unsubscribe_rate",
    "leads_created",
    "deals_created",
    "deals_won",
    "revenue_won",
  ],
  { error: "Unknown metric" },
);
export type MetricKey = z.infer<typeof MetricKey>;

export const DimensionKey = z.enum(["day", "week", "month", "weekday", "campaign", "inbox", "step", "variant", "owner", "lead_source"], {
  error: "Unknown dimension",
});
export type DimensionKey = z.infer<typeof DimensionKey>;

export type MetricKind = "count" | "rate" | "money";

export interface MetricSpec {
  label: string;
  kind: MetricKind;
  /** For rates: numerator and denominator metrics (the interval is Wilson's on these counts). */
  ratio?: { numerator: MetricKey; denominator: MetricKey };
  /** Where the figure comes from, in words shown beside it. */
  source: string;
  /** The dimensions it can be cut by; any other is a 422 naming the field. */
  dimensions: readonly DimensionKey[];
}

const TIME: readonly DimensionKey[] = ["day", "week", "month", "weekday"];
const MAIL: readonly DimensionKey[] = [...TIME, "campaign", "inbox", "step", "variant", "owner"];
const SENT_SOURCE = "Messages the sender handed to SMTP (campaign outbox), by the day they were sent";
const EVENT_SOURCE = (what: string) =>
  `${what} of messages sent in the period (one per message, people only: bots and mail-privacy proxies excluded)`;

/** The catalogue: every metric the engine knows, what it means, and how it may be cut. */
export const METRICS: Record<MetricKey, MetricSpec> = {
  sent: { label: "Sent", kind: "count", source: SENT_SOURCE, dimensions: MAIL },
  delivered: { label: "Delivered", kind: "count", source: "Sent messages that did not bounce", dimensions: MAIL },
  bounced: { label: "Bounced", kind: "count", source: EVENT_SOURCE("Bounces"), dimensions: MAIL },
  opened: { label: "Opened", kind: "count", source: EVENT_SOURCE("First opens"), dimensions: MAIL },
  clicked: { label: "Clicked", kind: "count", source: EVENT_SOURCE("First clicks"), dimensions: MAIL },
  replied: { label: "Replied", kind: "count", source: EVENT_SOURCE("Replies (auto-replies excluded)"), dimensions: MAIL },
  meetings: { label: "Meetings", kind: "count", source: EVENT_SOURCE("Meetings booked"), dimensions: MAIL },
  unsubscribed: { label: "Unsubscribed", kind: "count", source: EVENT_SOURCE("Unsubscribes"), dimensions: MAIL },
  complaints: { label: "Complaints", kind: "count", source: EVENT_SOURCE("Spam complaints"), dimensions: MAIL },
  open_rate: {
    label: "Open rate",
    kind: "rate",
    ratio: { numerator: "opened", denominator: "delivered" },
    source: "Opened ÷ delivered",
    dimensions: MAIL,
  },
  click_rate: {
    label: "Click rate",
    kind: "rate",
    ratio: { numerator: "clicked", denominator: "delivered" },
    source: "Clicked ÷ delivered",
    dimensions: MAIL,
  },
  reply_rate: {
    label: "Reply rate",
    kind: "rate",
    ratio: { numerator: "replied", denominator: "delivered" },
    source: "Replied ÷ delivered",
    dimensions: MAIL,
  },
  bounce_rate: {
    label: "Bounce rate",
    kind: "rate",
    ratio: { numerator: "bounced", denominator: "sent" },
    source: "Bounced ÷ sent",
    dimensions: MAIL,
  },
  meeting_rate: {
    label: "Meeting rate",
    kind: "rate",
    ratio: { numerator: "meetings", denominator: "delivered" },
    source: "Meetings ÷ delivered",
    dimensions: MAIL,
  },
  unsubscribe_rate: {
    label: "Unsubscribe rate",
    kind: "rate",
    ratio: { numerator: "unsubscribed", denominator: "delivered" },
    source: "Unsubscribed ÷ delivered",
    dimensions: MAIL,
  },
  leads_created: {
    label: "Leads created",
    kind: "count",
    source: "Leads added to the workspace, by the day they were added",
    dimensions: [...TIME, "owner", "lead_source"],
  },
  deals_created: {
    label: "Deals created",
    kind: "count",
    source: "CRM deals, by the day they were created",
    dimensions: [...TIME, "campaign", "owner"],
  },
  deals_won: {
    label: "Deals won",
    kind: "count",
    source: "CRM deals in a won stage, by the day they closed",
    dimensions: [...TIME, "campaign", "owner"],
  },
  revenue_won: {
    label: "Revenue won",
    kind: "money",
    source: "Value of CRM deals won, by the day they closed",
    dimensions: [...TIME, "campaign", "owner"],
  },
};

const isoDate = z.iso.date("Use a date like 2026-01-31");
const ids = (what: string) =>
  z
    .array(z.uuid(`Not a valid ${what} id`))
    .max(100)
    .optional();

export const ReportFilters = z.object({
  campaign_ids: ids("campaign"),
  inbox_ids: ids("inbox"),
  owner_ids: ids("user"),
  lead_sources: z.array(z.string().min(1).max(60)).max(20).optional(),
});
export type ReportFilters = z.infer<typeof ReportFilters>;

/** POST /api/analytics/query: what to count, how to cut it, over which days (UTC, both ends included). */
export const ReportQuery = z.object({
  metrics: z.array(MetricKey).min(1, "Choose at least one metric").max(10, "At most 10 metrics"),
  dimensions: z.array(DimensionKey).max(2, "At most 2 dimensions").default([]),
  from: isoDate,
  to: isoDate,
  filters: ReportFilters.default({}),
  /** Rows sorted by this metric (descending), else by the dimensions' natural order. */
  sort: MetricKey.optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
  /** Keyset page: the next_cursor of the previous answer. */
  cursor: z.string().max(500).optional(),
});
export type ReportQuery = z.input<typeof ReportQuery>;
export type ReportQueryParsed = z.output<typeof ReportQuery>;

/** One figure: its value and, for rates, the sample (n = denominator) and 95 % Wilson interval. */
export const ReportCell = z.object({
  value: z.number().nullable(),
  n: z.number().int().optional(),
  low: z.number().nullable().optional(),
  high: z.number().nullable().optional(),
});
export type ReportCell = z.infer<typeof ReportCell>;

export const ReportRow = z.object({
  /** Dimension key → its value (a date, an id, a step number as text); null where it is unknown. */
  keys: z.record(z.string(), z.string().nullable()),
  /** Dimension key → what to show (a campaign's name, an inbox's address, "Step 2"). */
  labels: z.record(z.string(), z.string()),
  values: z.record(z.string(), ReportCell),
});
export type ReportRow = z.infer<typeof ReportRow>;

export const ReportResult = z.object({
  query: z.object({
    metrics: z.array(MetricKey),
    dimensions: z.array(DimensionKey),
    from: z.string(),
    to: z.string(),
  }),
  rows: z.array(ReportRow),
  totals: z.record(z.string(), ReportCell),
  next_cursor: z.string().nullable(),
  /** Where each metric's figures come from (METRICS[m].source). */
  sources: z.record(z.string(), z.string()),
  /** When the aggregates behind the answer were last refreshed (null: computed live). */
  computed_at: z.iso.datetime().nullable(),
});
export type ReportResult = z.infer<typeof ReportResult>;

/** GET /api/analytics/catalog: the metrics and dimensions the builder offers. */
export const AnalyticsCatalog = z.object({
  metrics: z.array(
    z.object({
      key: MetricKey,
      label: z.string(),
      kind: z.enum(["count", "rate", "money"]),
      source: z.string(),
      dimensions: z.array(DimensionKey),
    }),
  ),
  dimensions: z.array(z.object({ key: DimensionKey, label: z.string() })),
});
export type AnalyticsCatalog = z.infer<typeof AnalyticsCatalog>;

export const DIMENSION_LABELS: Record<DimensionKey, string> = {
  day: "Day",
  week: "Week",
  month: "Month",
  weekday: "Weekday",
  campaign: "Campaign",
  inbox: "Inbox",
  step: "Sequence step",
  variant: "Variant",
  owner: "Owner",
  lead_source: "Lead source",
};

/** GET/POST /api/analytics/refresh: how fresh the cached aggregates are, and whether a refresh runs. */
export const AnalyticsRefreshStatus = z.object({
  /** idle: nothing under way; queued / running: a refresh job was asked for or runs now. */
  status: z.enum(["idle", "queued", "running"]),
  /** When the aggregates last finished a refresh; null: never (reports are computed live). */
  computed_at: z.iso.datetime().nullable(),
  /** Sends and events after this time are not in the aggregates yet. */
  watermark: z.iso.datetime().nullable(),
  /** The last full rebuild (every day of the workspace; done at least daily). */
  full_at: z.iso.datetime().nullable(),
  /** (day, campaign) groups the last refresh rewrote, and how long it took. */
  groups_refreshed: z.number().int(),
  duration_ms: z.number().int(),
});
export type AnalyticsRefreshStatus = z.infer<typeof AnalyticsRefreshStatus>;

export const AnalyticsRefreshRequest = z.object({
  /** Rebuild every day of the workspace instead of only what changed since the last refresh. */
  full: z.boolean().default(false),
});
export type AnalyticsRefreshRequest = z.input<typeof AnalyticsRefreshRequest>;
