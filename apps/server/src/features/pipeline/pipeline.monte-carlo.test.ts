import { describe, expect, it } from "vitest";
import {
  type ForecastDeal,
  historicalForecast,
  mulberry32,
  placeDeal,
  quantile,
  simulate,
  simulateRuns,
  weightedForecast,
} from "./pipeline.monte-carlo.ts";

const mean = (a: Float64Array) => a.reduce((s, x) => s + x, 0) / a.length;
const variance = (a: Float64Array) => {
  const m = mean(a);
  return a.reduce((s, x) => s + (x - m) ** 2, 0) / (a.length - 1);
};
const dated = (value: number, probability: number, month = 0): ForecastDeal => ({ value, probability, month, span: 1 });

describe("Monte Carlo forecast", () => {
  // Closed form for independent Bernoulli wins: mean Σ p·v, variance Σ p(1−p)·v².
  const pipelines: { name: string; deals: ForecastDeal[] }[] = [
    { name: "one deal at 50%", deals: [dated(1000, 0.5)] },
    { name: "three unequal deals", deals: [dated(5000, 0.2), dated(1200, 0.8), dated(300, 0.5)] },
    { name: "a sure deal and a long shot", deals: [dated(10_000, 1), dated(50_000, 0.05)] },
    { name: "twenty equal deals", deals: Array.from({ length: 20 }, () => dated(2500, 0.3)) },
  ];
  for (const { name, deals } of pipelines) {
    it(`matches the closed-form mean and variance: ${name}`, () => {
      const { totals } = simulateRuns(deals, 1, 20_000, 42);
      const mu = deals.reduce((s, d) => s + d.probability * d.value, 0);
      const v = deals.reduce((s, d) => s + d.probability * (1 - d.probability) * d.value ** 2, 0);
      // The sample mean's standard error is √(v/n): allow 4 of them; the variance within 5%.
      expect(Math.abs(mean(totals) - mu)).toBeLessThanOrEqual(4 * Math.sqrt(v / totals.length) + 1e-9);
      if (v === 0) expect(variance(totals)).toBe(0);
      else expect(variance(totals) / v).toBeGreaterThan(0.95);
      if (v > 0) expect(variance(totals) / v).toBeLessThan(1.05);
    });
  }

  it("puts each dated deal in its month and spreads an undated one evenly", () => {
    const deals: ForecastDeal[] = [dated(100, 1, 0), dated(200, 1, 2), { value: 300, probability: 1, month: 0, span: 3 }];
    const { sums } = simulateRuns(deals, 3, 30_000, 7);
    const runs = 30_000;
    const monthMean = (m: number) => mean(sums.subarray(m * runs, (m + 1) * runs));
    // Month 0: 100 + 300/3, month 1: 300/3, month 2: 200 + 300/3.
    expect(monthMean(0)).toBeCloseTo(200, -1);
    expect(monthMean(1)).toBeCloseTo(100, -1);
    expect(monthMean(2)).toBeCloseTo(300, -1);
  });

  it("gives P10/P50/P90 that bracket the expectation, the same for the same seed", () => {
    const deals = Array.from({ length: 200 }, (_, i) => dated(1000 + i * 10, 0.4, i % 3));
    const a = simulate(deals, 3, 10_000, 1);
    const b = simulate(deals, 3, 10_000, 1);
    expect(a).toEqual(b);
    for (const m of a.months) {
      expect(m.p10).toBeLessThan(m.expected);
      expect(m.p90).toBeGreaterThan(m.expected);
      expect(Math.abs(m.p50 - m.expected) / m.expected).toBeLessThan(0.05);
    }
    // Near-normal total: P90 − P10 ≈ 2 × 1.2816 σ.
    const sigma = Math.sqrt(deals.reduce((s, d) => s + d.probability * (1 - d.probability) * d.value ** 2, 0));
    expect((a.total.p90 - a.total.p10) / (2 * 1.2816 * sigma)).toBeGreaterThan(0.9);
    expect((a.total.p90 - a.total.p10) / (2 * 1.2816 * sigma)).toBeLessThan(1.1);
  });

  it("ignores deals closing beyond the horizon and deals worth nothing", () => {
    const r = simulate([dated(1000, 0.9, 6), dated(0, 0.9), dated(500, 0)], 6, 1000);
    expect(r.total).toEqual({ p10: 0, p50: 0, p90: 0, expected: 0 });
  });

  it("places deals by expected close date: this month, later, missing or past", () => {
    const now = new Date("2026-11-24T12:00:00Z");
    expect(placeDeal("2026-11-30", now, 3)).toEqual({ month: 0, span: 1 });
    expect(placeDeal("2027-02-01", now, 3)).toEqual({ month: 3, span: 1 });
    expect(placeDeal(null, now, 3)).toEqual({ month: 0, span: 3 });
    expect(placeDeal("2026-11-01", now, 2)).toEqual({ month: 0, span: 2 });
  });

  it("draws uniform numbers from the seeded generator", () => {
    const next = mulberry32(123);
    const xs = Array.from({ length: 50_000 }, next);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
    expect(xs.reduce((s, x) => s + x, 0) / xs.length).toBeCloseTo(0.5, 2);
    expect(mulberry32(123)()).toBe(xs[0]);
  });

  it("interpolates quantiles", () => {
    expect(quantile([0, 10, 20, 30, 40], 0.5)).toBe(20);
    expect(quantile([0, 10], 0.1)).toBe(1);
    expect(quantile([], 0.5)).toBe(0);
  });
});

describe("weighted and historical forecasts", () => {
  it("weighted: Σ p·v per month, no spread", () => {
    const r = weightedForecast([dated(1000, 0.5, 0), dated(400, 0.25, 1), { value: 900, probability: 1, month: 0, span: 3 }], 3);
    expect(r.months.map((m) => m.expected)).toEqual([800, 400, 300]);
    expect(r.months[0]).toEqual({ p10: 800, p50: 800, p90: 800, expected: 800 });
    expect(r.total.expected).toBe(1500);
  });

  it("historical: continues a perfect line with no band", () => {
    const r = historicalForecast([100, 200, 300, 400], 2);
    expect(r.months.map((m) => m.p50)).toEqual([500, 600]);
    expect(r.months[0]!.p10).toBe(500);
    expect(r.total.expected).toBe(1100);
  });

  it("historical: a noisy flat history gives a band around its mean, never below zero", () => {
    // Slope −30/17.5 per month: the line reaches 50 − 1.714 × 3.5 ≈ 44 next month.
    const r = historicalForecast([50, 70, 30, 60, 40, 50], 1);
    const m = r.months[0]!;
    expect(m.p50).toBeCloseTo(44, 0);
    expect(m.p90).toBeGreaterThan(m.p50);
    expect(historicalForecast([100, 0, 100, 0, 100, 0], 1).months[0]!.p10).toBe(0);
    expect(historicalForecast([], 3).total.expected).toBe(0);
  });
});
