import { describe, expect, it } from "vitest";
import {
  type ConversionWindow,
  detectBottlenecks,
  mad,
  median,
  type StageHistory,
  stageNorm,
  stayScore,
  summarizeStays,
} from "./pipeline.bottlenecks.ts";

const none: ConversionWindow = { resolved: 0, advanced: 0 };
const stage = (name: string, stays: number[], openDays: number[], recent = none, earlier = none): StageHistory => ({
  stage: { id: `id-${name}`, name },
  stays: summarizeStays(stays),
  open: { n: openDays.length, median: median(openDays) },
  recent,
  earlier,
});
// Finished stays of about ten days: median 10, MAD 2 (robust σ ≈ 2.97).
const usual = [6, 8, 8, 9, 10, 10, 11, 12, 12, 14, 10];

describe("bottleneck detection", () => {
  it("computes median and MAD", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(mad([1, 1, 2, 2, 4, 6, 9])).toBe(1);
    expect(summarizeStays(usual)).toEqual({ n: 11, median: 10, mad: 2 });
  });

  const cases: { name: string; open: number[]; severity: string | null }[] = [
    { name: "deals in step with history", open: [9, 11, 12], severity: null },
    { name: "a little slow (2 σ)", open: [16, 16.5, 17], severity: "low" },
    { name: "slow (3 σ)", open: [19.5, 19.5], severity: "medium" },
    { name: "stuck (4 σ and more)", open: [25, 40, 31], severity: "high" },
  ];
  for (const c of cases) {
    it(`time in stage: ${c.name}`, () => {
      const found = detectBottlenecks([stage("Proposal", usual, c.open)]);
      expect(found[0]?.severity ?? null).toBe(c.severity);
      if (c.severity) expect(found[0]).toMatchObject({ kind: "time_in_stage", stage: "Proposal", baseline: 10 });
    });
  }

  it("does not judge a stage with too little history, or one no deal sits in", () => {
    expect(detectBottlenecks([stage("New", [1, 2, 3], [90])])).toEqual([]);
    expect(detectBottlenecks([stage("New", usual, [])])).toEqual([]);
  });

  it("floors the spread: identical past stays do not make a one-day delay an outlier", () => {
    const same = summarizeStays([10, 10, 10, 10, 10, 10]);
    expect(stayScore(11, same)).toBe(1);
    expect(stageNorm(same)).toBe(12);
    expect(detectBottlenecks([stage("Demo", [10, 10, 10, 10, 10, 10], [11])])).toEqual([]);
  });

  it("flags conversion that fell well below the stage's own history, not one that rose", () => {
    const fell = stage("Negotiation", [], [], { resolved: 40, advanced: 8 }, { resolved: 200, advanced: 120 });
    const rose = stage("Demo", [], [], { resolved: 40, advanced: 36 }, { resolved: 200, advanced: 120 });
    const steady = stage("Qualified", [], [], { resolved: 40, advanced: 23 }, { resolved: 200, advanced: 120 });
    const found = detectBottlenecks([fell, rose, steady]);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ kind: "conversion", stage: "Negotiation", severity: "high", value: 0.2, baseline: 0.6 });
    expect(found[0]!.basis).toContain("8 of 40");
  });

  it("orders by severity and applies the threshold", () => {
    const all = detectBottlenecks([stage("A", usual, [16.5]), stage("B", usual, [40]), stage("C", usual, [19.5])]);
    expect(all.map((b) => b.stage)).toEqual(["B", "C", "A"]);
    expect(detectBottlenecks([stage("A", usual, [16.5]), stage("B", usual, [40])], "medium").map((b) => b.stage)).toEqual(["B"]);
    expect(detectBottlenecks([stage("A", usual, [16.5])], "high")).toEqual([]);
  });
});
