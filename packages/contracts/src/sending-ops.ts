/**
 * Sending operations: the kill switch (holds that stop the sender for a workspace, an inbox or a
 * campaign, with their audited history) and capacity planning (when each campaign finishes with the
 * inboxes it has, and how many inboxes a deadline needs).
 */
import { z } from "zod";

// ---- Kill switch -----------------------------------------------------------------------------

export const HoldScope = z.enum(["workspace", "inbox", "campaign"]);
export type HoldScope = z.infer<typeof HoldScope>;

export const HoldActor = z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable();
export type HoldActor = z.infer<typeof HoldActor>;

export const Hold = z.object({
  id: z.string(),
  scope: HoldScope,
  /** The inbox or campaign held; null for the whole workspace. */
  target_id: z.string().nullable(),
  /** What was held, as it was named when held (the inbox address, the campaign name, "Whole workspace"). */
  target_label: z.string(),
  reason: z.string(),
  held_by: HoldActor,
  held_at: z.string(),
  /** Null while the hold is on. */
  released_at: z.string().nullable(),
  released_by: HoldActor,
  release_note: z.string().nullable(),
  active: z.boolean(),
});
export type Hold = z.infer<typeof Hold>;

export const HoldCreate = z
  .object({
    scope: HoldScope,
    target_id: z.uuid("Pick a campaign or inbox").optional(),
    reason: z.string().trim().min(3, "Say why sending stops (at least 3 characters)").max(500, "At most 500 characters"),
  })
  .refine((v) => v.scope === "workspace" || v.target_id, { message: "Pick the campaign or inbox to stop", path: ["target_id"] });
export type HoldCreate = z.input<typeof HoldCreate>;

export const HoldRelease = z.object({ note: z.string().trim().max(500, "At most 500 characters").optional() });
export type HoldRelease = z.input<typeof HoldRelease>;

/** GET /api/kill-switch: is anything stopped, and what is the sender doing now. */
export const KillSwitchState = z.object({
  workspace_hold: Hold.nullable(),
  /** Active campaign and inbox holds, newest first. */
  holds: z.array(Hold),
  activity: z.object({
    /** Campaigns that are active (sending whenever their window and caps allow). */
    active_campaigns: z.number(),
    /** Outbox rows being handed to SMTP right now. */
    in_flight: z.number(),
    /** Messages due now or retrying, waiting for the sender. */
    queued: z.number(),
    /** Emails sent in the last hour (campaigns and one-off sends). */
    sent_last_hour: z.number(),
  }),
});
export type KillSwitchState = z.infer<typeof KillSwitchState>;

export const HoldTargetQuery = z.object({
  scope: z.enum(["inbox", "campaign"]),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100, "At most 100 per page").default(20),
  search: z.string().trim().max(200).optional(),
});
export type HoldTargetQuery = z.infer<typeof HoldTargetQuery>;

/** A campaign or inbox that can be stopped, with its hold when it is stopped. */
export const HoldTarget = z.object({
  id: z.string(),
  label: z.string(),
  /** Campaign status (active, paused, scheduled…) or inbox status (healthy, warning, paused). */
  status: z.string(),
  hold: Hold.nullable(),
});
export type HoldTarget = z.infer<typeof HoldTarget>;

export const HoldTargetList = z.object({ items: z.array(HoldTarget), total: z.number(), page: z.number(), per_page: z.number() });
export type HoldTargetList = z.infer<typeof HoldTargetList>;

export const HoldHistoryQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100, "At most 100 per page").default(20),
  scope: HoldScope.optional(),
});
export type HoldHistoryQuery = z.infer<typeof HoldHistoryQuery>;

export const HoldHistory = z.object({ holds: z.array(Hold), total: z.number(), page: z.number(), per_page: z.number() });
export type HoldHistory = z.infer<typeof HoldHistory>;

// ---- Capacity planning -----------------------------------------------------------------------

