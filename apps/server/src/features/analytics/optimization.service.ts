/**
 * The optimization pages' answers (docs/analytics/optimization.md): the funnel and its period
 * comparison, outreach ROI under the workspace's cost model, the calculator's prefill and saved
 * scenarios, the week-over-week p-chart and the real-time backlog. Rates carry Wilson intervals
 * (platform/stats.ts); day boundaries are UTC.
 */
import {
  type CalculatorPrefill,
  type CalculatorRateKey,
  type CostModel,
  type CostModelAnswer,
  FUNNEL_STAGES,
  type FunnelAnswer,
  type FunnelPeriod,
  type FunnelQuery,
  type FunnelStageKey,
  type LiveEventPage,
  type MetricKey,
  type PerformanceAnswer,
  type PerformanceMetric,
  type PerformanceWeek,
  type PrefillRate,
  ReportQuery,
  type RoiAnswer,
  type RoiCampaign,
  type Scenario,
  type ScenarioBody,
  type ScenarioPage,
} from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { badCursor } from "../../platform/keyset-cursor.ts";
import { twoProportionZTest, wilson } from "../../platform/stats.ts";
import { DAY_MS, isoDay, startOfUtcDay } from "../../platform/utc-days.ts";
import { runReport } from "./analytics.engine.ts";
import * as repo from "./optimization.repository.ts";

/** Average days in a month: monthly costs are charged per day of the period at this rate. */
export const DAYS_PER_MONTH = 30.4375;
const round2 = (x: number) => Math.round(x * 100) / 100;

/** UTC days from..to, both included → [start, end). */
export function utcSpan(workspaceId: string, from: string, to: string): repo.Span {
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(new Date(`${to}T00:00:00Z`).getTime() + DAY_MS);
  const days = (end.getTime() - start.getTime()) / DAY_MS;
  if (!(days >= 1 && days <= 366)) throw new AppError("OPTIMIZATION_BAD_PERIOD");
  return { workspaceId, from: start, to: end };
}

// ---- Funnel -------------------------------------------------------------------------------------

const STAGE_INFO: Record<FunnelStageKey, { label: string; source: string }> = {
  leads: { label: "Leads added", source: "Leads added to the workspace in the period (campaign members, when a campaign is chosen)" },
  contacted: { label: "Contacted", source: "Of those, leads with at least one delivered campaign message (sent, not bounced)" },
  opened: { label: "Opened", source: "Of those, leads with a human open (bots and privacy proxies excluded), or any later stage" },
  replied: { label: "Replied", source: "Of those, leads who replied (auto-replies excluded), or reached a later stage" },
  meeting: { label: "Meeting", source: "Of those, leads with a meeting booked, or a deal" },
  deal: { label: "Deal created", source: "Of those, leads with a CRM deal (from the campaign, when one is chosen)" },
  won: { label: "Won", source: "Of those, leads with a deal in a won stage" },
};

export const COHORT_RULE =
  "A cohort: the leads added in the period, followed to today. Each lead counts at the furthest stage it reached, whenever that happened; " +
  "a later stage implies the earlier ones (a reply whose open was not tracked still counts as opened). Days are UTC.";

function period(s: repo.Span, c: repo.FunnelCounts): FunnelPeriod {
  const counts = FUNNEL_STAGES.map((k) => c[k]);
  const stages = FUNNEL_STAGES.map((key, i) => {
    const prev = i === 0 ? null : counts[i - 1]!;
    return {
      key,
      ...STAGE_INFO[key],
      count: counts[i]!,
      conversion: prev === null ? { rate: null, low: null, high: null } : wilson(counts[i]!, prev),
      lost: prev === null ? 0 : prev - counts[i]!,
    };
  });
  // The biggest drop beyond chance: the conversion whose whole interval sits lowest (lowest upper bound).
  let biggest: FunnelStageKey | null = null;
  let lowest = Number.POSITIVE_INFINITY;
  for (const st of stages.slice(1)) {
    if (st.conversion.high !== null && st.conversion.high < lowest) {
      lowest = st.conversion.high;
      biggest = st.key;
    }
  }
  return {
    from: isoDay(s.from),
    to: isoDay(new Date(s.to.getTime() - DAY_MS)),
    stages,
    revenue_won: round2(c.revenue),
    biggest_drop: biggest,
  };
}

