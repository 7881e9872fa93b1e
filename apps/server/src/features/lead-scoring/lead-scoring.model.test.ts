/** The model's mathematics on their own: IRLS, AUC with ties, stratified folds, calibration, and training on generated data. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildEncoder, encode, MIN_LEVEL_COUNT } from "./lead-scoring.features.ts";
import {
  auc,
  calibration,
  fitLogistic,
  fitLogisticAsync,
  predict,
  rocCurve,
  type SparseRow,
  seededRandom,
  stratifiedFolds,
} from "./lead-scoring.model.ts";
import { generateLeads } from "./lead-scoring.test-data.ts";
import { FOLDS, scoreLead, trainOnExamples } from "./lead-scoring.training.ts";

/** The AUC by its definition: over every positive–negative pair, 1 when the positive scores higher, ½ on a tie. */
function pairwiseAuc(scores: number[], labels: number[]): number | null {
  let sum = 0;
  let pairs = 0;
  labels.forEach((li, i) => {
    if (li !== 1) return;
    labels.forEach((lj, j) => {
      if (lj !== 0) return;
      pairs++;
      sum += scores[i]! > scores[j]! ? 1 : scores[i] === scores[j] ? 0.5 : 0;
    });
  });
  return pairs ? sum / pairs : null;
}

describe("auc", () => {
  it("counts ties as halves", () => {
    expect(auc([0.5, 0.5, 0.2, 0.9], [1, 0, 0, 1])).toBe(0.875);
    expect(auc([1, 1, 1, 1], [1, 0, 1, 0])).toBe(0.5);
    expect(auc([0.1, 0.4, 0.35, 0.8], [0, 0, 1, 1])).toBe(0.75);
    expect(auc([0.9, 0.1], [0, 1])).toBe(0);
  });

  it("is null without both classes", () => {
    expect(auc([0.1, 0.2], [1, 1])).toBeNull();
    expect(auc([], [])).toBeNull();
  });

  it("equals the pairwise definition on any scores, ties included", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 1 })), { minLength: 1, maxLength: 60 }),
        (pts) => {
          const scores = pts.map((p) => p[0] / 5);
          const labels = pts.map((p) => p[1]);
          const a = auc(scores, labels);
          const b = pairwiseAuc(scores, labels);
          if (b === null) expect(a).toBeNull();
          else expect(a).toBeCloseTo(b, 12);
        },
      ),
    );
  });
});

describe("fitLogistic (IRLS)", () => {
  it("converges to the weights that generated the data, with a zero penalised gradient", () => {
    const rnd = seededRandom(7);
    const truth = [-1, 2, -1.5];
    const rows: SparseRow[] = [];
    const y: number[] = [];
    for (let i = 0; i < 20_000; i++) {
      const x1 = rnd() < 0.5 ? 1 : 0;
      const x2 = rnd() * 2 - 1;
      const row = { idx: [0, 1, 2], val: [1, x1, x2] };
      rows.push(row);
      y.push(rnd() < predict(truth, row) ? 1 : 0);
    }
    const fit = fitLogistic(rows, y, 3, 0.01);
    expect(fit.converged).toBe(true);
    expect(fit.iterations).toBeLessThan(15);
    for (const [j, w] of fit.weights.entries()) expect(Math.abs(w - truth[j]!)).toBeLessThan(0.12);
    // The optimum: the gradient of the penalised log-likelihood is zero.
    const grad = [0, 0, 0];
    rows.forEach((r, i) => {
      const resid = y[i]! - predict(fit.weights, r);
      r.idx.forEach((j, k) => {
        grad[j]! += resid * r.val[k]!;
      });
    });
    for (let j = 1; j < 3; j++) grad[j]! -= 0.01 * fit.weights[j]!;
    for (const g of grad) expect(Math.abs(g)).toBeLessThan(1e-4);
  });

  it("stays finite on perfectly separable data and collinear one-hot columns (the penalty)", () => {
    const rows: SparseRow[] = [];
    const y: number[] = [];
    for (let i = 0; i < 200; i++) {
      const a = i % 2;
      // Columns 1 and 2 are a full one-hot of one field: collinear with the intercept.
      rows.push({ idx: [0, a ? 1 : 2], val: [1, 1] });
      y.push(a);
    }
    const fit = fitLogistic(rows, y, 3, 1);
    expect(fit.converged).toBe(true);
    expect(fit.weights.every(Number.isFinite)).toBe(true);
    expect(predict(fit.weights, rows[1]!)).toBeGreaterThan(0.9);
  });

  it("is deterministic, and the event-loop-friendly variant gives the same fit", async () => {
    const { leads, labels } = generateLeads(400, 3, "signal");
    const spec = buildEncoder(leads);
    const rows = leads.map((l) => encode(spec, l));
    const fit = fitLogistic(rows, labels, spec.columns.length, 1);
    expect(fitLogistic(rows, labels, spec.columns.length, 1)).toEqual(fit);
    expect(await fitLogisticAsync(rows, labels, spec.columns.length, 1)).toEqual(fit);
  });
});

