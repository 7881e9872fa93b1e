/**
 * Contracts of the analytics executive pages (docs/analytics/executive.md): the command center
 * (today and what needs a human), the boardroom (month over month), team performance (per member)
 * and user success (each member's adoption checklist). Every figure carries its source; every rate
 * its sample and 95 % Wilson interval.
 */
import { z } from "zod";

/** A rate with its sample (n = denominator) and 95 % Wilson interval; nulls when n is 0. */
export const ExecRate = z.object({
  value: z.number().nullable(),
  n: z.number().int(),
  low: z.number().nullable(),
  high: z.number().nullable(),
});
export type ExecRate = z.infer<typeof ExecRate>;

// ---------------------------------------------------------------- command center

export const TodayMetric = z.enum(["sent", "replied", "meetings", "bounced", "unsubscribed"]);
export type TodayMetric = z.infer<typeof TodayMetric>;

export const TodayFigure = z.object({
  key: TodayMetric,
  label: z.string(),
  today: z.number().int(),
  yesterday: z.number().int(),
  /** Mean of the 7 whole days before today, one decimal. */
  avg_7d: z.number(),
  source: z.string(),
});
export type TodayFigure = z.infer<typeof TodayFigure>;

export const CommandAlert = z.object({
  kind: z.enum(["pipeline", "reputation", "hold", "inbox"]),
  severity: z.enum(["critical", "warning", "info"]),
  title: z.string(),
  detail: z.string(),
  /** Where to act (an app path). */
  link: z.string(),
  since: z.iso.datetime().nullable(),
});
export type CommandAlert = z.infer<typeof CommandAlert>;

export const WaitingReply = z.object({
  event_id: z.string(),
  lead_id: z.string().nullable(),
  lead_email: z.string().nullable(),
  lead_name: z.string().nullable(),
  campaign_id: z.string(),
  campaign_name: z.string(),
  snippet: z.string().nullable(),
  /** The lead is marked interested. */
  positive: z.boolean(),
  received_at: z.iso.datetime(),
  link: z.string(),
});
export type WaitingReply = z.infer<typeof WaitingReply>;

export const OverdueTask = z.object({
  id: z.string(),
  title: z.string(),
  due_at: z.iso.datetime(),
  assignee_id: z.string().nullable(),
  assignee_name: z.string().nullable(),
  mine: z.boolean(),
  link: z.string(),
});
export type OverdueTask = z.infer<typeof OverdueTask>;

export const CampaignAttention = z.object({
  id: z.string(),
  name: z.string(),
  state: z.enum(["paused", "stalled"]),
  reason: z.string(),
  since: z.iso.datetime().nullable(),
  link: z.string(),
});
export type CampaignAttention = z.infer<typeof CampaignAttention>;

export const InboxAttention = z.object({
  id: z.string(),
  email: z.string(),
  status: z.string(),
  reason: z.string(),
  link: z.string(),
});
export type InboxAttention = z.infer<typeof InboxAttention>;

const listOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });

export const CommandCenter = z.object({
  generated_at: z.iso.datetime(),
  /** The IANA zone "today" is counted in, and whether it is the workspace's setting or the UTC default. */
  timezone: z.string(),
  timezone_source: z.enum(["workspace", "default"]),
  today: z.iso.date(),
  figures: z.array(TodayFigure),
  /** Today's replies ÷ today's sends (a pace, not a cohort rate), with its interval. */
  reply_pace: ExecRate,
  alerts: z.array(CommandAlert),
  replies: listOf(WaitingReply),
  tasks: listOf(OverdueTask),
  campaigns: listOf(CampaignAttention),
  inboxes: listOf(InboxAttention),
  /** How each list and figure is decided, for the page's notes. */
  rules: z.record(z.string(), z.string()),
});
export type CommandCenter = z.infer<typeof CommandCenter>;

// ---------------------------------------------------------------- boardroom

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Use a month like 2026-01");

export const BoardroomQuery = z.object({
  /** First month (default: 11 months before `to`). */
  from: month.optional(),
  /** Last month (default: the last complete month, UTC). */
  to: month.optional(),
});
export type BoardroomQuery = z.infer<typeof BoardroomQuery>;

export const BoardroomMonth = z.object({
  month: z.string(),
  sent: z.number().int(),
  delivered: z.number().int(),
  replied: z.number().int(),
  reply_rate: ExecRate,
  meetings: z.number().int(),
  deals_created: z.number().int(),
  deals_won: z.number().int(),
  revenue_won: z.number(),
});
export type BoardroomMonth = z.infer<typeof BoardroomMonth>;

export const KpiKey = z.enum(["sent", "reply_rate", "meetings", "deals_created", "deals_won", "revenue_won"]);
export type KpiKey = z.infer<typeof KpiKey>;

export const KpiDelta = z.object({
  /** The comparison month. */
  month: z.string(),
  value: z.number().nullable(),
  /** Relative change (0.25 = +25 %) for counts and money; for the reply rate, percentage points (0.01 = +1 pt). */
  change: z.number().nullable(),
  /** Rates: a two-proportion z-test at 5 %. Counts: never flagged (no sampling model). */
  significant: z.boolean(),
  p_value: z.number().nullable(),
});
export type KpiDelta = z.infer<typeof KpiDelta>;