export async function funnel(ctx: AppContext, workspaceId: string, q: FunnelQuery, compare: boolean): Promise<FunnelAnswer> {
  const s = utcSpan(workspaceId, q.from, q.to);
  const campaignId = q.campaign_id ?? null;
  if (campaignId && !(await repo.campaignExists(ctx.db, workspaceId, campaignId))) throw new AppError("OPTIMIZATION_CAMPAIGN_NOT_FOUND");
  const current = period(s, await repo.funnelCounts(ctx.db, s, campaignId));
  if (!compare) return { current, previous: null, comparison: [], cohort_rule: COHORT_RULE };
  const length = s.to.getTime() - s.from.getTime();
  const ps = { workspaceId, from: new Date(s.from.getTime() - length), to: s.from };
  const previous = period(ps, await repo.funnelCounts(ctx.db, ps, campaignId));
  const comparison = current.stages.slice(1).map((cur, i) => {
    const prev = previous.stages[i + 1]!;
    const prevN = previous.stages[i]!.count;
    const curN = current.stages[i]!.count;
    const test = twoProportionZTest(prev.count, prevN, cur.count, curN);
    const change = cur.conversion.rate !== null && prev.conversion.rate !== null ? cur.conversion.rate - prev.conversion.rate : null;
    return { key: cur.key, ...test, change: change === null ? null : Math.round(change * 10_000) / 10_000 };
  });
  return { current, previous, comparison, cohort_rule: COHORT_RULE };
}

// ---- Cost model and ROI -------------------------------------------------------------------------

const EMPTY_MODEL: CostModel = {
  currency: "EUR",
  inbox_monthly_cost: 0,
  tooling_monthly_cost: 0,
  lead_cost_by_source: {},
  default_lead_cost: 0,
};

function toModel(row: repo.CostModelRow | null): CostModel {
  if (!row) return EMPTY_MODEL;
  return {
    currency: row.currency,
    inbox_monthly_cost: row.inboxMonthlyCost,
    tooling_monthly_cost: row.toolingMonthlyCost,
    lead_cost_by_source: row.leadCostBySource,
    default_lead_cost: row.defaultLeadCost,
  };
}

export async function getCostModel(ctx: AppContext, workspaceId: string): Promise<CostModelAnswer> {
  const [row, sources] = await Promise.all([repo.getCostModel(ctx.db, workspaceId), repo.leadSources(ctx.db, workspaceId)]);
  return { ...toModel(row), saved: row !== null, updated_at: row?.updatedAt.toISOString() ?? null, known_sources: sources };
}

export async function saveCostModel(ctx: AppContext, workspaceId: string, m: CostModel): Promise<CostModelAnswer> {
  await repo.saveCostModel(ctx.db, {
    workspaceId,
    currency: m.currency,
    inboxMonthlyCost: m.inbox_monthly_cost,
    toolingMonthlyCost: m.tooling_monthly_cost,
    leadCostBySource: m.lead_cost_by_source,
    defaultLeadCost: m.default_lead_cost,
  });
  return getCostModel(ctx, workspaceId);
}

export const ALLOCATION =
  "Inbox cost: each inbox that sent in the period costs its monthly cost × days ÷ 30.4375, shared among campaigns by their share of that inbox's sends. " +
  "Lead cost: each lead first emailed in the period is charged once, at its source's price, to the campaign that emailed it first. " +
  "Tooling: the monthly cost × days ÷ 30.4375, shared by each campaign's share of all sends in the period.";

const per = (cost: number, n: number) => (n > 0 ? round2(cost / n) : null);

function finish<
  T extends Omit<RoiCampaign, "campaign_id" | "name" | "roi" | "cost" | "cost_per_reply" | "cost_per_meeting" | "cost_per_won">,
>(r: T) {
  const cost = round2(r.inbox_cost + r.lead_cost + r.tooling_cost);
  return {
    ...r,
    inbox_cost: round2(r.inbox_cost),
    lead_cost: round2(r.lead_cost),
    tooling_cost: round2(r.tooling_cost),
    pipeline: round2(r.pipeline),
    revenue: round2(r.revenue),
    cost,
    roi: cost > 0 ? Math.round(((r.revenue - cost) / cost) * 10_000) / 10_000 : null,
    cost_per_reply: per(cost, r.replies),
    cost_per_meeting: per(cost, r.meetings),
    cost_per_won: per(cost, r.deals_won),
  };
}

