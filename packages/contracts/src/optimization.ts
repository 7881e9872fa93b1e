/**
 * The optimization pages (docs/analytics/optimization.md): the lead-to-won funnel (and its period
 * comparison), outreach ROI with the workspace's cost model, the ROI calculator and its saved
 * scenarios, the week-over-week p-chart, and the real-time event backlog. Every rate carries its
 * sample and 95 % Wilson interval; every figure its source.
 */
import { z } from "zod";
import { CampaignEventType } from "./campaigns.ts";
import { RateEstimate } from "./send-insights.ts";

const isoDate = z.iso.date("Use a date like 2026-01-31");

// ---- Funnel -------------------------------------------------------------------------------------

export const FUNNEL_STAGES = ["leads", "contacted", "opened", "replied", "meeting", "deal", "won"] as const;
export const FunnelStageKey = z.enum(FUNNEL_STAGES);
export type FunnelStageKey = z.infer<typeof FunnelStageKey>;

export const FunnelQuery = z.object({
  from: isoDate,
  to: isoDate,
  campaign_id: z.uuid("Not a valid campaign id").optional(),
});
export type FunnelQuery = z.infer<typeof FunnelQuery>;

export const FunnelStage = z.object({
  key: FunnelStageKey,
  label: z.string(),
  count: z.number().int(),
  /** count ÷ the previous stage's count (null for the first stage), with its interval. */
  conversion: RateEstimate,
  /** How many of the previous stage did not reach this one. */
  lost: z.number().int(),
  source: z.string(),
});
export type FunnelStage = z.infer<typeof FunnelStage>;

export const FunnelPeriod = z.object({
  from: z.string(),
  to: z.string(),
  stages: z.array(FunnelStage),
  revenue_won: z.number(),
  /** The stage whose conversion has the lowest upper bound (the biggest loss beyond chance); null without data. */
  biggest_drop: FunnelStageKey.nullable(),
});
export type FunnelPeriod = z.infer<typeof FunnelPeriod>;

export const StageComparison = z.object({
  key: FunnelStageKey,
  z: z.number().nullable(),
  p_value: z.number().nullable(),
  significant: z.boolean(),
  /** Current conversion minus the previous period's (null where either has no data). */
  change: z.number().nullable(),
});
export type StageComparison = z.infer<typeof StageComparison>;

export const FunnelAnswer = z.object({
  current: FunnelPeriod,
  previous: FunnelPeriod.nullable(),
  comparison: z.array(StageComparison),
  cohort_rule: z.string(),
});
export type FunnelAnswer = z.infer<typeof FunnelAnswer>;

// ---- ROI ----------------------------------------------------------------------------------------

const money = (what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .min(0, `${what} cannot be negative`)
    .max(10_000_000);

export const CostModel = z.object({
  currency: z.string().regex(/^[A-Z]{3}$/, "Use a three-letter currency code like EUR"),
  inbox_monthly_cost: money("Monthly cost per inbox"),
  tooling_monthly_cost: money("Monthly tooling cost"),
  /** Lead source (as stored on leads) → cost per lead acquired; sources not listed use default_lead_cost. */
  lead_cost_by_source: z
    .record(z.string().min(1).max(60), money("Cost per lead"))
    .refine((r) => Object.keys(r).length <= 50, "At most 50 sources"),
  default_lead_cost: money("Default cost per lead"),
});
export type CostModel = z.infer<typeof CostModel>;

export const CostModelAnswer = CostModel.extend({
  saved: z.boolean(),
  updated_at: z.string().nullable(),
  /** The lead sources the workspace has, to price. */
  known_sources: z.array(z.string()),
});
export type CostModelAnswer = z.infer<typeof CostModelAnswer>;

export const RoiQuery = z.object({ from: isoDate, to: isoDate });
export type RoiQuery = z.infer<typeof RoiQuery>;

export const RoiCampaign = z.object({
  campaign_id: z.uuid(),
  name: z.string(),
  sent: z.number().int(),
  leads_contacted: z.number().int(),
  replies: z.number().int(),
  meetings: z.number().int(),
  deals_created: z.number().int(),
  deals_won: z.number().int(),
  inbox_cost: z.number(),
  lead_cost: z.number(),
  tooling_cost: z.number(),
  cost: z.number(),
  pipeline: z.number(),
  revenue: z.number(),
  /** (revenue − cost) ÷ cost; null when cost is 0. */
  roi: z.number().nullable(),
  cost_per_reply: z.number().nullable(),
  cost_per_meeting: z.number().nullable(),
  cost_per_won: z.number().nullable(),
});
export type RoiCampaign = z.infer<typeof RoiCampaign>;

export const RoiAnswer = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  cost_model_saved: z.boolean(),
  campaigns: z.array(RoiCampaign),
  totals: RoiCampaign.omit({ campaign_id: true, name: true }),
  allocation: z.string(),
  sources: z.record(z.string(), z.string()),
});
export type RoiAnswer = z.infer<typeof RoiAnswer>;

