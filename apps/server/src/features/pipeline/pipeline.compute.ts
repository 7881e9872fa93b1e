/**
 * The computed answers (overview, bottlenecks, forecast) from the repository's aggregates and the
 * pure math modules. Each returns its payload without the cache fields (scope, computed_at,
 * from_cache), which pipeline.service.ts adds.
 */

import type { Bottleneck, ForecastMethod, HealthOverview, PipelineSeverity, StageConversion } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { detectBottlenecks, MIN_HISTORY, type StageHistory, stageNorm } from "./pipeline.bottlenecks.ts";
import { DEFAULT_NORM_DAYS } from "./pipeline.health.ts";
import { historicalForecast, placeDeal, simulate, weightedForecast } from "./pipeline.monte-carlo.ts";
import * as repo from "./pipeline.repository.ts";
import { plural } from "./pipeline.words.ts";

type Ctx = Pick<AppContext, "db">;
const DAY = 86_400_000;
/** Win rate and cycle time look back this far. */
export const WIN_WINDOW_DAYS = 180;
/** Coverage: the next 90 days' weighted pipeline against the last 90 days' wins. */
export const COVERAGE_DAYS = 90;
/** Monte Carlo runs per forecast. */
export const FORECAST_RUNS = 10_000;
/** Undated or overdue deals close in one of this many months from now. */
export const SPREAD_MONTHS = 3;
/** Months of won history behind the historical method. */
export const HISTORY_MONTHS = 12;
export const DEALS_PER_BOTTLENECK = 20;

const money = (n: number) => n.toLocaleString("en-US", { maximumFractionDigits: 2 });
const pct = (n: number) => `${Math.round(n * 1000) / 10}%`;
const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * DAY);
const ymd = (d: Date) => d.toISOString().slice(0, 10);

export type OverviewPayload = Omit<HealthOverview, "scope" | "computed_at" | "from_cache">;