export async function roi(ctx: AppContext, workspaceId: string, q: { from: string; to: string }): Promise<RoiAnswer> {
  const s = utcSpan(workspaceId, q.from, q.to);
  const months = (s.to.getTime() - s.from.getTime()) / DAY_MS / DAYS_PER_MONTH;
  const [modelRow, rows, shares, firsts] = await Promise.all([
    repo.getCostModel(ctx.db, workspaceId),
    repo.roiCampaigns(ctx.db, s),
    repo.inboxShares(ctx.db, s),
    repo.firstContacts(ctx.db, s),
  ]);
  const model = toModel(modelRow);
  const inboxCost = new Map<string, number>();
  const inboxTotals = new Map<string, number>();
  for (const sh of shares) inboxTotals.set(sh.inbox_id, (inboxTotals.get(sh.inbox_id) ?? 0) + sh.sent);
  for (const sh of shares) {
    const part = (model.inbox_monthly_cost * months * sh.sent) / inboxTotals.get(sh.inbox_id)!;
    inboxCost.set(sh.campaign_id, (inboxCost.get(sh.campaign_id) ?? 0) + part);
  }
  const leadCost = new Map<string, number>();
  for (const f of firsts) {
    const price = model.lead_cost_by_source[f.source] ?? model.default_lead_cost;
    leadCost.set(f.campaign_id, (leadCost.get(f.campaign_id) ?? 0) + price * f.leads);
  }
  const allSent = rows.reduce((n, r) => n + r.sent, 0);
  const tooling = model.tooling_monthly_cost * months;
  const campaigns = rows.map((r) =>
    finish({
      ...r,
      inbox_cost: inboxCost.get(r.campaign_id) ?? 0,
      lead_cost: leadCost.get(r.campaign_id) ?? 0,
      tooling_cost: allSent > 0 ? (tooling * r.sent) / allSent : 0,
    }),
  );
  const sum = (k: keyof RoiCampaign) => campaigns.reduce((n, c) => n + (c[k] as number), 0);
  const totals = finish({
    sent: sum("sent"),
    leads_contacted: sum("leads_contacted"),
    replies: sum("replies"),
    meetings: sum("meetings"),
    deals_created: sum("deals_created"),
    deals_won: sum("deals_won"),
    pipeline: sum("pipeline"),
    revenue: sum("revenue"),
    inbox_cost: sum("inbox_cost"),
    lead_cost: sum("lead_cost"),
    tooling_cost: sum("tooling_cost"),
  });
  return {
    from: q.from,
    to: q.to,
    currency: model.currency,
    cost_model_saved: modelRow !== null,
    campaigns,
    totals,
    allocation: ALLOCATION,
    sources: {
      sent: "Campaign messages handed to SMTP in the period (sent or bounced)",
      replies: "Leads who replied in the period (people only, auto-replies excluded)",
      meetings: "Leads with a meeting booked in the period",
      pipeline: "Value of CRM deals created in the period whose source campaign is this one",
      revenue: "Value of those deals (source campaign) that entered a won stage in the period",
      cost: "The workspace's cost model, allocated as described",
    },
  };
}

// ---- Calculator ---------------------------------------------------------------------------------

/**
 * Where the workspace has no sample yet: planning assumptions commonly used for cold email, shown
 * labelled "planning assumption" (not measured, no published source), never as the workspace's own figure.
 */
export const INDUSTRY_DEFAULTS: Record<CalculatorRateKey, number> & { average_deal_value: number } = {
  delivered_share: 0.95,
  reply_rate: 0.03,
  meeting_rate: 0.3,
  deal_rate: 0.5,
  win_rate: 0.2,
  average_deal_value: 5000,
};
export const PREFILL_DAYS = 90;

function prefillRate(key: CalculatorRateKey, x: number, n: number, source: string): PrefillRate {
  if (n > 0) return { ...wilson(x, n), successes: x, n, origin: "workspace", source };
  const rate = INDUSTRY_DEFAULTS[key];
  return {
    rate,
    low: rate,
    high: rate,
    successes: 0,
    n: 0,
    origin: "industry_default",
    source: "Planning assumption, not measured: the workspace has no sample for this rate yet; replace it with your own",
  };
}

