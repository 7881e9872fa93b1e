/**
 * Revenue forecasts over open deals, pure math (no database): Monte Carlo with a seeded PRNG, the
 * weighted sum, and the historical trend. Months are indexed from 0 = the current calendar month.
 *
 * The model (docs/pipeline.md): each open deal closes, independently, with its effective
 * probability p (its own, else its stage's), for its value v. A deal closes in the month of its
 * expected close date; a deal whose date is missing or already past closes in one of the
 * `spreadMonths` months starting now, each equally likely (slipped or undated deals are assumed to
 * close soon, not never). A date beyond the horizon adds nothing within it.
 */

/** One open deal as the forecast sees it. */
export interface ForecastDeal {
  value: number;
  /** 0–1. */
  probability: number;
  /** First month it may close in (0 = this month). */
  month: number;
  /** How many months, from `month`, it may close in, each equally likely (1 for a dated deal). */
  span: number;
}

export interface MonthBand {
  p10: number;
  p50: number;
  p90: number;
  expected: number;
}

export interface SimulationResult {
  months: MonthBand[];
  total: MonthBand;
}

/** mulberry32 (platform/seeded-random.ts): the same seed gives the same forecast. */
export { seededRandom as mulberry32 } from "../../platform/seeded-random.ts";

/** The month index a deal's expected close date falls in, relative to `now` (UTC months). */
export function monthIndex(date: string, now: Date): number {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7)) - 1;
  return (y - now.getUTCFullYear()) * 12 + (m - now.getUTCMonth());
}

/** Where a deal may close: its date's month, or spread over the next months when missing or past. */
export function placeDeal(expectedCloseDate: string | null, now: Date, spreadMonths: number): { month: number; span: number } {
  if (!expectedCloseDate) return { month: 0, span: spreadMonths };
  const idx = monthIndex(expectedCloseDate, now);
  const today = now.toISOString().slice(0, 10);
  if (expectedCloseDate < today) return { month: 0, span: spreadMonths };
  return { month: idx, span: 1 };
}