describe("stratifiedFolds", () => {
  it("gives every fold the base rate (sizes within one) and the same folds for the same seed", () => {
    const rnd = seededRandom(11);
    const labels = Array.from({ length: 503 }, () => (rnd() < 0.13 ? 1 : 0));
    const folds = stratifiedFolds(labels, 5, 42);
    const pos = [0, 0, 0, 0, 0];
    const all = [0, 0, 0, 0, 0];
    folds.forEach((f, i) => {
      all[f]!++;
      pos[f]! += labels[i]!;
    });
    expect(Math.max(...pos) - Math.min(...pos)).toBeLessThanOrEqual(1);
    expect(Math.max(...all) - Math.min(...all)).toBeLessThanOrEqual(1);
    expect(stratifiedFolds(labels, 5, 42)).toEqual(folds);
    expect(stratifiedFolds(labels, 5, 43)).not.toEqual(folds);
  });
});

describe("calibration and ROC", () => {
  it("bins by predicted decile with the observed rate and its interval", () => {
    const probs = Array.from({ length: 100 }, (_, i) => i / 100);
    const labels = probs.map((_, i) => (i >= 90 ? 1 : 0));
    const bins = calibration(probs, labels);
    expect(bins).toHaveLength(10);
    expect(bins.every((b) => b.n === 10)).toBe(true);
    expect(bins[9]).toMatchObject({ bin: 10, observed: 1, predicted: 0.945 });
    expect(bins[0]!.observed).toBe(0);
    expect(bins[9]!.low).toBeGreaterThan(0.6);
  });

  it("runs from (0,0) to (1,1) and is thinned to at most 101 points", () => {
    const rnd = seededRandom(5);
    const scores = Array.from({ length: 5000 }, () => rnd());
    const labels = scores.map((s) => (rnd() < s ? 1 : 0));
    const roc = rocCurve(scores, labels);
    expect(roc.length).toBeLessThanOrEqual(101);
    expect(roc[0]).toEqual({ fpr: 0, tpr: 0 });
    expect(roc.at(-1)).toEqual({ fpr: 1, tpr: 1 });
  });
});

describe("trainOnExamples", () => {
  it("finds a known signal: cross-validated AUC above 0.8, and the signal's weights point the right way", async () => {
    const { leads, labels } = generateLeads(1500, 1, "signal");
    const steps: number[] = [];
    const m = await trainOnExamples(leads, labels, async (done, of) => {
      steps.push(done / of);
    });
    // Progress after each fold and the final fit, rising to 1.
    expect(steps).toHaveLength(FOLDS + 1);
    expect([...steps].sort()).toEqual(steps);
    expect(steps.at(-1)).toBe(1);
    expect(m.foldAucs).toHaveLength(FOLDS);
    expect(m.cvAuc!).toBeGreaterThan(0.8);
    for (const a of m.foldAucs) expect(a!).toBeGreaterThan(0.75);
    const w = (c: string) => m.weights[m.spec.columns.indexOf(c)]!;
    expect(w("seniority=director")).toBeGreaterThan(1);
    expect(w("has_phone")).toBeGreaterThan(0.8);
    expect(w("title:founder")).toBeGreaterThan(1);
    expect(w("emailStatus=invalid")).toBeLessThan(w("emailStatus=valid"));
    // A director founder with a phone outranks an entry-level engineer with an invalid address, and says why.
    const strong = scoreLead(m.spec, m.weights, { ...leads[0]!, seniority: "director", role: "Founder", phone: "1", emailStatus: "valid" });
    const weak = scoreLead(m.spec, m.weights, {
      ...leads[0]!,
      seniority: "entry",
      role: "Software Engineer",
      phone: null,
      emailStatus: "invalid",
    });
    expect(strong.probability).toBeGreaterThan(0.5);
    expect(weak.probability).toBeLessThan(0.1);
    expect(strong.contributions.slice(0, 3).map((c) => c.feature)).toEqual(expect.arrayContaining(["seniority=director", "title:founder"]));
  });

  it("finds nothing in noise: cross-validated AUC near 0.5", async () => {
    const { leads, labels } = generateLeads(1500, 2, "noise");
    const m = await trainOnExamples(leads, labels);
    expect(m.cvAuc!).toBeGreaterThan(0.4);
    expect(m.cvAuc!).toBeLessThan(0.6);
  });

  it("folds rare levels into other", () => {
    const { leads } = generateLeads(300, 4, "noise");
    const spec = buildEncoder([...leads, { ...leads[0]!, id: "rare", country: "NZ" }]);
    expect(spec.categories.country).toContain("other");
    expect(spec.categories.country).not.toContain("nz");
    expect(MIN_LEVEL_COUNT).toBe(10);
  });
});