export async function calculatorPrefill(ctx: AppContext, workspaceId: string, now = new Date()): Promise<CalculatorPrefill> {
  const to = new Date(startOfUtcDay(now).getTime() + DAY_MS);
  const s = { workspaceId, from: new Date(to.getTime() - PREFILL_DAYS * DAY_MS), to };
  const [r, modelRow] = await Promise.all([repo.ownRates(ctx.db, s), repo.getCostModel(ctx.db, workspaceId)]);
  const model = toModel(modelRow);
  const last = `the last ${PREFILL_DAYS} days (UTC)`;
  return {
    days: PREFILL_DAYS,
    rates: {
      delivered_share: prefillRate("delivered_share", r.delivered, r.reached, `Leads with a delivered message ÷ leads emailed, ${last}`),
      reply_rate: prefillRate("reply_rate", r.replied, r.delivered, `Leads who replied ÷ leads delivered, ${last}`),
      meeting_rate: prefillRate(
        "meeting_rate",
        r.meeting,
        r.replied_or_meeting,
        `Leads with a meeting ÷ leads who replied or met, ${last}`,
      ),
      deal_rate: prefillRate("deal_rate", r.meeting_with_deal, r.meeting, `Of the leads with a meeting, those with a CRM deal, ${last}`),
      win_rate: prefillRate("win_rate", r.won, r.closed, `CRM deals won ÷ deals closed (won or lost), ${last}`),
    },
    average_deal_value:
      r.won > 0
        ? { value: round2(r.won_value / r.won), n: r.won, origin: "workspace", source: `Average value of CRM deals won, ${last}` }
        : {
            value: INDUSTRY_DEFAULTS.average_deal_value,
            n: 0,
            origin: "industry_default",
            source: "Planning assumption, not measured: no deal won yet; replace it with your average deal",
          },
    leads_per_month: { value: Math.round((r.reached * DAYS_PER_MONTH) / PREFILL_DAYS), source: `Leads emailed in ${last}, per 30.4 days` },
    cost_model: model,
  };
}