export const BoardroomKpi = z.object({
  key: KpiKey,
  label: z.string(),
  kind: z.enum(["count", "rate", "money"]),
  /** The last month of the range. */
  month: z.string(),
  value: z.number().nullable(),
  rate: ExecRate.nullable(),
  mom: KpiDelta,
  yoy: KpiDelta,
  source: z.string(),
});
export type BoardroomKpi = z.infer<typeof BoardroomKpi>;

export const Boardroom = z.object({
  from: z.string(),
  to: z.string(),
  /** The last month is the current one, not over yet: its KPIs are month to date. */
  to_is_partial: z.boolean(),
  months: z.array(BoardroomMonth),
  kpis: z.array(BoardroomKpi),
  pipeline_open: z.object({ value: z.number(), deals: z.number().int(), currency_note: z.string(), source: z.string() }),
  sources: z.record(z.string(), z.string()),
  /** When the engine's aggregates behind the monthly figures were refreshed (null: computed live). */
  computed_at: z.iso.datetime().nullable(),
  generated_at: z.iso.datetime(),
});
export type Boardroom = z.infer<typeof Boardroom>;

// ---------------------------------------------------------------- team performance

export const TeamSort = z.enum(["name", "sent", "replied", "reply_rate", "meetings", "deals_won", "revenue_won"]);
export type TeamSort = z.infer<typeof TeamSort>;

const isoDate = z.iso.date("Use a date like 2026-01-31");

export const TeamPerformanceQuery = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  sort: TeamSort.default("sent"),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** Keyset page: next_cursor of the previous answer. */
  cursor: z.string().max(300).optional(),
});
export type TeamPerformanceQuery = z.infer<typeof TeamPerformanceQuery>;

export const TeamMemberRow = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  campaigns_owned: z.number().int(),
  sent: z.number().int(),
  replied: z.number().int(),
  reply_rate: ExecRate,
  meetings: z.number().int(),
  deals_created: z.number().int(),
  deals_won: z.number().int(),
  revenue_won: z.number(),
  tasks_completed: z.number().int(),
  tasks_overdue: z.number().int(),
});
export type TeamMemberRow = z.infer<typeof TeamMemberRow>;

export const TeamPerformance = z.object({
  from: z.string(),
  to: z.string(),
  sort: TeamSort,
  rows: z.array(TeamMemberRow),
  total: z.number().int(),
  next_cursor: z.string().nullable(),
  attribution: z.string(),
  sources: z.record(z.string(), z.string()),
  /** When the engine's aggregates behind the mail and deal figures were refreshed (null: computed live). */
  computed_at: z.iso.datetime().nullable(),
});
export type TeamPerformance = z.infer<typeof TeamPerformance>;

export const MemberTrendQuery = z.object({ from: isoDate.optional(), to: isoDate.optional() });
export type MemberTrendQuery = z.infer<typeof MemberTrendQuery>;

export const MemberTrend = z.object({
  user_id: z.string(),
  name: z.string(),
  weeks: z.array(
    z.object({
      week: z.string(),
      sent: z.number().int(),
      replied: z.number().int(),
      reply_rate: ExecRate,
      meetings: z.number().int(),
      deals_won: z.number().int(),
    }),
  ),
});
export type MemberTrend = z.infer<typeof MemberTrend>;

// ---------------------------------------------------------------- user success

export const AdoptionStepKey = z.enum([
  "email_verified",
  "two_factor",
  "profile_complete",
  "inbox_connected",
  "leads_added",
  "campaign_created",
  "campaign_launched",
  "reply_received",
  "deal_created",
  "teammate_invited",
]);
export type AdoptionStepKey = z.infer<typeof AdoptionStepKey>;

export const AdoptionStep = z.object({
  key: AdoptionStepKey,
  label: z.string(),
  done: z.boolean(),
  /** When first done; null when not done or when the record keeps no date (then `dated` is false). */
  first_done_at: z.iso.datetime().nullable(),
  dated: z.boolean(),
  link: z.string(),
});
export type AdoptionStep = z.infer<typeof AdoptionStep>;

export const MemberAdoption = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  joined_at: z.iso.datetime(),
  last_active_at: z.iso.datetime().nullable(),
  steps: z.array(AdoptionStep),
  done: z.number().int(),
  applicable: z.number().int(),
  /** done ÷ applicable, 0–1. */
  completion: z.number(),
});
export type MemberAdoption = z.infer<typeof MemberAdoption>;

export const UserSuccessQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(300).optional(),
});
export type UserSuccessQuery = z.infer<typeof UserSuccessQuery>;

export const UserSuccess = z.object({
  members: z.array(MemberAdoption),
  total: z.number().int(),
  next_cursor: z.string().nullable(),
  /** Per step: how it is decided, from which record. */
  rules: z.record(z.string(), z.string()),
});
export type UserSuccess = z.infer<typeof UserSuccess>;
