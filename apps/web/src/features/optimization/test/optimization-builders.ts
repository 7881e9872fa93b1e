/** Answers of the optimization API for the page tests, shaped as the server sends them. */
import type { CalculatorPrefill, CostModelAnswer, FunnelAnswer, FunnelPeriod, PerformanceAnswer, RoiAnswer } from "@prospector/contracts";

const KEYS = ["leads", "contacted", "opened", "replied", "meeting", "deal", "won"] as const;
const LABELS = ["Leads added", "Contacted", "Opened", "Replied", "Meeting", "Deal created", "Won"];

export function funnelPeriod(
  counts: number[],
  from: string,
  to: string,
  biggest: FunnelPeriod["biggest_drop"],
  conv: [number, number, number][],
): FunnelPeriod {
  return {
    from,
    to,
    revenue_won: 12_500,
    biggest_drop: biggest,
    stages: KEYS.map((key, i) => ({
      key,
      label: LABELS[i]!,
      count: counts[i]!,
      conversion: i === 0 ? { rate: null, low: null, high: null } : { rate: conv[i - 1]![0], low: conv[i - 1]![1], high: conv[i - 1]![2] },
      lost: i === 0 ? 0 : counts[i - 1]! - counts[i]!,
      source: `Source of ${LABELS[i]}`,
    })),
  };
}

const CONV: [number, number, number][] = [
  [0.8, 0.72, 0.86],
  [0.5, 0.4, 0.6],
  [0.1, 0.05, 0.18],
  [0.5, 0.2, 0.8],
  [0.5, 0.15, 0.85],
  [1, 0.21, 1],
];

export const FUNNEL: FunnelAnswer = {
  current: funnelPeriod([100, 80, 40, 4, 2, 1, 1], "2026-10-27", "2026-11-25", "replied", CONV),
  previous: null,
  comparison: [],
  cohort_rule: "A cohort: the leads added in the period, followed to today.",
};

export const FUNNEL_COMPARE: FunnelAnswer = {
  ...FUNNEL,
  previous: funnelPeriod([90, 70, 30, 9, 3, 1, 0], "2026-09-27", "2026-10-26", "replied", CONV),
  comparison: KEYS.slice(1).map((key) =>
    key === "replied"
      ? { key, z: -2.5, p_value: 0.0124, significant: true, change: -0.2 }
      : { key, z: 0.3, p_value: 0.76, significant: false, change: 0.01 },
  ),
};

export const COST_MODEL: CostModelAnswer = {
  currency: "EUR",
  inbox_monthly_cost: 30,
  tooling_monthly_cost: 100,
  default_lead_cost: 0.5,
  lead_cost_by_source: { import: 1 },
  saved: true,
  updated_at: "2026-11-20T10:00:00.000Z",
  known_sources: ["import", "manual"],
};

export const ROI: RoiAnswer = {
  from: "2026-08-28",
  to: "2026-11-25",
  currency: "EUR",
  cost_model_saved: true,
  allocation: "Inbox cost: shared by sends.",
  sources: { revenue: "Won deals whose source is the campaign" },
  campaigns: [
    {
      campaign_id: "018f0000-0000-7000-8000-000000000001",
      name: "Autumn push",
      sent: 1000,
      leads_contacted: 400,
      replies: 40,
      meetings: 10,
      deals_created: 4,
      deals_won: 2,
      inbox_cost: 90,
      lead_cost: 400,
      tooling_cost: 300,
      cost: 790,
      pipeline: 20_000,
      revenue: 8000,
      roi: 9.1266,
      cost_per_reply: 19.75,
      cost_per_meeting: 79,
      cost_per_won: 395,
    },
  ],
  totals: {
    sent: 1000,
    leads_contacted: 400,
    replies: 40,
    meetings: 10,
    deals_created: 4,
    deals_won: 2,
    inbox_cost: 90,
    lead_cost: 400,
    tooling_cost: 300,
    cost: 790,
    pipeline: 20_000,
    revenue: 8000,
    roi: 9.1266,
    cost_per_reply: 19.75,
    cost_per_meeting: 79,
    cost_per_won: 395,
  },
};

const own = (successes: number, n: number, rate: number, low: number, high: number, source: string) => ({
  successes,
  n,
  rate,
  low,
  high,
  origin: "workspace" as const,
  source,
});

export const PREFILL: CalculatorPrefill = {
  days: 90,
  rates: {
    delivered_share: own(950, 1000, 0.95, 0.935, 0.962, "Leads with a delivered message ÷ leads emailed"),
    reply_rate: own(95, 950, 0.1, 0.082, 0.121, "Leads who replied ÷ leads delivered"),
    meeting_rate: own(19, 95, 0.2, 0.132, 0.291, "Leads with a meeting ÷ leads who replied or met"),
    deal_rate: own(10, 19, 0.5263, 0.317, 0.727, "Of the leads with a meeting, those with a deal"),
    win_rate: {
      successes: 0,
      n: 0,
      rate: 0.2,
      low: 0.2,
      high: 0.2,
      origin: "industry_default",
      source: "Planning assumption, not measured: the workspace has no sample for this rate yet; replace it with your own",
    },
  },
  average_deal_value: {
    value: 5000,
    n: 0,
    origin: "industry_default",
    source: "Planning assumption, not measured: no deal won yet; replace it with your average deal",
  },
  leads_per_month: { value: 338, source: "Leads emailed in the last 90 days (UTC), per 30.4 days" },
  cost_model: { currency: "EUR", inbox_monthly_cost: 30, tooling_monthly_cost: 100, default_lead_cost: 0.5, lead_cost_by_source: {} },
};

export function performance(weeks: { n: number; x: number; signal?: "above" | "below" | "none" }[]): PerformanceAnswer {
  return {
    metric: "reply_rate",
    centre: 0.1,
    computed_at: null,
    source: "Delivered campaign messages by the ISO week (UTC) they were sent",
    weeks: weeks.map((w, i) => ({
      week: new Date(Date.UTC(2026, 8, 7) + i * 7 * 86_400_000).toISOString().slice(0, 10),
      successes: w.x,
      n: w.n,
      rate: w.n
        ? { rate: w.x / w.n, low: Math.max(0, w.x / w.n - 0.05), high: Math.min(1, w.x / w.n + 0.05) }
        : { rate: null, low: null, high: null },
      lcl: w.n ? 0.04 : null,
      ucl: w.n ? 0.16 : null,
      signal: w.signal ?? "none",
      wow_z: i && w.n ? 1 : null,
      wow_p: i && w.n ? 0.3173 : null,
      wow_significant: false,
    })),
  };
}
