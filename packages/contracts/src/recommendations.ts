/**
 * Contracts of playbooks ("what worked": templates, send times and segments ranked by the lower
 * bound of their reply rate's 95 % Wilson interval) and recommendations (rules over the workspace's
 * own evidence, applied in one click through the owning feature, and judged afterwards with a
 * two-proportion z-test). docs/analytics/recommendations.md.
 */
import { z } from "zod";
import { RateEstimate } from "./send-insights.ts";

// ---------------------------------------------------------------- playbooks

/** Fewer delivered sends than this and a row is "not enough data": shown, marked, ranked last. */
export const PLAYBOOK_MIN_SENDS_DEFAULT = 30;

export const PlaybookQuery = z.object({
  days: z.coerce.number("Enter a number of days").int("Whole days").min(7, "At least 7 days").max(730, "At most 730 days").default(90),
  min_sends: z.coerce
    .number("Enter a number of sends")
    .int("Whole sends")
    .min(5, "At least 5 sends")
    .max(10_000, "At most 10,000 sends")
    .default(PLAYBOOK_MIN_SENDS_DEFAULT),
});
export type PlaybookQuery = z.input<typeof PlaybookQuery>;

/** Sends and replies of one row, its rate with the Wilson interval, and whether n reaches the minimum. */
const Figures = {
  sends: z.number(),
  replies: z.number(),
  estimate: RateEstimate,
  enough: z.boolean(),
};

export const PlaybookTemplate = z.object({
  /** Fingerprint of the normalized subject + body (lower case, collapsed white space): identical content across campaigns is one row. */
  hash: z.string(),
  subject: z.string(),
  /** The body's first words, tags stripped. */
  opening: z.string(),
  campaigns: z.number(),
  ...Figures,
});
export type PlaybookTemplate = z.infer<typeof PlaybookTemplate>;

export const PlaybookSendTime = z.object({
  /** 0 = Sunday. */
  weekday: z.number(),
  start_hour: z.number(),
  /** Exclusive. */
  end_hour: z.number(),
  ...Figures,
});
export type PlaybookSendTime = z.infer<typeof PlaybookSendTime>;

export const PlaybookDimension = z.enum(["industry", "seniority", "department", "country", "source", "provider"]);
export type PlaybookDimension = z.infer<typeof PlaybookDimension>;

export const PlaybookSegment = z.object({
  dimension: PlaybookDimension,
  /** "(not set)" for leads without a value. */
  value: z.string(),
  ...Figures,
});
export type PlaybookSegment = z.infer<typeof PlaybookSegment>;

export const Playbooks = z.object({
  from: z.string(),
  to: z.string(),
  days: z.number(),
  min_sends: z.number(),
  totals: z.object({ sends: z.number(), replies: z.number(), estimate: RateEstimate }),
  /** Ranked by the interval's lower bound; rows under min_sends last. At most 50 each. */
  templates: z.array(PlaybookTemplate),
  send_times: z.array(PlaybookSendTime),
  /** The zone the send times are read in (the recipients' own, from send-insights) and how many leads fell back. */
  send_time_basis: z.string(),
  segments: z.array(PlaybookSegment),
  source: z.string(),
});
export type Playbooks = z.infer<typeof Playbooks>;

export const PlaybookEvidence = z.object({
  campaign_id: z.string(),
  campaign_name: z.string(),
  campaign_status: z.string(),
  /** 1-based. */
  step: z.number(),
  /** 0 = the step itself, 1… = its variants. */
  variant: z.number(),
  sends: z.number(),
  replies: z.number(),
  estimate: RateEstimate,
});
export type PlaybookEvidence = z.infer<typeof PlaybookEvidence>;

export const PlaybookTemplateDetail = z.object({
  hash: z.string(),
  subject: z.string(),
  body: z.string(),
  sends: z.number(),
  replies: z.number(),
  estimate: RateEstimate,
  evidence: z.array(PlaybookEvidence),
});
export type PlaybookTemplateDetail = z.infer<typeof PlaybookTemplateDetail>;

export const PlaybookUseTemplate = z.object({
  campaign_id: z.uuid("Choose a campaign"),
  days: PlaybookQuery.shape.days,
  delay_days: z.coerce.number().int("Whole days").min(0, "At least 0 days").max(365, "At most 365 days").default(3),
});
export type PlaybookUseTemplate = z.input<typeof PlaybookUseTemplate>;

export const PlaybookTemplateUsed = z.object({ campaign_id: z.string(), campaign_name: z.string(), step: z.number() });
export type PlaybookTemplateUsed = z.infer<typeof PlaybookTemplateUsed>;

// ---------------------------------------------------------------- recommendations

export const RecommendationKind = z.enum(["ab_winner", "send_window", "segment_stop"]);
export type RecommendationKind = z.infer<typeof RecommendationKind>;

export const RecommendationStatus = z.enum(["open", "snoozed", "dismissed", "applied", "expired"]);
export type RecommendationStatus = z.infer<typeof RecommendationStatus>;