// ---- ROI calculator -----------------------------------------------------------------------------

export const CalculatorRateKey = z.enum(["delivered_share", "reply_rate", "meeting_rate", "deal_rate", "win_rate"]);
export type CalculatorRateKey = z.infer<typeof CalculatorRateKey>;

export const PrefillRate = RateEstimate.extend({
  successes: z.number().int(),
  n: z.number().int(),
  /** "workspace": measured here; "industry_default": the workspace has no sample yet. */
  origin: z.enum(["workspace", "industry_default"]),
  source: z.string(),
});
export type PrefillRate = z.infer<typeof PrefillRate>;

export const CalculatorPrefill = z.object({
  days: z.number().int(),
  rates: z.record(CalculatorRateKey, PrefillRate),
  average_deal_value: z.object({
    value: z.number(),
    n: z.number().int(),
    origin: z.enum(["workspace", "industry_default"]),
    source: z.string(),
  }),
  leads_per_month: z.object({ value: z.number().int(), source: z.string() }),
  cost_model: CostModel,
});
export type CalculatorPrefill = z.infer<typeof CalculatorPrefill>;

const share = (what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .min(0, `${what} must be between 0 and 1`)
    .max(1, `${what} must be between 0 and 1`);
const range = (what: string) => z.object({ rate: share(what), low: share(what), high: share(what) });

export const CalculatorInputs = z.object({
  leads_per_month: z
    .number({ error: "Leads per month must be a number" })
    .int("Leads per month must be whole")
    .min(0)
    .max(1_000_000, "At most 1,000,000 leads per month"),
  delivered_share: range("Delivered share"),
  reply_rate: range("Reply rate"),
  meeting_rate: range("Meeting rate"),
  deal_rate: range("Meeting → deal rate"),
  win_rate: range("Win rate"),
  average_deal_value: money("Average deal value"),
  monthly_cost: money("Monthly cost"),
  cost_per_lead: money("Cost per lead"),
});
export type CalculatorInputs = z.infer<typeof CalculatorInputs>;

export const ScenarioBody = z.object({
  name: z.string().trim().min(1, "Give the scenario a name").max(120, "At most 120 characters"),
  inputs: CalculatorInputs,
});
export type ScenarioBody = z.infer<typeof ScenarioBody>;

export const ScenarioRename = z.object({ name: ScenarioBody.shape.name });
export type ScenarioRename = z.infer<typeof ScenarioRename>;

export const Scenario = z.object({
  id: z.uuid(),
  name: z.string(),
  inputs: CalculatorInputs,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Scenario = z.infer<typeof Scenario>;

export const ScenarioListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});
export const ScenarioPage = z.object({ items: z.array(Scenario), next_cursor: z.string().nullable() });
export type ScenarioPage = z.infer<typeof ScenarioPage>;

// ---- Performance (p-chart) ----------------------------------------------------------------------

export const PerformanceMetric = z.enum(["reply_rate", "open_rate", "bounce_rate", "meeting_rate"]);
export type PerformanceMetric = z.infer<typeof PerformanceMetric>;

export const PerformanceQuery = z.object({
  weeks: z.coerce.number().int().min(4, "At least 4 weeks").max(52, "At most 52 weeks").default(12),
  metric: PerformanceMetric.default("reply_rate"),
});

export const PerformanceWeek = z.object({
  /** Monday of the ISO week (UTC). */
  week: z.string(),
  successes: z.number().int(),
  n: z.number().int(),
  rate: RateEstimate,
  /** Centre ± 3σ for this week's n (clamped to 0–1); null without sends. */
  lcl: z.number().nullable(),
  ucl: z.number().nullable(),
  signal: z.enum(["above", "below", "none"]),
  /** Against the week before: two-proportion z-test. */
  wow_z: z.number().nullable(),
  wow_p: z.number().nullable(),
  wow_significant: z.boolean(),
});
export type PerformanceWeek = z.infer<typeof PerformanceWeek>;

export const PerformanceAnswer = z.object({
  metric: PerformanceMetric,
  centre: z.number().nullable(),
  weeks: z.array(PerformanceWeek),
  source: z.string(),
  /** When the engine's aggregates behind the counts were refreshed (null: counted live). */
  computed_at: z.string().nullable(),
});
export type PerformanceAnswer = z.infer<typeof PerformanceAnswer>;

// ---- Real time ----------------------------------------------------------------------------------

export const LiveEventsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
  type: CampaignEventType.optional(),
  campaign_id: z.uuid("Not a valid campaign id").optional(),
});