const toScenario = (r: repo.ScenarioRow): Scenario => ({
  id: r.id,
  name: r.name,
  inputs: r.inputs,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

export async function createScenario(ctx: AppContext, workspaceId: string, body: ScenarioBody): Promise<Scenario> {
  return toScenario(await repo.insertScenario(ctx.db, workspaceId, body.name, body.inputs));
}

export async function listScenarios(ctx: AppContext, workspaceId: string, q: { limit: number; cursor?: string }): Promise<ScenarioPage> {
  if (q.cursor && !isUuid(q.cursor)) throw badCursor();
  const rows = await repo.scenarioPage(ctx.db, workspaceId, q.limit + 1, q.cursor ?? null);
  const items = rows.slice(0, q.limit).map(toScenario);
  return { items, next_cursor: rows.length > q.limit ? items[items.length - 1]!.id : null };
}

export async function renameScenario(ctx: AppContext, workspaceId: string, id: string, name: string): Promise<Scenario> {
  const row = await repo.renameScenario(ctx.db, workspaceId, id, name);
  if (!row) throw new AppError("OPTIMIZATION_SCENARIO_NOT_FOUND");
  return toScenario(row);
}

export async function deleteScenario(ctx: AppContext, workspaceId: string, id: string): Promise<void> {
  if (!(await repo.deleteScenario(ctx.db, workspaceId, id))) throw new AppError("OPTIMIZATION_SCENARIO_NOT_FOUND");
}

// ---- Performance (p-chart) ----------------------------------------------------------------------

const PERF_SOURCE: Record<PerformanceMetric, string> = {
  reply_rate: "Analytics engine: delivered campaign messages by the ISO week (UTC) they were sent, and how many got a reply from a person",
  open_rate: "Analytics engine: delivered campaign messages by the ISO week (UTC) they were sent, and how many a person opened",
  meeting_rate: "Analytics engine: delivered campaign messages by the ISO week (UTC) they were sent, and how many led to a meeting",
  bounce_rate: "Analytics engine: campaign messages sent by ISO week (UTC), and how many bounced",
};

/** Monday 00:00 UTC of the week holding `d`. */
function monisoDay(d: Date): Date {
  const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  const wd = (new Date(day).getUTCDay() + 6) % 7;
  return new Date(day - wd * DAY_MS);
}

/** Each rate as the engine's numerator and denominator metrics (METRICS[rate].ratio). */
const PERF_PARTS: Record<PerformanceMetric, [MetricKey, MetricKey]> = {
  reply_rate: ["replied", "delivered"],
  open_rate: ["opened", "delivered"],
  meeting_rate: ["meetings", "delivered"],
  bounce_rate: ["bounced", "sent"],
};

/**
 * p-chart over the last `weeks` complete ISO weeks: the weekly counts come from the analytics
 * engine (runReport by week: per-message cohorts by UTC send week, the report builder's figures);
 * centre p̄ = Σx ÷ Σn, limits p̄ ± 3·√(p̄(1−p̄)/nᵢ).
 */
export async function performance(
  ctx: AppContext,
  workspaceId: string,
  q: { weeks: number; metric: PerformanceMetric },
  now = new Date(),
): Promise<PerformanceAnswer> {
  const end = monisoDay(now);
  const start = new Date(end.getTime() - q.weeks * 7 * DAY_MS);
  const [num, den] = PERF_PARTS[q.metric];
  const report = await runReport(
    ctx,
    workspaceId,
    ReportQuery.parse({
      metrics: [num, den],
      dimensions: ["week"],
      from: isoDay(start),
      to: isoDay(new Date(end.getTime() - DAY_MS)),
      limit: 1000,
    }),
  );
  const byWeek = new Map(report.rows.map((r) => [r.keys.week, r]));
  const series = Array.from({ length: q.weeks }, (_, i) => {
    const week = isoDay(new Date(start.getTime() + i * 7 * DAY_MS));
    const r = byWeek.get(week);
    return { week, n: r?.values[den]?.value ?? 0, x: r?.values[num]?.value ?? 0 };
  });
  return { metric: q.metric, source: PERF_SOURCE[q.metric], computed_at: report.computed_at, ...pChart(series) };
}

export function pChart(series: { week: string; n: number; x: number }[]): { centre: number | null; weeks: PerformanceWeek[] } {
  const N = series.reduce((a, w) => a + w.n, 0);
  const p = N > 0 ? series.reduce((a, w) => a + w.x, 0) / N : null;
  const r4 = (v: number) => Math.round(v * 10_000) / 10_000;
  const weeks = series.map((w, i): PerformanceWeek => {
    const sigma = p !== null && w.n > 0 ? Math.sqrt((p * (1 - p)) / w.n) : null;
    const lcl = sigma === null || p === null ? null : r4(Math.max(0, p - 3 * sigma));
    const ucl = sigma === null || p === null ? null : r4(Math.min(1, p + 3 * sigma));
    const rate = w.n > 0 ? w.x / w.n : null;
    const signal = rate === null || lcl === null || ucl === null ? "none" : rate > ucl ? "above" : rate < lcl ? "below" : "none";
    const prev = i > 0 ? series[i - 1]! : null;
    const test = prev ? twoProportionZTest(prev.x, prev.n, w.x, w.n) : { z: null, p_value: null, significant: false };
    return {
      week: w.week,
      successes: w.x,
      n: w.n,
      rate: wilson(w.x, w.n),
      lcl,
      ucl,
      signal,
      wow_z: test.z,
      wow_p: test.p_value,
      wow_significant: test.significant,
    };
  });
  return { centre: p === null ? null : r4(p), weeks };
}

// ---- Real time ----------------------------------------------------------------------------------

export async function liveEvents(
  ctx: AppContext,
  workspaceId: string,
  q: { limit: number; cursor?: string; type?: repo.EventFilter["type"]; campaign_id?: string },
  now = new Date(),
): Promise<LiveEventPage> {
  let after: { at: string; id: string } | null = null;
  if (q.cursor) {
    const [at, id] = q.cursor.split("|");
    if (!id || !at || Number.isNaN(new Date(at).getTime()) || !isUuid(id)) throw badCursor();
    after = { at, id };
  }
  const f = { workspaceId, type: q.type, campaignId: q.campaign_id };
  const since = new Date(Math.floor(now.getTime() / 60_000) * 60_000 - 59 * 60_000);
  const [rows, minutes] = await Promise.all([repo.eventPage(ctx.db, f, q.limit + 1, after), repo.eventsPerMinute(ctx.db, f, since)]);
  const page = rows.slice(0, q.limit);
  const items = page.map(({ at_us: _, ...r }) => ({ ...r, id: String(r.id), occurred_at: new Date(r.occurred_at).toISOString() }));
  const lastRow = rows.length > q.limit ? page[page.length - 1]! : null;
  const counts = new Map(minutes.map((m) => [m.minute, m.count]));
  const per_minute = Array.from({ length: 60 }, (_, i) => {
    const minute = new Date(since.getTime() + i * 60_000).toISOString().replace(".000Z", "Z");
    return { minute, count: counts.get(minute) ?? 0 };
  });
  return { items, next_cursor: lastRow ? `${lastRow.at_us}|${lastRow.id}` : null, per_minute };
}