/** One figure of the evidence: what was counted, how many, and how sure. */
export const RecommendationFigure = z.object({
  label: z.string(),
  sends: z.number(),
  replies: z.number(),
  estimate: RateEstimate,
});
export type RecommendationFigure = z.infer<typeof RecommendationFigure>;

export const RecommendationTest = z.object({
  name: z.string(),
  z: z.number().nullable(),
  p_value: z.number().nullable(),
});
export type RecommendationTest = z.infer<typeof RecommendationTest>;

export const RecommendationTarget = z.object({
  type: z.enum(["campaign", "campaign_step"]),
  campaign_id: z.string(),
  campaign_name: z.string(),
  step: z.number().nullable(),
});
export type RecommendationTarget = z.infer<typeof RecommendationTarget>;

/** Expected change in replies per month with a range from the intervals (negative low means it might not help). */
export const RecommendationEffect = z.object({
  replies_per_month: z.number(),
  low: z.number(),
  high: z.number(),
  basis: z.string(),
});
export type RecommendationEffect = z.infer<typeof RecommendationEffect>;

export const RecommendationSample = z.object({
  sends: z.number(),
  replies: z.number(),
  estimate: RateEstimate,
  from: z.string(),
  to: z.string(),
});
export type RecommendationSample = z.infer<typeof RecommendationSample>;

export const RecommendationVerdict = z.enum(["helped", "no_measurable_change", "hurt"]);
export type RecommendationVerdict = z.infer<typeof RecommendationVerdict>;

export const RecommendationOutcome = z.object({
  verdict: RecommendationVerdict,
  after: RecommendationSample,
  test: RecommendationTest,
  note: z.string(),
  evaluated_at: z.string(),
});
export type RecommendationOutcome = z.infer<typeof RecommendationOutcome>;

export const RecommendationApplication = z.object({
  id: z.string(),
  recommendation_id: z.string(),
  kind: RecommendationKind,
  title: z.string(),
  target: RecommendationTarget,
  applied_at: z.string(),
  applied_by: z.string().nullable(),
  /** The metric is the reply rate of the target's sends: the 30 days before applying. */
  baseline: RecommendationSample,
  /** Judged once this many sends followed, or at evaluate_after with at least a few. */
  evaluate_after: z.string(),
  min_sends: z.number(),
  outcome: RecommendationOutcome.nullable(),
});
export type RecommendationApplication = z.infer<typeof RecommendationApplication>;

export const Recommendation = z.object({
  id: z.string(),
  kind: RecommendationKind,
  status: RecommendationStatus,
  title: z.string(),
  rationale: z.string(),
  target: RecommendationTarget,
  evidence: z.object({ figures: z.array(RecommendationFigure), test: RecommendationTest.nullable(), source: z.string() }),
  expected: RecommendationEffect,
  /** What "apply" does, in words, and the permission it needs. */
  action: z.object({ description: z.string(), permission: z.string() }),
  generated_at: z.string(),
  expires_at: z.string(),
  snoozed_until: z.string().nullable(),
  application: RecommendationApplication.nullable(),
});
export type Recommendation = z.infer<typeof Recommendation>;

export const RecommendationListQuery = z.object({
  status: RecommendationStatus.default("open"),
  kind: RecommendationKind.optional(),
  limit: z.coerce.number().int("Whole number").min(1, "At least 1").max(100, "At most 100").default(20),
  /** The last row's next_cursor. */
  cursor: z.string().max(200, "Not a valid cursor").optional(),
});
export type RecommendationListQuery = z.input<typeof RecommendationListQuery>;

export const RecommendationPage = z.object({ items: z.array(Recommendation), next_cursor: z.string().nullable() });
export type RecommendationPage = z.infer<typeof RecommendationPage>;

export const RecommendationApplicationQuery = z.object({
  limit: z.coerce.number().int("Whole number").min(1, "At least 1").max(100, "At most 100").default(20),
  cursor: z.string().max(200, "Not a valid cursor").optional(),
});
export type RecommendationApplicationQuery = z.input<typeof RecommendationApplicationQuery>;

export const RecommendationApplicationPage = z.object({ items: z.array(RecommendationApplication), next_cursor: z.string().nullable() });
export type RecommendationApplicationPage = z.infer<typeof RecommendationApplicationPage>;

export const RecommendationSnooze = z.object({
  days: z.coerce.number("Enter a number of days").int("Whole days").min(1, "At least 1 day").max(90, "At most 90 days").default(7),
});
export type RecommendationSnooze = z.input<typeof RecommendationSnooze>;

export const RecommendationRunStatus = z.enum(["queued", "running", "done", "failed"]);
export type RecommendationRunStatus = z.infer<typeof RecommendationRunStatus>;

export const RecommendationRun = z.object({
  id: z.string(),
  status: RecommendationRunStatus,
  progress: z.number(),
  step: z.string().nullable(),
  created: z.number(),
  refreshed: z.number(),
  expired: z.number(),
  evaluated: z.number(),
  error: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});
export type RecommendationRun = z.infer<typeof RecommendationRun>;