export const LiveEvent = z.object({
  id: z.string(),
  type: CampaignEventType,
  campaign_id: z.string(),
  campaign_name: z.string().nullable(),
  lead_id: z.string().nullable(),
  lead_email: z.string().nullable(),
  is_bot: z.boolean(),
  occurred_at: z.string(),
});
export type LiveEvent = z.infer<typeof LiveEvent>;

export const LiveEventPage = z.object({
  items: z.array(LiveEvent),
  next_cursor: z.string().nullable(),
  /** Events per minute over the last 60 minutes (oldest first, UTC minutes). */
  per_minute: z.array(z.object({ minute: z.string(), count: z.number().int() })),
});
export type LiveEventPage = z.infer<typeof LiveEventPage>;

// ---- The calculator's arithmetic (shared by the page and its tests) -----------------------------

export interface PlanFigures {
  delivered: number;
  replies: number;
  meetings: number;
  deals: number;
  won: number;
  revenue: number;
  cost: number;
  /** (revenue − cost) ÷ cost; null when the plan costs nothing. */
  roi: number | null;
}

export interface PlanProjection {
  expected: PlanFigures;
  /** Every rate at its interval's low end, and every rate at its high end: wider than a joint 95 % interval. */
  low: PlanFigures;
  high: PlanFigures;
}

function figures(i: CalculatorInputs, pick: "rate" | "low" | "high"): PlanFigures {
  const delivered = i.leads_per_month * i.delivered_share[pick];
  const replies = delivered * i.reply_rate[pick];
  const meetings = replies * i.meeting_rate[pick];
  const deals = meetings * i.deal_rate[pick];
  const won = deals * i.win_rate[pick];
  const revenue = won * i.average_deal_value;
  const cost = i.monthly_cost + i.leads_per_month * i.cost_per_lead;
  return { delivered, replies, meetings, deals, won, revenue, cost, roi: cost > 0 ? (revenue - cost) / cost : null };
}

/** One month of the plan: leads → delivered → replies → meetings → deals → won → revenue, and its ROI. */
export function projectPlan(inputs: CalculatorInputs): PlanProjection {
  return { expected: figures(inputs, "rate"), low: figures(inputs, "low"), high: figures(inputs, "high") };
}
