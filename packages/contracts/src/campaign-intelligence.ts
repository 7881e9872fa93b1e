/**
 * Contracts of campaign intelligence (docs/analytics/campaign-intelligence.md): the six pages under
 * /campaign-intelligence/ — attention, performance against the workspace, automation's effect,
 * sequence steps, reply classes and the workers acting now. Every rate carries its n and 95 % Wilson
 * interval; every comparison its two-proportion z-test.
 */
import { z } from "zod";
import { CampaignStatus } from "./campaigns.ts";
import { RateEstimate } from "./send-insights.ts";

const days = z.coerce
  .number({ message: "days must be a number of days" })
  .int("days must be a whole number")
  .min(1, "days must be at least 1")
  .max(365, "days must be at most 365")
  .default(30);
const limit = z.coerce
  .number({ message: "limit must be a number" })
  .int("limit must be a whole number")
  .min(1, "limit must be at least 1")
  .max(100, "limit must be at most 100")
  .default(25);
const uuid = (field: string) => z.uuid(`${field} must be a UUID`);

/** A rate with its sample: successes of n, and the 95 % Wilson interval. */
export const CiRate = RateEstimate.extend({ count: z.number(), n: z.number() });
export type CiRate = z.infer<typeof CiRate>;

/** A two-proportion z-test of one group against the rest: above / below / not measurably different / too few to tell. */
export const CiVerdict = z.enum(["above", "below", "not_different", "too_few"]);
export type CiVerdict = z.infer<typeof CiVerdict>;

export const CiComparison = z.object({
  /** The group's rate minus the baseline's, in rate points (null without data). */
  difference: z.number().nullable(),
  z: z.number().nullable(),
  p_value: z.number().nullable(),
  verdict: CiVerdict,
});
export type CiComparison = z.infer<typeof CiComparison>;

// ---------- center ----------

export const AttentionReasonCode = z.enum([
  "high_bounce",
  "low_reply",
  "stalled",
  "held",
  "unanswered_replies",
  "inbox_errors",
  "running_out",
]);
export type AttentionReasonCode = z.infer<typeof AttentionReasonCode>;

export const AttentionReason = z.object({
  code: AttentionReasonCode,
  /** 3 = act today, 2 = soon, 1 = watch; the campaign's score is the sum. */
  weight: z.number(),
  title: z.string(),
  /** The evidence, in words, with its figures. */
  evidence: z.string(),
  /** Where to act (an app path). */
  link: z.string(),
  rate: CiRate.nullable(),
  counts: z.record(z.string(), z.number()),
});
export type AttentionReason = z.infer<typeof AttentionReason>;

export const AttentionCampaign = z.object({
  id: z.string(),
  name: z.string(),
  status: CampaignStatus,
  score: z.number(),
  reasons: z.array(AttentionReason),
});
export type AttentionCampaign = z.infer<typeof AttentionCampaign>;

export const AttentionCenter = z.object({
  window_days: z.number(),
  /** When the analytics engine's aggregates behind the rates were refreshed (null: counted live). */
  engine_computed_at: z.string().nullable(),
  /** Campaigns looked at: active, paused and scheduled. */
  checked: z.number(),
  workspace_reply: CiRate,
  campaigns: z.array(AttentionCampaign),
  computed_at: z.string(),
});
export type AttentionCenter = z.infer<typeof AttentionCenter>;

// ---------- performance ----------

export const CiPerformanceSort = z.enum(["sent", "reply_rate", "open_rate", "click_rate", "meeting_rate", "bounce_rate", "name"]);
export type CiPerformanceSort = z.infer<typeof CiPerformanceSort>;

export const CiPerformanceQuery = z.object({
  days,
  sort: CiPerformanceSort.default("reply_rate"),
  order: z.enum(["asc", "desc"], { message: "order must be asc or desc" }).default("desc"),
  limit,
  cursor: z.string().max(200, "cursor is too long").optional(),
});
export type CiPerformanceQuery = z.infer<typeof CiPerformanceQuery>;

export const CiPerformanceRates = z.object({
  sent: z.number(),
  /** Sent and not bounced: the denominator of open, click, reply and meeting rates (the engine's definition). */
  delivered: z.number(),
  open: CiRate,
  click: CiRate,
  reply: CiRate,
  meeting: CiRate,
  bounce: CiRate,
});
export type CiPerformanceRates = z.infer<typeof CiPerformanceRates>;