export async function computeOverview(ctx: Ctx, s: repo.Scope, now: Date, target?: number): Promise<OverviewPayload> {
  const [stages, totals, currencies, closed, recentWins, due, conv] = await Promise.all([
    repo.stages(ctx.db, s.workspaceId),
    repo.stageTotals(ctx.db, s),
    repo.openCurrencies(ctx.db, s),
    repo.closedStats(ctx.db, s, daysAgo(now, WIN_WINDOW_DAYS)),
    repo.closedStats(ctx.db, s, daysAgo(now, COVERAGE_DAYS)),
    repo.weightedDueBefore(ctx.db, s, ymd(now), ymd(new Date(now.getTime() + COVERAGE_DAYS * DAY))),
    repo.conversion(ctx.db, s, { earlier: now, recent: now, overview: daysAgo(now, WIN_WINDOW_DAYS) }),
  ]);
  const byStage = new Map(totals.map((t) => [t.stage_id, t]));
  const stageRows = stages.map((st) => {
    const t = byStage.get(st.id);
    return {
      stage_id: st.id,
      name: st.name,
      position: st.position,
      is_won: st.isWon,
      is_lost: st.isLost,
      probability: st.probability,
      deals: t?.n ?? 0,
      value: t?.value ?? 0,
      weighted_value: Math.round((t?.weighted ?? 0) * 100) / 100,
    };
  });
  const openRows = stageRows.filter((r) => !r.is_won && !r.is_lost);
  const openDeals = openRows.reduce((n, r) => n + r.deals, 0);
  const value = openRows.reduce((n, r) => n + r.value, 0);
  const weighted = openRows.reduce((n, r) => n + r.weighted_value, 0);
  const decided = closed.won + closed.lost;
  const convBy = new Map(conv.map((c) => [c.stage_id, c]));
  const stageConversion: StageConversion[] = openRows.map((r) => {
    const c = convBy.get(r.stage_id);
    const entered = c?.entered ?? 0;
    const resolved = c?.resolved ?? 0;
    const advanced = c?.advanced ?? 0;
    return {
      stage_id: r.stage_id,
      stage: r.name,
      entered,
      advanced,
      rate: resolved ? Math.round((advanced / resolved) * 1000) / 1000 : null,
      basis: resolved
        ? `${advanced} of the ${resolved} deals that left ${r.name} in the last ${WIN_WINDOW_DAYS} days moved forward (${entered} entered it, ${entered - resolved} still there)`
        : `No deal has left ${r.name} in the last ${WIN_WINDOW_DAYS} days (${entered} entered it)`,
    };
  });
  const targetValue = target ?? recentWins.won_value;
  const targetBasis =
    target !== undefined
      ? `The target you gave: ${money(target)} to win in the next ${COVERAGE_DAYS} days`
      : `Won in the last ${COVERAGE_DAYS} days: ${money(recentWins.won_value)} from ${plural(recentWins.won, "deal")}, the pace to keep over the next ${COVERAGE_DAYS} days`;
  return {
    currencies,
    open_deals: openDeals,
    pipeline_value: { value, basis: `Sum of the value of ${plural(openDeals, "open deal")} (stages neither won nor lost)` },
    weighted_value: {
      value: Math.round(weighted * 100) / 100,
      basis: `Each open deal's value times its probability (its own, else its stage's), summed over ${plural(openDeals, "deal")}`,
    },
    win_rate: {
      value: decided ? Math.round((closed.won / decided) * 1000) / 1000 : null,
      basis: decided
        ? `${closed.won} won of ${decided} closed in the last ${WIN_WINDOW_DAYS} days (${pct(closed.won / decided)})`
        : `No deal closed in the last ${WIN_WINDOW_DAYS} days`,
    },
    avg_cycle_days: {
      value: closed.avg_cycle_days === null ? null : Math.round(closed.avg_cycle_days * 10) / 10,
      basis: closed.won
        ? `Mean days from creation to win of the ${closed.won} deals won in the last ${WIN_WINDOW_DAYS} days`
        : `No deal won in the last ${WIN_WINDOW_DAYS} days`,
    },
    stages: stageRows,
    stage_conversion: stageConversion,
    coverage: {
      target: { value: targetValue > 0 ? targetValue : null, basis: targetBasis },
      ratio: {
        value: targetValue > 0 ? Math.round((due.weighted / targetValue) * 100) / 100 : null,
        basis:
          targetValue > 0
            ? `Weighted value of the ${due.n} open deals expected to close in the next ${COVERAGE_DAYS} days (${money(due.weighted)}) divided by the target`
            : "No target: nothing was won in the last 90 days and none was given",
      },
    },
  };
}

/** Each open stage's norm (days a deal may spend there before it counts as stuck) and where it comes from. */
export async function stageNorms(ctx: Ctx, workspaceId: string, now: Date) {
  const [stages, stays] = await Promise.all([repo.stages(ctx.db, workspaceId), repo.staySummaries(ctx.db, workspaceId, daysAgo(now, 365))]);
  return {
    stages,
    stays,
    norms: new Map(
      stages.map((st) => {
        const h = stays.get(st.id);
        const fromHistory = Boolean(h && h.n >= MIN_HISTORY);
        return [st.id, { days: fromHistory && h ? stageNorm(h) : DEFAULT_NORM_DAYS, fromHistory, stays: h?.n ?? 0 }];
      }),
    ),
  };
}

