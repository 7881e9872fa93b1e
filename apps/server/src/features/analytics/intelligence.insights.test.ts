/**
 * The insights' statistics on generated data: Benjamini–Hochberg against hand-worked values, a
 * planted change found among many unchanged cells, and pure noise producing no finding.
 */
import { describe, expect, it } from "vitest";
import { benjaminiHochberg, detectChanges, type InsightCell } from "./intelligence.insights.ts";

/** Deterministic uniform numbers (mulberry32), so the noise test is the same on every run. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const binomial = (rand: () => number, n: number, p: number) => {
  let x = 0;
  for (let i = 0; i < n; i++) if (rand() < p) x++;
  return x;
};

const cell = (key: string, prev: [number, number], cur: [number, number]): InsightCell => ({
  metric: "reply_rate",
  scope: "campaign",
  key,
  label: key,
  link: `/campaigns/${key}`,
  previous: { successes: prev[0], n: prev[1] },
  current: { successes: cur[0], n: cur[1] },
});

describe("Benjamini–Hochberg", () => {
  it("adjusts p-values as the step-up procedure does, keeping the input order", () => {
    // m = 5: q = min over j ≥ i of 5·p(j)/j → 0.005·5/1=.025, .011·5/2=.0275, .02·5/3=.0333, .04·5/4=.05, .5·5/5=.5
    const q = benjaminiHochberg([0.04, 0.005, 0.5, 0.011, 0.02]);
    expect(q.map((x) => Math.round(x * 10_000) / 10_000)).toEqual([0.05, 0.025, 0.5, 0.0275, 0.0333]);
  });

  it("is monotone in p and never above 1", () => {
    const q = benjaminiHochberg([0.9, 0.8, 0.95, 0.01]);
    expect(Math.max(...q)).toBeLessThanOrEqual(1);
    expect(q[3]).toBeLessThan(q[1]!);
    expect(q[1]).toBeLessThanOrEqual(q[0]!);
  });

  it("answers nothing for no tests", () => {
    expect(benjaminiHochberg([])).toEqual([]);
  });
});

describe("change detection", () => {
  it("finds a planted change among 200 unchanged cells, with its evidence", () => {
    const rand = rng(7);
    const cells = Array.from({ length: 200 }, (_, i) => cell(`c${i}`, [binomial(rand, 500, 0.05), 500], [binomial(rand, 500, 0.05), 500]));
    cells.push(cell("planted", [25, 500], [75, 500])); // 5 % → 15 %
    const { findings, tests, skipped } = detectChanges(cells);
    expect(tests).toBe(201);
    expect(skipped).toBe(0);
    expect(findings.map((f) => f.key)).toEqual(["planted"]);
    const f = findings[0]!;
    expect(f).toMatchObject({ direction: "up", good: true, delta: 0.1 });
    expect(f.previous).toMatchObject({ successes: 25, n: 500, rate: 0.05 });
    expect(f.current.low).toBeGreaterThan(f.previous.high!);
    expect(f.q_value).toBeLessThanOrEqual(0.05);
    expect(f.q_value).toBeGreaterThanOrEqual(f.p_value);
  });

  it("keeps false findings on pure noise to the promised rate, where uncorrected tests would not", () => {
    // 20 workspaces' worth of unchanged cells (200 each, true rate 8 % in both periods). With every
    // null true, BH bounds the chance of ANY finding in a run by 5 %: about 1 run in 20.
    let runsWithFindings = 0;
    let rawSignificant = 0;
    for (let run = 0; run < 20; run++) {
      const rand = rng(1000 + run);
      const cells = Array.from({ length: 200 }, (_, i) =>
        cell(`n${i}`, [binomial(rand, 300, 0.08), 300], [binomial(rand, 300, 0.08), 300]),
      );
      const { findings, tests } = detectChanges(cells);
      expect(tests).toBe(200);
      if (findings.length > 0) runsWithFindings++;
      rawSignificant += detectChanges(cells, { fdr: 1 }).findings.filter((x) => x.p_value < 0.05).length;
    }
    expect(runsWithFindings).toBeLessThanOrEqual(3);
    // Uncorrected, about 5 % of the 4,000 tests (≈ 200) look "significant": the correction removes them.
    expect(rawSignificant).toBeGreaterThan(100);
  });

  it("skips cells with too little data and does not count them as tests", () => {
    const { tests, skipped, findings } = detectChanges([cell("small", [0, 10], [9, 10]), cell("big", [10, 400], [60, 400])]);
    expect(tests).toBe(1);
    expect(skipped).toBe(1);
    expect(findings.map((f) => f.key)).toEqual(["big"]);
  });

  it("calls a rise in bounces bad news", () => {
    const c = { ...cell("b", [5, 1000], [60, 1000]), metric: "bounce_rate" as const };
    expect(detectChanges([c]).findings[0]).toMatchObject({ direction: "up", good: false });
  });
});
