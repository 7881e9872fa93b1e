/**
 * The model's mathematics, pure and deterministic: L2-penalised logistic regression fitted by IRLS
 * (Newton's method) on sparse rows, AUC by Mann–Whitney with tied scores counted as halves, seeded
 * stratified folds, calibration by predicted-probability deciles and the ROC curve.
 */
import type { CalibrationBin, RocPoint } from "@prospector/contracts";
import { seededRandom } from "../../platform/seeded-random.ts";
import { wilson } from "../../platform/stats.ts";

/** A row of the design matrix: the non-zero columns and their values (column 0, the intercept, is always 1). */
export interface SparseRow {
  idx: number[];
  val: number[];
}

export interface Fit {
  weights: number[];
  iterations: number;
  converged: boolean;
}

const sigmoid = (z: number) => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));

export function linear(w: number[], row: SparseRow): number {
  let z = 0;
  for (let k = 0; k < row.idx.length; k++) z += w[row.idx[k]!]! * row.val[k]!;
  return z;
}

export const predict = (w: number[], row: SparseRow) => sigmoid(linear(w, row));

/** Solves A x = b for a symmetric positive-definite A (Cholesky); A is overwritten. */
export function solveSpd(a: Float64Array[], b: number[]): number[] {
  const p = b.length;
  for (let j = 0; j < p; j++) {
    let d = a[j]![j]!;
    for (let k = 0; k < j; k++) d -= a[j]![k]! ** 2;
    if (d <= 0) throw new Error("matrix is not positive definite");
    const ljj = Math.sqrt(d);
    a[j]![j] = ljj;
    for (let i = j + 1; i < p; i++) {
      let s = a[i]![j]!;
      for (let k = 0; k < j; k++) s -= a[i]![k]! * a[j]![k]!;
      a[i]![j] = s / ljj;
    }
  }
  const y = new Array<number>(p);
  for (let i = 0; i < p; i++) {
    let s = b[i]!;
    for (let k = 0; k < i; k++) s -= a[i]![k]! * y[k]!;
    y[i] = s / a[i]![i]!;
  }
  const x = new Array<number>(p);
  for (let i = p - 1; i >= 0; i--) {
    let s = y[i]!;
    for (let k = i + 1; k < p; k++) s -= a[k]![i]! * x[k]!;
    x[i] = s / a[i]![i]!;
  }
  return x;
}

/**
 * Maximises Σ log-likelihood − λ/2 Σ_{j≥1} w_j² by Newton steps (IRLS). The penalty keeps the Hessian
 * positive definite even with collinear one-hot columns, so every step is a Cholesky solve; stops
 * when no weight moves more than `tol`.
 */
export function fitLogistic(rows: SparseRow[], y: number[], p: number, lambda: number, opts: { maxIter?: number; tol?: number } = {}): Fit {
  const state = startFit(y, p);
  const maxIter = opts.maxIter ?? 50;
  for (let iter = 1; iter <= maxIter; iter++) {
    if (newtonStep(state.w, rows, y, p, lambda) < (opts.tol ?? 1e-7)) return { weights: state.w, iterations: iter, converged: true };
  }
  return { weights: state.w, iterations: maxIter, converged: false };
}

/** The same fit, giving the event loop a turn after every Newton step (a step over 100k leads takes a few hundred ms). */
export async function fitLogisticAsync(
  rows: SparseRow[],
  y: number[],
  p: number,
  lambda: number,
  opts: { maxIter?: number; tol?: number } = {},
): Promise<Fit> {
  const state = startFit(y, p);
  const maxIter = opts.maxIter ?? 50;
  for (let iter = 1; iter <= maxIter; iter++) {
    const moved = newtonStep(state.w, rows, y, p, lambda);
    await new Promise((resolve) => setImmediate(resolve));
    if (moved < (opts.tol ?? 1e-7)) return { weights: state.w, iterations: iter, converged: true };
  }
  return { weights: state.w, iterations: maxIter, converged: false };
}

function startFit(y: number[], p: number): { w: number[] } {
  const w = new Array<number>(p).fill(0);
  // Start the intercept at the base rate's log-odds: fewer steps, same optimum.
  const pos = y.reduce((s, v) => s + v, 0);
  const base = Math.min(Math.max(pos / Math.max(1, y.length), 1e-6), 1 - 1e-6);
  w[0] = Math.log(base / (1 - base));
  return { w };
}

