/** PSI and the drift comparison on generated leads: zero on identical populations, drift on a shifted one. */
import { describe, expect, it } from "vitest";
import { generateLeads } from "../lead-scoring/lead-scoring.test-data.ts";
import { trainOnExamples } from "../lead-scoring/lead-scoring.training.ts";
import { comparePopulations } from "./ai-models.drift.ts";
import { binCounts, decileEdges, driftStatus, psi } from "./ai-models.psi.ts";
import { groupedAuc, smoothedRates } from "./ai-models.send-time.ts";

describe("population stability index", () => {
  it("is 0 for the same distribution and grows with the shift", () => {
    expect(psi([10, 20, 30, 40], [1, 2, 3, 4])).toBe(0);
    const small = psi([25, 25, 25, 25], [28, 24, 24, 24])!;
    const large = psi([25, 25, 25, 25], [70, 10, 10, 10])!;
    expect(small).toBeGreaterThan(0);
    expect(small).toBeLessThan(0.1);
    expect(large).toBeGreaterThan(0.25);
    // By hand: Σ (a−e)·ln(a/e) with shares 0.7/0.1/0.1/0.1 against 0.25 each.
    expect(large).toBeCloseTo(0.45 * Math.log(0.7 / 0.25) + 3 * -0.15 * Math.log(0.1 / 0.25), 3);
    expect(psi([], [])).toBeNull();
    expect(driftStatus(0.05)).toBe("stable");
    expect(driftStatus(0.1)).toBe("watch");
    expect(driftStatus(0.25)).toBe("drift");
  });

  it("bins numbers at the training deciles", () => {
    const values = Array.from({ length: 100 }, (_, i) => i);
    const edges = decileEdges(values);
    expect(edges).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90]);
    expect(binCounts(values, edges)).toEqual(new Array(10).fill(10));
  });
});

describe("drift between populations of generated leads", () => {
  it("finds no drift between identical populations and drift where one was shifted", async () => {
    const { leads, labels } = generateLeads(600, 11, "signal");
    const model = await trainOnExamples(leads, labels);
    const same = comparePopulations(
      model.spec,
      model.weights,
      leads,
      leads.map((l) => ({ ...l })),
    );
    expect(same.predictionPsi).toBe(0);
    expect(same.features.length).toBeGreaterThan(5);
    for (const f of same.features) expect(f.psi).toBe(0);

    // Every recent lead is a director with a phone number: both features and the predictions move.
    const shifted = generateLeads(600, 12, "signal").leads.map((l) => ({ ...l, seniority: "director", phone: "+1 555 0199" }));
    const d = comparePopulations(model.spec, model.weights, leads, shifted);
    const by = new Map(d.features.map((f) => [f.feature, f]));
    expect(by.get("seniority")!.psi).toBeGreaterThan(0.25);
    expect(by.get("seniority")!.status).toBe("drift");
    expect(by.get("has_phone")!.psi).toBeGreaterThan(0.25);
    expect(d.predictionPsi!).toBeGreaterThan(0.25);
    // A feature the shift did not touch stays below the watch line.
    expect(by.get("department")!.psi).toBeLessThan(0.1);
    // Largest first.
    expect(d.features[0]!.psi).toBeGreaterThanOrEqual(d.features.at(-1)!.psi);
  });
});

describe("send-time model", () => {
  it("smooths each slot toward the overall rate and ranks by it", () => {
    const slots = new Map([
      ["d1h09", { sends: 100, replied: 30 }],
      ["d1h10", { sends: 100, replied: 10 }],
      ["d2h09", { sends: 2, replied: 2 }],
    ]);
    const rates = smoothedRates(slots);
    expect(rates).toHaveLength(168);
    const p0 = 42 / 202;
    expect(rates[9]).toBeCloseTo((30 + 20 * p0) / 120, 5);
    // Two replies out of two sends stay near the average, far from 100 %.
    expect(rates[24 + 9]).toBeCloseTo((2 + 20 * p0) / 22, 5);
    // An empty slot is the overall rate.
    expect(rates[0]).toBeCloseTo(p0, 5);
    expect(
      groupedAuc([
        { score: 0.3, positives: 10, negatives: 0 },
        { score: 0.1, positives: 0, negatives: 10 },
      ]),
    ).toBe(1);
    expect(groupedAuc([{ score: 0.2, positives: 5, negatives: 5 }])).toBe(0.5);
    expect(groupedAuc([{ score: 0.2, positives: 0, negatives: 5 }])).toBeNull();
  });
});
