/**
 * The sender's contracts: the suppression list, a campaign's queue with why
 * each message waits and when the campaign should finish, and A/B test results.
 */
import { z } from "zod";
import { MAX_STEPS, MessageStatus } from "./campaigns.ts";

// ---- Suppression -----------------------------------------------------------------------------

export const SuppressionReason = z.enum(["unsubscribed", "bounced", "complained", "manual"]);
export type SuppressionReason = z.infer<typeof SuppressionReason>;

export const Suppression = z.object({
  id: z.string(),
  email: z.string(),
  reason: SuppressionReason,
  detail: z.string().nullable(),
  campaign_id: z.string().nullable(),
  created_at: z.string(),
});
export type Suppression = z.infer<typeof Suppression>;

export const SuppressionListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100, "At most 100 per page").default(50),
  search: z.string().trim().max(320).optional(),
  reason: SuppressionReason.optional(),
});
export type SuppressionListQuery = z.infer<typeof SuppressionListQuery>;

export const SuppressionList = z.object({
  entries: z.array(Suppression),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
  total_pages: z.number(),
});
export type SuppressionList = z.infer<typeof SuppressionList>;

/** POST /api/suppression: add addresses by hand (reason manual unless given). */
export const SuppressionCreate = z.object({
  emails: z
    .array(z.email("Not a valid email address").max(320))
    .min(1, "Give at least one address")
    .max(1000, "At most 1,000 addresses per call"),
  reason: SuppressionReason.default("manual"),
  detail: z.string().trim().max(500).optional(),
});
export type SuppressionCreate = z.input<typeof SuppressionCreate>;

export const SuppressionCreateResult = z.object({ added: z.number(), already: z.number() });
export type SuppressionCreateResult = z.infer<typeof SuppressionCreateResult>;

// ---- Queue -----------------------------------------------------------------------------------

/** Why a lead's next message has not gone yet. */
export const WaitReason = z.enum([
  "due",
  "outside_window",
  "daily_cap",
  "min_gap",
  "warming_up",
  "step_delay",
  "inbox_paused",
  "no_inbox",
  "campaign_paused",
  "campaign_not_started",
  "plan_limit",
  "retrying",
  "sending",
  "held",
]);
export type WaitReason = z.infer<typeof WaitReason>;

export const WAIT_REASON_TEXT: Record<WaitReason, string> = {
  due: "Due: goes out on the next sending pass",
  outside_window: "Outside the campaign's sending window",
  daily_cap: "The inboxes' daily limits are reached",
  min_gap: "Waiting for the minimum gap between sends",
  warming_up: "The warm-up ramp limits today's volume",
  step_delay: "Waiting for the step's delay after the previous email",
  inbox_paused: "Every inbox of the campaign is paused",
  no_inbox: "The campaign has no inbox to send from",
  campaign_paused: "The campaign is paused",
  campaign_not_started: "The campaign has not started",
  plan_limit: "The plan's monthly email allowance is used up",
  retrying: "The last attempt failed; it will be retried",
  sending: "Being sent now",
  held: "Held by the kill switch",
};

export const QueueQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export type QueueQuery = z.infer<typeof QueueQuery>;

export const QueueItem = z.object({
  lead_id: z.string(),
  email: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  /** 1-based step the lead waits to receive. */
  step: z.number(),
  next_send_at: z.string().nullable(),
  reason: WaitReason,
  reason_text: z.string(),
});
export type QueueItem = z.infer<typeof QueueItem>;

export const CampaignQueue = z.object({
  campaign_id: z.string(),
  status: z.string(),
  /** Messages still to send (every running lead's remaining steps). */
  remaining_messages: z.number(),
  /** Waiting leads by reason, over the whole campaign. */
  reasons: z.record(z.string(), z.number()),
  estimate: z.object({
    daily_capacity: z.number(),
    sending_days: z.number(),
    finish_at: z.string().nullable(),
  }),
  items: z.array(QueueItem),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
});
export type CampaignQueue = z.infer<typeof CampaignQueue>;

// ---- Message log ---------------------------------------------------------------------------