export const CiPerformanceRow = CiPerformanceRates.extend({
  id: z.string(),
  name: z.string(),
  status: CampaignStatus,
  /** Against the rest of the workspace (the other campaigns' sends in the period). */
  vs_workspace: z.object({ open: CiComparison, click: CiComparison, reply: CiComparison, meeting: CiComparison, bounce: CiComparison }),
});
export type CiPerformanceRow = z.infer<typeof CiPerformanceRow>;

export const CiPerformancePage = z.object({
  days: z.number(),
  since: z.string(),
  workspace: CiPerformanceRates,
  items: z.array(CiPerformanceRow),
  next_cursor: z.string().nullable(),
  total: z.number(),
  /** When the analytics engine's aggregates were refreshed (null: counted live). */
  computed_at: z.string().nullable(),
});
export type CiPerformancePage = z.infer<typeof CiPerformancePage>;

// ---------- automation ----------

export const AutomationEffectQuery = z.object({ days });
export type AutomationEffectQuery = z.infer<typeof AutomationEffectQuery>;

export const AutomationEffectRow = z.object({
  owner: z.string(),
  kind: z.enum(["rule", "nurture"]),
  id: z.string(),
  name: z.string(),
  runs: z.number(),
  failed_runs: z.number(),
  leads_acted_on: z.number(),
  campaigns: z.number(),
  /** Actions taken, by action type (successful ones). */
  actions: z.record(z.string(), z.number()),
  /** Leads acted on that replied / booked a meeting after the first run that touched them. */
  acted_reply: CiRate,
  acted_meeting: CiRate,
  /** Members of the same campaigns this owner did not act on, over the same period. */
  comparison_reply: CiRate,
  comparison_meeting: CiRate,
  reply_effect: CiComparison,
  meeting_effect: CiComparison,
  last_run_at: z.string().nullable(),
});
export type AutomationEffectRow = z.infer<typeof AutomationEffectRow>;

export const AutomationEffect = z.object({
  days: z.number(),
  since: z.string(),
  rules: z.array(AutomationEffectRow),
  computed_at: z.string(),
});
export type AutomationEffect = z.infer<typeof AutomationEffect>;

// ---------- sequences ----------

export const CiSequenceQuery = z.object({ campaign_id: uuid("campaign_id").optional() });
export type CiSequenceQuery = z.infer<typeof CiSequenceQuery>;

export const CiSequenceCampaignOption = z.object({ id: z.string(), name: z.string(), status: CampaignStatus, steps: z.number() });

export const CiSequenceVariant = z.object({
  variant: z.number(),
  sent: z.number(),
  replies: z.number(),
  reply: CiRate,
});

export const CiSequenceStepRow = z.object({
  step: z.number(),
  subject: z.string().nullable(),
  /** Leads with a message written for this step (sent, failed or bounced). */
  reached: z.number(),
  sent: z.number(),
  replies: z.number(),
  bounces: z.number(),
  unsubscribes: z.number(),
  reply: CiRate,
  /** Leads whose last step was this one and who left the sequence, by why. */
  left: z.object({
    replied: z.number(),
    bounced: z.number(),
    unsubscribed: z.number(),
    removed: z.number(),
    finished: z.number(),
    stopped: z.number(),
  }),
  /** Leads still in the sequence whose last step was this one. */
  waiting: z.number(),
  variants: z.array(CiSequenceVariant),
});
export type CiSequenceStepRow = z.infer<typeof CiSequenceStepRow>;

export const CiSequenceReport = z.object({
  campaigns: z.array(CiSequenceCampaignOption),
  campaign: CiSequenceCampaignOption.nullable(),
  steps: z.array(CiSequenceStepRow),
  /** The step with the lowest reply rate among those whose interval does not overlap the best step's; null when none is measurably weakest. */
  weakest_step: z.number().nullable(),
  weakest_reason: z.string().nullable(),
});
export type CiSequenceReport = z.infer<typeof CiSequenceReport>;

// ---------- replies ----------

