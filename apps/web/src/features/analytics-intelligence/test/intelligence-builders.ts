/** Answers of the analytics-intelligence routes for page tests, shaped by their contracts. */
import type {
  Benchmark,
  CompetitiveAnswer,
  HistoryComparison,
  InsightFinding,
  InsightRun,
  InsightsAnswer,
  IntelRate,
  LeadSourceAnswer,
  LeadSourceRow,
  ReportResult,
} from "@prospector/contracts";

export const rate = (successes: number, n: number, low: number | null, high: number | null): IntelRate => ({
  successes,
  n,
  rate: n ? Math.round((successes / n) * 10_000) / 10_000 : null,
  low,
  high,
});

export function finding(over: Partial<InsightFinding> = {}): InsightFinding {
  return {
    metric: "reply_rate",
    scope: "campaign",
    key: "018f0000-0000-7000-8000-0000000000c1",
    label: "Spring launch",
    link: "/campaigns/018f0000-0000-7000-8000-0000000000c1",
    previous: rate(12, 400, 0.0173, 0.0518),
    current: rate(60, 400, 0.1183, 0.1889),
    delta: 0.12,
    direction: "up",
    good: true,
    z: 6.01,
    p_value: 0.000001,
    q_value: 0.00004,
    ...over,
  };
}

export function run(over: Partial<InsightRun> = {}): InsightRun {
  return {
    id: "018f0000-0000-7000-8000-0000000000a1",
    status: "completed",
    progress: 100,
    step: null,
    error: null,
    period_days: 14,
    current_from: "2026-11-08",
    current_to: "2026-11-21",
    previous_from: "2026-10-25",
    previous_to: "2026-11-07",
    requested_at: "2026-11-25T09:00:00.000Z",
    finished_at: "2026-11-25T09:00:05.000Z",
    tests: 126,
    skipped: 40,
    findings: [],
    ...over,
  };
}

export const insights = (r: InsightRun | null, last: InsightRun | null = r?.status === "completed" ? r : null): InsightsAnswer => ({
  run: r,
  last_completed: last,
  min_n: 30,
  fdr: 0.05,
  sources: { reply_rate: "Replied ÷ delivered; Replies (auto-replies excluded) of messages sent in the period" },
});

export function benchmark(over: Partial<Benchmark> = {}): Benchmark {
  return {
    id: "018f0000-0000-7000-8000-0000000000b1",
    metric: "reply_rate",
    value_low: 0.085,
    value_high: 0.085,
    segment: "Link-building and blogger outreach emails",
    source_name: "Backlinko email outreach study",
    source_url: "https://backlinko.com/email-outreach-study",
    published: "2019",
    retrieved_on: "2026-11-25",
    note: null,
    origin: "published_seed",
    age_years: 7.4,
    stale: true,
    updated_at: "2026-11-25T09:00:00.000Z",
    ...over,
  };
}

export function comparison(over: Partial<HistoryComparison> = {}): HistoryComparison {
  return {
    metric: "reply_rate",
    label: "Reply rate",
    source: "Replied ÷ delivered",
    recent: rate(81, 800, 0.0822, 0.1238),
    history: rate(32, 800, 0.0285, 0.0561),
    delta: 0.0613,
    z: 5.4,
    p_value: 0.000001,
    significant: true,
    benchmarks: [],
    ...over,
  };
}

export function competitive(metrics: HistoryComparison[], benchmarks: Benchmark[]): CompetitiveAnswer {
  return {
    recent_from: "2026-10-23",
    recent_to: "2026-11-21",
    history_from: "2026-04-26",
    history_to: "2026-10-22",
    metrics,
    benchmarks,
    computed_at: "2026-11-25T09:00:00.000Z",
  };
}

export function sourceRow(
  source: string,
  label: string,
  c: { leads: number; contacted: number; replied: number; meetings: number; deals: number; deals_won: number; revenue: number },
): LeadSourceRow {
  const r = (x: number, n: number) => rate(x, n, n ? Math.max(0, x / n - 0.05) : null, n ? Math.min(1, x / n + 0.05) : null);
  return {
    source,
    label,
    ...c,
    contact_rate: r(c.contacted, c.leads),
    reply_rate: r(c.replied, c.contacted),
    meeting_rate: r(c.meetings, c.contacted),
    deal_rate: r(c.deals, c.contacted),
    win_rate: r(c.deals_won, c.deals),
  };
}

export function leadSources(rows: LeadSourceRow[]): LeadSourceAnswer {
  const sum = (k: "leads" | "contacted" | "replied" | "meetings" | "deals" | "deals_won" | "revenue") => rows.reduce((s, r) => s + r[k], 0);
  return {
    from: null,
    to: null,
    rows,
    totals: sourceRow("all", "All sources", {
      leads: sum("leads"),
      contacted: sum("contacted"),
      replied: sum("replied"),
      meetings: sum("meetings"),
      deals: sum("deals"),
      deals_won: sum("deals_won"),
      revenue: sum("revenue"),
    }),
    currency: "USD",
    other_currencies: [],
    sources: { leads: "Leads added in the period", contacted: "Of those, leads with a message handed to SMTP" },
    computed_at: "2026-11-25T09:00:00.000Z",
  };
}

/** An engine answer with the given rows (values: metric → value, rates with n/low/high). */
export function report(rows: ReportResult["rows"], totals: ReportResult["totals"] = {}): ReportResult {
  return {
    query: { metrics: [], dimensions: [], from: "2026-01-01", to: "2026-01-31" },
    rows,
    totals,
    next_cursor: null,
    sources: {},
    computed_at: null,
  };
}