/** Linear-interpolated quantile of sorted values. */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  const n = sorted.length;
  if (n === 0) return 0;
  const pos = (n - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.min(n - 1, lo + 1);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/** Expected revenue per month: Σ p·v, a spread deal's share divided evenly over its months. */
export function weightedByMonth(deals: ForecastDeal[], months: number): number[] {
  const out = new Array<number>(months).fill(0);
  for (const d of deals) {
    const share = (d.probability * d.value) / d.span;
    for (let k = 0; k < d.span; k++) {
      const m = d.month + k;
      if (m >= 0 && m < months) out[m]! += share;
    }
  }
  return out;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The simulated futures: `sums[m * runs + r]` is the revenue of month m in run r, `totals[r]` the
 * revenue within the horizon. The loop runs deal by deal, each over all runs, so a deal's constants
 * stay in registers and its writes walk one month's row in order (about twice as fast as run by
 * run). Each draw is a 32-bit integer compared with p × 2³²: with u < p the deal is won, and
 * u / p (uniform on [0, 1) given the win) picks its month within its span.
 */
export function simulateRuns(
  deals: ForecastDeal[],
  months: number,
  runs: number,
  seed = 0x5eed,
): { sums: Float64Array; totals: Float64Array } {
  const sums = new Float64Array(months * runs);
  const totals = new Float64Array(runs);
  let a = seed >>> 0;
  for (const d of deals) {
    // Only deals that can land inside the horizon matter.
    if (!(d.probability > 0 && d.value > 0 && d.month < months && d.month + d.span > 0)) continue;
    const threshold = Math.min(1, d.probability) * 4294967296;
    const value = d.value;
    const span = Math.max(1, d.span);
    const first = d.month;
    if (span === 1) {
      const row = first * runs;
      for (let r = 0; r < runs; r++) {
        // mulberry32, inlined: this loop runs deals × runs times.
        a = (a + 0x6d2b79f5) | 0;
        let t = Math.imul(a ^ (a >>> 15), a | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        if ((t ^ (t >>> 14)) >>> 0 < threshold) {
          sums[row + r]! += value;
          totals[r]! += value;
        }
      }
      continue;
    }
    for (let r = 0; r < runs; r++) {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), a | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      const u = (t ^ (t >>> 14)) >>> 0;
      if (u >= threshold) continue;
      const m = first + Math.floor((u / threshold) * span);
      if (m < 0 || m >= months) continue;
      sums[m * runs + r]! += value;
      totals[r]! += value;
    }
  }
  return { sums, totals };
}

/**
 * Monte Carlo: per month and over the horizon, P10/P50/P90 of the revenue won across `runs`
 * simulated futures, and the expected value (closed form, so it does not wobble with the seed).
 */
export function simulate(deals: ForecastDeal[], months: number, runs: number, seed = 0x5eed): SimulationResult {
  const { sums, totals } = simulateRuns(deals, months, runs, seed);
  const expected = weightedByMonth(deals, months);
  const band = (arr: Float64Array, exp: number): MonthBand => {
    arr.sort();
    return { p10: round2(quantile(arr, 0.1)), p50: round2(quantile(arr, 0.5)), p90: round2(quantile(arr, 0.9)), expected: round2(exp) };
  };
  const out: MonthBand[] = [];
  for (let m = 0; m < months; m++) out.push(band(sums.subarray(m * runs, (m + 1) * runs), expected[m]!));
  return {
    months: out,
    total: band(
      totals,
      expected.reduce((s, x) => s + x, 0),
    ),
  };
}

/** The weighted method: expected value per month, no spread (P10 = P50 = P90). */
export function weightedForecast(deals: ForecastDeal[], months: number): SimulationResult {
  const exp = weightedByMonth(deals, months).map(round2);
  const flat = (x: number): MonthBand => ({ p10: x, p50: x, p90: x, expected: x });
  return { months: exp.map(flat), total: flat(round2(exp.reduce((s, x) => s + x, 0))) };
}

/** 1.2816 standard deviations either side of the mean hold 80% of a normal distribution. */
const Z90 = 1.2816;

/**
 * The historical method: a least-squares line through the won value of each past month (oldest
 * first, ending with last month), continued `months` months ahead; the band is the line ± 1.28
 * residual standard deviations, floored at zero.
 */
export function historicalForecast(wonByMonth: number[], months: number): SimulationResult & { slope: number; sigma: number } {
  const n = wonByMonth.length;
  if (n === 0) {
    const zero = { p10: 0, p50: 0, p90: 0, expected: 0 };
    return { months: Array.from({ length: months }, () => ({ ...zero })), total: zero, slope: 0, sigma: 0 };
  }
  const xs = wonByMonth.map((_, i) => i);
  const mx = (n - 1) / 2;
  const my = wonByMonth.reduce((s, y) => s + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += (xs[i]! - mx) * (wonByMonth[i]! - my);
    sxx += (xs[i]! - mx) ** 2;
  }
  const slope = sxx === 0 ? 0 : sxy / sxx;
  const intercept = my - slope * mx;
  const residuals = wonByMonth.map((y, i) => y - (intercept + slope * i));
  const sigma = n > 2 ? Math.sqrt(residuals.reduce((s, e) => s + e * e, 0) / (n - 2)) : 0;
  const out: MonthBand[] = [];
  let total = 0;
  // Month 0 of the forecast (this month) is index n of the history.
  for (let m = 0; m < months; m++) {
    const y = Math.max(0, intercept + slope * (n + m));
    total += y;
    out.push({ p10: round2(Math.max(0, y - Z90 * sigma)), p50: round2(y), p90: round2(y + Z90 * sigma), expected: round2(y) });
  }
  // Month errors are treated as independent: the total's spread grows with √months.
  const totalSigma = sigma * Math.sqrt(months);
  return {
    months: out,
    total: {
      p10: round2(Math.max(0, total - Z90 * totalSigma)),
      p50: round2(total),
      p90: round2(total + Z90 * totalSigma),
      expected: round2(total),
    },
    slope,
    sigma,
  };
}