/** What holds a campaign back most in the simulation. */
export const CapacityBottleneck = z.enum([
  "none",
  "daily_cap",
  "warming_up",
  "min_gap",
  "window",
  "step_delay",
  "shared_inboxes",
  "held",
  "paused",
  "no_inbox",
  "not_within_horizon",
]);
export type CapacityBottleneck = z.infer<typeof CapacityBottleneck>;

export const CAPACITY_BOTTLENECK_TEXT: Record<CapacityBottleneck, string> = {
  none: "Nothing: it finishes as fast as its sequence allows",
  daily_cap: "The inboxes' daily limits",
  warming_up: "The warm-up ramp of its inboxes",
  min_gap: "The minimum gap between sends",
  window: "Its sending window (days and hours)",
  step_delay: "The delays between its steps",
  shared_inboxes: "Inboxes shared with other campaigns",
  held: "Stopped by the kill switch",
  paused: "The campaign is paused",
  no_inbox: "No usable inbox (none selected, or all paused or held)",
  not_within_horizon: "Does not finish within the planning horizon",
};

export const CapacityCampaign = z.object({
  campaign_id: z.string(),
  name: z.string(),
  status: z.string(),
  /** Emails still to send: each running lead's remaining steps plus retries. */
  queued_messages: z.number(),
  /** Emails still to send per step (1-based). */
  per_step: z.array(z.object({ step: z.number(), messages: z.number() })),
  inbox_count: z.number(),
  /** What its inboxes can send today (sum of today's limits of usable inboxes, shared with other campaigns). */
  daily_capacity_today: z.number(),
  /** The day (campaign time zone) the last email should go; null when it cannot finish within the horizon. */
  finish_date: z.string().nullable(),
  sending_days: z.number(),
  bottleneck: CapacityBottleneck,
  bottleneck_text: z.string(),
  /** Emails planned per day for the first days (for the chart), in the simulation's days. */
  daily_plan: z.array(z.object({ date: z.string(), messages: z.number() })),
});
export type CapacityCampaign = z.infer<typeof CapacityCampaign>;

export const CapacityInbox = z.object({
  inbox_id: z.string(),
  email: z.string(),
  status: z.string(),
  held: z.boolean(),
  daily_limit: z.number(),
  /** Today's limit under warm-up. */
  limit_today: z.number(),
  /** The day warm-up reaches the daily limit; null without warm-up or when reached. */
  warmup_full_on: z.string().nullable(),
  min_gap_seconds: z.number(),
  campaigns: z.number(),
});
export type CapacityInbox = z.infer<typeof CapacityInbox>;

export const CapacityPlan = z.object({
  generated_at: z.string(),
  horizon_days: z.number(),
  campaigns: z.array(CapacityCampaign),
  inboxes: z.array(CapacityInbox),
  /** The rules the simulation follows, in words. */
  assumptions: z.array(z.string()),
});
export type CapacityPlan = z.infer<typeof CapacityPlan>;

export const CapacityCalcQuery = z.object({
  /** One campaign, or every running campaign when left out. */
  campaign_id: z.uuid("Not a campaign id").optional(),
  deadline: z.iso.date("Use a date like 2026-12-31"),
  /** Emails a day per inbox. */
  cap: z.coerce.number().int().min(1, "At least 1 a day").max(10_000, "At most 10,000 a day"),
  min_gap_seconds: z.coerce.number().int().min(0).max(86_400).default(0),
});
export type CapacityCalcQuery = z.infer<typeof CapacityCalcQuery>;

export const CapacityCalcResult = z.object({
  deadline: z.string(),
  cap: z.number(),
  campaign_ids: z.array(z.string()),
  queued_messages: z.number(),
  /** Null: no number of inboxes finishes by the deadline (the sequence's delays or windows alone need longer). */
  inboxes_needed: z.number().nullable(),
  /** When it finishes with that many inboxes. */
  finish_date: z.string().nullable(),
  /** The usable inboxes these campaigns have now. */
  inboxes_now: z.number(),
  /** The earliest finish with unlimited inboxes (the sequence's delays and windows alone). */
  earliest_possible: z.string().nullable(),
  explanation: z.string(),
});
export type CapacityCalcResult = z.infer<typeof CapacityCalcResult>;
