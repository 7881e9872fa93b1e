/**
 * Training on examples already loaded: the encoding learnt from them, 5-fold stratified cross-
 * validation (each fold's AUC, and calibration and ROC over the pooled out-of-fold predictions, so
 * every figure is measured on leads the model did not see), then the final fit on all examples.
 * Pure and deterministic (fixed fold seed): the same examples give the same model.
 */
import type { CalibrationBin, LeadContribution, RocPoint } from "@prospector/contracts";
import { buildEncoder, describe, encode, type LeadFeatures } from "./lead-scoring.features.ts";
import { auc, calibration, fitLogisticAsync, linear, predict, rocCurve, round, stratifiedFolds } from "./lead-scoring.model.ts";
import type { EncoderSpec } from "./lead-scoring.table.ts";

export const FOLDS = 5;
export const FOLD_SEED = 20_251_125;
/** L2 penalty (on log-odds weights; the intercept is free): shrinks weights of levels seen a few times. */
export const LAMBDA = 1;

export interface TrainedModel {
  spec: EncoderSpec;
  weights: number[];
  iterations: number;
  foldAucs: (number | null)[];
  cvAuc: number | null;
  calibration: CalibrationBin[];
  roc: RocPoint[];
  support: number[];
}

export async function trainOnExamples(
  examples: LeadFeatures[],
  labels: number[],
  progress: (done: number, of: number) => Promise<void> = async () => {},
): Promise<TrainedModel> {
  const folds = stratifiedFolds(labels, FOLDS, FOLD_SEED);
  const oof = new Array<number>(examples.length).fill(0);
  const foldAucs: (number | null)[] = [];
  for (let k = 0; k < FOLDS; k++) {
    const trainIdx = examples.flatMap((_, i) => (folds[i] !== k ? [i] : []));
    const testIdx = examples.flatMap((_, i) => (folds[i] === k ? [i] : []));
    // The encoding is learnt on the fold's training part only: levels the held-out part alone has become "other".
    const spec = buildEncoder(trainIdx.map((i) => examples[i]!));
    const fit = await fitLogisticAsync(
      trainIdx.map((i) => encode(spec, examples[i]!)),
      trainIdx.map((i) => labels[i]!),
      spec.columns.length,
      LAMBDA,
    );
    const scores = testIdx.map((i) => predict(fit.weights, encode(spec, examples[i]!)));
    testIdx.forEach((i, j) => {
      oof[i] = scores[j]!;
    });
    const a = auc(
      scores,
      testIdx.map((i) => labels[i]!),
    );
    foldAucs.push(a === null ? null : round(a));
    await progress(k + 1, FOLDS + 1);
  }
  const spec = buildEncoder(examples);
  const rows = examples.map((e) => encode(spec, e));
  const fit = await fitLogisticAsync(rows, labels, spec.columns.length, LAMBDA);
  const support = new Array<number>(spec.columns.length).fill(0);
  for (const r of rows) for (const j of r.idx) support[j]!++;
  await progress(FOLDS + 1, FOLDS + 1);
  const known = foldAucs.filter((a): a is number => a !== null);
  return {
    spec,
    weights: fit.weights.map((w) => round(w, 6)),
    iterations: fit.iterations,
    foldAucs,
    cvAuc: known.length ? round(known.reduce((s, a) => s + a, 0) / known.length) : null,
    calibration: calibration(oof, labels),
    roc: rocCurve(oof, labels),
    support,
  };
}

/** A lead's probability and every non-zero contribution (weight × value, log-odds), largest first; the intercept apart. */
export function scoreLead(
  spec: EncoderSpec,
  weights: number[],
  lead: LeadFeatures,
): { probability: number; contributions: LeadContribution[] } {
  const row = encode(spec, lead);
  const contributions: LeadContribution[] = [];
  for (let k = 0; k < row.idx.length; k++) {
    const j = row.idx[k]!;
    if (j === 0) continue;
    const value = weights[j]! * row.val[k]!;
    if (value === 0) continue;
    const column = spec.columns[j]!;
    contributions.push({ feature: column, label: describe(column).label, value: round(value) });
  }
  contributions.sort((a, b) => Math.abs(b.value) - Math.abs(a.value) || a.feature.localeCompare(b.feature));
  const z = linear(weights, row);
  return { probability: round(1 / (1 + Math.exp(-z)), 6), contributions };
}