/** GET /api/campaigns/{id}/messages: the campaign's outbox, newest first. */
export const MessageLogQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100, "At most 100 per page").default(20),
  status: MessageStatus.optional(),
  /** 1-based, as shown. */
  step: z.coerce.number().int().min(1).max(MAX_STEPS, `A sequence has at most ${MAX_STEPS} steps`).optional(),
  /** Part of the lead's name, email address or company. */
  search: z.string().trim().max(200, "At most 200 characters").optional(),
});
export type MessageLogQuery = z.infer<typeof MessageLogQuery>;

export const MessageLogEntry = z.object({
  id: z.string(),
  /** Null once the lead was deleted (what was sent stays in the log). */
  lead: z.object({ id: z.string(), name: z.string(), email: z.string().nullable() }).nullable(),
  /** 1-based. */
  step: z.number(),
  /** 0 = the step itself (A), 1… = its variants (B, C…). */
  variant: z.number(),
  inbox_id: z.string().nullable(),
  /** Null when the inbox was since deleted. */
  inbox_email: z.string().nullable(),
  subject: z.string().nullable(),
  status: MessageStatus,
  sent_at: z.string().nullable(),
  /** RFC 5322 Message-ID header. */
  message_id: z.string().nullable(),
  error: z.string().nullable(),
  attempts: z.number(),
  created_at: z.string(),
  /** First human open; machine opens (privacy proxies, scanners) are only counted in bot_opens. */
  opened_at: z.string().nullable(),
  opens: z.number(),
  bot_opens: z.number(),
  /** First human click. */
  clicked_at: z.string().nullable(),
  clicks: z.number(),
  replied_at: z.string().nullable(),
  bounced_at: z.string().nullable(),
  unsubscribed_at: z.string().nullable(),
});
export type MessageLogEntry = z.infer<typeof MessageLogEntry>;

export const MessageLog = z.object({
  messages: z.array(MessageLogEntry),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
  total_pages: z.number(),
});
export type MessageLog = z.infer<typeof MessageLog>;

// ---- A/B tests -------------------------------------------------------------------------------

export const ProportionTest = z.object({
  /** Two-proportion z statistic against the step's first variant (A); null for A itself or without data. */
  z: z.number().nullable(),
  p_value: z.number().nullable(),
  significant: z.boolean(),
});
export type ProportionTest = z.infer<typeof ProportionTest>;

export const VariantResult = z.object({
  /** 0 = the step itself (A), 1… = its variants (B, C…). */
  variant: z.number(),
  label: z.string(),
  subject: z.string(),
  sent: z.number(),
  /** Leads with at least one human open / reply. */
  opened: z.number(),
  replied: z.number(),
  clicked: z.number(),
  open_rate: z.number(),
  reply_rate: z.number(),
  open_test: ProportionTest,
  reply_test: ProportionTest,
});
export type VariantResult = z.infer<typeof VariantResult>;

export const StepAbResult = z.object({
  /** 1-based. */
  step: z.number(),
  variants: z.array(VariantResult),
  /** Variant with the best reply rate when it beats A at 95%, else null. */
  winner: z.number().nullable(),
});
export type StepAbResult = z.infer<typeof StepAbResult>;

export const AbResults = z.object({
  campaign_id: z.string(),
  name: z.string(),
  status: z.string(),
  confidence: z.number(),
  steps: z.array(StepAbResult),
});
export type AbResults = z.infer<typeof AbResults>;

export const AbTestSummary = z.object({
  campaign_id: z.string(),
  name: z.string(),
  status: z.string(),
  /** Steps that have variants (1-based). */
  steps: z.array(z.number()),
  variants: z.number(),
  sent: z.number(),
  /** Whether some step already has a winner at 95%. */
  has_winner: z.boolean(),
});
export type AbTestSummary = z.infer<typeof AbTestSummary>;

export const AbTestListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export type AbTestListQuery = z.infer<typeof AbTestListQuery>;

export const AbTestList = z.object({ tests: z.array(AbTestSummary), total: z.number(), page: z.number(), per_page: z.number() });
export type AbTestList = z.infer<typeof AbTestList>;