export async function computeBottlenecks(
  ctx: Ctx,
  s: repo.Scope,
  now: Date,
  threshold: PipelineSeverity,
): Promise<{ bottlenecks: Bottleneck[] }> {
  const [{ stages, stays, norms }, open, conv] = await Promise.all([
    stageNorms(ctx, s.workspaceId, now),
    repo.openDays(ctx.db, s, now),
    repo.conversion(ctx.db, s, { earlier: daysAgo(now, 90 + 365), recent: daysAgo(now, 90), overview: daysAgo(now, 90) }),
  ]);
  const convBy = new Map(conv.map((c) => [c.stage_id, c]));
  const histories: StageHistory[] = stages
    .filter((st) => !st.isWon && !st.isLost)
    .map((st) => {
      const c = convBy.get(st.id);
      return {
        stage: { id: st.id, name: st.name },
        stays: stays.get(st.id) ?? { n: 0, median: 0, mad: 0 },
        open: open.get(st.id) ?? { n: 0, median: 0 },
        recent: { resolved: c?.recent_resolved ?? 0, advanced: c?.recent_advanced ?? 0 },
        earlier: { resolved: c?.earlier_resolved ?? 0, advanced: c?.earlier_advanced ?? 0 },
      };
    });
  const found = detectBottlenecks(histories, threshold);
  const bottlenecks: Bottleneck[] = [];
  for (const b of found) {
    // Time in stage: the deals past the stage's norm. Conversion: the deals sitting in the stage now, longest first.
    const normDays = b.kind === "time_in_stage" ? (norms.get(b.stageId)?.days ?? DEFAULT_NORM_DAYS) : 0;
    const set = await repo.stuckDeals(ctx.db, s, now, b.stageId, normDays, DEALS_PER_BOTTLENECK);
    bottlenecks.push({
      stage_id: b.stageId,
      stage: b.stage,
      kind: b.kind,
      severity: b.severity,
      metric: b.metric,
      value: b.value,
      baseline: b.baseline,
      score: b.score,
      basis: b.basis,
      deals: set.deals.map(dealRef),
    });
  }
  return { bottlenecks };
}

export const dealRef = (d: repo.DealRefRow) => ({ ...d, value: Number(d.value), days_in_stage: Math.round(d.days_in_stage * 10) / 10 });

const monthLabel = (now: Date, m: number) => {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + m, 1));
  return d.toISOString().slice(0, 7);
};

export interface ForecastPayload {
  method: ForecastMethod;
  months_ahead: number;
  runs: number;
  open_deals: number;
  months: { month: string; p10: number; p50: number; p90: number; expected: number }[];
  total: { p10: number; p50: number; p90: number; expected: number };
  basis: string;
}

export async function computeForecast(
  ctx: Ctx,
  s: repo.Scope,
  now: Date,
  method: ForecastMethod,
  monthsAhead: number,
): Promise<ForecastPayload> {
  const label = (m: number) => monthLabel(now, m);
  if (method === "historical") {
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - HISTORY_MONTHS, 1));
    const won = await repo.wonByMonth(ctx.db, s, start);
    const history = Array.from({ length: HISTORY_MONTHS }, (_, i) => won.get(label(i - HISTORY_MONTHS)) ?? 0);
    const r = historicalForecast(history, monthsAhead);
    const wonTotal = history.reduce((a, b) => a + b, 0);
    return {
      method,
      months_ahead: monthsAhead,
      runs: 0,
      open_deals: 0,
      months: r.months.map((m, i) => ({ month: label(i), ...m })),
      total: r.total,
      basis: `A straight line through the value won in each of the last ${HISTORY_MONTHS} months (${money(wonTotal)} in all; trend ${money(Math.round(r.slope))} a month), continued ahead; P10–P90 is the line ± 1.28 × the months' spread around it (${money(Math.round(r.sigma))})`,
    };
  }
  const rows = await repo.openDealsForForecast(ctx.db, s);
  const deals = rows.map((d) => ({
    value: Number(d.value),
    probability: d.probability / 100,
    ...placeDeal(d.expected_close_date, now, SPREAD_MONTHS),
  }));
  const undated = rows.filter((d) => !d.expected_close_date || d.expected_close_date < ymd(now)).length;
  const spread = `${undated} of them undated or past their date, spread evenly over the next ${SPREAD_MONTHS} months`;
  const r = method === "weighted" ? weightedForecast(deals, monthsAhead) : simulate(deals, monthsAhead, FORECAST_RUNS);
  return {
    method,
    months_ahead: monthsAhead,
    runs: method === "weighted" ? 0 : FORECAST_RUNS,
    open_deals: rows.length,
    months: r.months.map((m, i) => ({ month: label(i), ...m })),
    total: r.total,
    basis:
      method === "weighted"
        ? `Value × probability of ${rows.length} open deals in the month of their expected close date (${spread}); no spread, so P10 = P50 = P90`
        : `${FORECAST_RUNS.toLocaleString("en-US")} simulated futures in which each of ${rows.length} open deals is won with its probability (its own, else its stage's) in the month of its expected close date (${spread}); P10–P90 holds 80% of them`,
  };
}