/** One Newton step in place; answers how far the largest weight moved. */
function newtonStep(w: number[], rows: SparseRow[], y: number[], p: number, lambda: number): number {
  const h = Array.from({ length: p }, () => new Float64Array(p));
  const g = new Array<number>(p).fill(0);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    const mu = predict(w, row);
    const wt = Math.max(mu * (1 - mu), 1e-10);
    const resid = y[r]! - mu;
    for (let a = 0; a < row.idx.length; a++) {
      const ia = row.idx[a]!;
      const va = row.val[a]!;
      g[ia]! += resid * va;
      const ha = h[ia]!;
      for (let b = 0; b < row.idx.length; b++) ha[row.idx[b]!]! += wt * va * row.val[b]!;
    }
  }
  for (let j = 1; j < p; j++) {
    g[j]! -= lambda * w[j]!;
    h[j]![j]! += lambda;
  }
  h[0]![0]! += 1e-9;
  const step = solveSpd(h, g);
  let moved = 0;
  for (let j = 0; j < p; j++) {
    w[j]! += step[j]!;
    moved = Math.max(moved, Math.abs(step[j]!));
  }
  return moved;
}

/**
 * The area under the ROC curve as the Mann–Whitney statistic: the chance that a random positive
 * scores above a random negative, ties counting one half (average ranks). Null without both classes.
 */
export function auc(scores: number[], labels: number[]): number | null {
  const n = scores.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => scores[a]! - scores[b]!);
  const ranks = new Array<number>(n);
  for (let i = 0; i < n; ) {
    let j = i;
    while (j + 1 < n && scores[order[j + 1]!] === scores[order[i]!]) j++;
    const avg = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) ranks[order[k]!] = avg;
    i = j + 1;
  }
  let pos = 0;
  let rankSum = 0;
  for (let i = 0; i < n; i++) {
    if (labels[i] === 1) {
      pos++;
      rankSum += ranks[i]!;
    }
  }
  const neg = n - pos;
  if (!pos || !neg) return null;
  return (rankSum - (pos * (pos + 1)) / 2) / (pos * neg);
}

/** Folds (and the tests' data) are the same on every run. */
export { seededRandom };

/** Fold number (0…k−1) per example: positives and negatives are shuffled apart and dealt in turn, so each fold has the base rate. */
export function stratifiedFolds(labels: number[], k: number, seed: number): number[] {
  const rnd = seededRandom(seed);
  const folds = new Array<number>(labels.length).fill(0);
  for (const cls of [1, 0]) {
    const members = labels.flatMap((l, i) => (l === cls ? [i] : []));
    for (let i = members.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [members[i], members[j]] = [members[j]!, members[i]!];
    }
    // Positives start at fold 0, negatives carry on where positives stopped: sizes differ by at most one.
    const offset = cls === 1 ? 0 : members.length % k;
    members.forEach((m, i) => {
      folds[m] = (i + (cls === 1 ? 0 : offset)) % k;
    });
  }
  return folds;
}

/** Equal-count bins by predicted probability (deciles): mean prediction against the observed rate with its Wilson interval. */
export function calibration(probs: number[], labels: number[], bins = 10): CalibrationBin[] {
  const order = Array.from({ length: probs.length }, (_, i) => i).sort((a, b) => probs[a]! - probs[b]!);
  const out: CalibrationBin[] = [];
  for (let b = 0; b < bins; b++) {
    const from = Math.floor((b * order.length) / bins);
    const to = Math.floor(((b + 1) * order.length) / bins);
    if (to <= from) continue;
    let sum = 0;
    let pos = 0;
    for (let i = from; i < to; i++) {
      sum += probs[order[i]!]!;
      pos += labels[order[i]!]!;
    }
    const n = to - from;
    const w = wilson(pos, n);
    out.push({ bin: b + 1, n, predicted: round(sum / n), observed: w.rate, low: w.low, high: w.high });
  }
  return out;
}

/** The ROC curve from (0,0) to (1,1), one point per distinct score, thinned to at most `max` points. */
export function rocCurve(scores: number[], labels: number[], max = 101): RocPoint[] {
  const pos = labels.reduce((s, v) => s + v, 0);
  const neg = labels.length - pos;
  if (!pos || !neg) return [];
  const order = Array.from({ length: scores.length }, (_, i) => i).sort((a, b) => scores[b]! - scores[a]!);
  const points: RocPoint[] = [{ fpr: 0, tpr: 0 }];
  let tp = 0;
  let fp = 0;
  for (let i = 0; i < order.length; i++) {
    if (labels[order[i]!] === 1) tp++;
    else fp++;
    const next = order[i + 1];
    if (next === undefined || scores[next] !== scores[order[i]!]) points.push({ fpr: round(fp / neg), tpr: round(tp / pos) });
  }
  if (points.length <= max) return points;
  const step = (points.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, i) => points[Math.round(i * step)]!);
}

export const round = (x: number, places = 4) => Math.round(x * 10 ** places) / 10 ** places;