export const CiReplyClass = z.enum([
  "interested",
  "not_now",
  "not_interested",
  "wrong_person",
  "unsubscribe_request",
  "other_reply",
  "out_of_office",
  "complaint",
]);
export type CiReplyClass = z.infer<typeof CiReplyClass>;

export const CiReplyIntelQuery = z.object({ days, campaign_id: uuid("campaign_id").optional() });
export type CiReplyIntelQuery = z.infer<typeof CiReplyIntelQuery>;

export const CiReplyClassShare = z.object({ class: CiReplyClass, share: CiRate });

export const CiReplyIntel = z.object({
  days: z.number(),
  since: z.string(),
  total: z.number(),
  classes: z.array(CiReplyClassShare),
  by_campaign: z.array(
    z.object({ id: z.string(), name: z.string(), step: z.number().nullable(), total: z.number(), classes: z.array(CiReplyClassShare) }),
  ),
  /** Weekly counts per class (weeks start Monday, UTC). */
  trend: z.array(z.object({ week: z.string(), counts: z.record(z.string(), z.number()) })),
  /** The rules that classify, in the order they are tried. */
  rules: z.array(z.object({ id: z.string(), class: CiReplyClass, description: z.string() })),
});
export type CiReplyIntel = z.infer<typeof CiReplyIntel>;

export const CiReplyLatestQuery = z.object({
  class: CiReplyClass,
  days,
  campaign_id: uuid("campaign_id").optional(),
  limit,
  cursor: z.string().max(200, "cursor is too long").optional(),
});
export type CiReplyLatestQuery = z.infer<typeof CiReplyLatestQuery>;

export const CiReplyItem = z.object({
  id: z.string(),
  occurred_at: z.string(),
  campaign_id: z.string(),
  campaign_name: z.string(),
  step: z.number().nullable(),
  lead_id: z.string().nullable(),
  from: z.string().nullable(),
  subject: z.string().nullable(),
  snippet: z.string().nullable(),
  class: CiReplyClass,
  /** Which rule fired and on what. */
  why: z.string(),
});
export type CiReplyItem = z.infer<typeof CiReplyItem>;

export const CiReplyLatestPage = z.object({ items: z.array(CiReplyItem), next_cursor: z.string().nullable() });
export type CiReplyLatestPage = z.infer<typeof CiReplyLatestPage>;

// ---------- agents ----------

export const AgentHold = z.object({
  scope: z.enum(["workspace", "inbox", "campaign"]),
  target: z.string(),
  reason: z.string(),
  since: z.string(),
});

export const AgentCampaign = z.object({
  id: z.string(),
  name: z.string(),
  status: CampaignStatus,
  sender: z.object({
    in_sequence: z.number(),
    due_now: z.number(),
    next_send_at: z.string().nullable(),
    last_sent_at: z.string().nullable(),
    sent_today: z.number(),
    /** Leads due now, by the sender's stored wait reason ("due" when it has none yet). */
    wait_reasons: z.record(z.string(), z.number()),
  }),
  bandit: z.array(
    z.object({
      step: z.number(),
      mode: z.string(),
      winner: z.number().nullable(),
      weights: z.array(z.number()).nullable(),
      weights_at: z.string().nullable(),
    }),
  ),
  nurture: z.object({ name: z.string(), enabled: z.boolean(), active_enrollments: z.number() }).nullable(),
  automation_runs_24h: z.number(),
  holds: z.array(AgentHold),
});

export const AgentInbox = z.object({
  id: z.string(),
  email: z.string(),
  kind: z.string(),
  status: z.string(),
  status_reason: z.string().nullable(),
  sent_today: z.number(),
  daily_cap: z.number(),
  last_sent_at: z.string().nullable(),
  last_polled_at: z.string().nullable(),
  poll_error: z.string().nullable(),
  campaigns: z.number(),
});

export const AgentsState = z.object({
  campaigns: z.array(AgentCampaign),
  inboxes: z.array(AgentInbox),
  automation: z.object({
    rules_enabled: z.number(),
    rules_total: z.number(),
    last_run_at: z.string().nullable(),
    runs_24h: z.number(),
    failed_24h: z.number(),
  }),
  holds: z.array(AgentHold),
  computed_at: z.string(),
});
export type AgentsState = z.infer<typeof AgentsState>;
