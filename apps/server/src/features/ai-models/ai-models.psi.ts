/**
 * Population stability index, pure: PSI = Σ (aᵢ − eᵢ) · ln(aᵢ / eᵢ) over the bins of a feature, with
 * eᵢ the training population's share and aᵢ the recent one's. An empty bin counts as EPSILON so the
 * logarithm stays finite. Thresholds (contracts): < 0.1 stable, < 0.25 watch, else drift.
 */
import { type DriftStatus, PSI_DRIFT, PSI_WATCH } from "@prospector/contracts";

export const EPSILON = 1e-4;

/** PSI between two count vectors over the same bins; null when either population is empty. */
export function psi(expected: number[], actual: number[]): number | null {
  const e = expected.reduce((s, v) => s + v, 0);
  const a = actual.reduce((s, v) => s + v, 0);
  if (!e || !a) return null;
  let total = 0;
  for (let i = 0; i < expected.length; i++) {
    const pe = Math.max(expected[i]! / e, EPSILON);
    const pa = Math.max((actual[i] ?? 0) / a, EPSILON);
    total += (pa - pe) * Math.log(pa / pe);
  }
  return Math.round(total * 10_000) / 10_000;
}

export function driftStatus(value: number | null): DriftStatus {
  if (value === null || value < PSI_WATCH) return "stable";
  return value < PSI_DRIFT ? "watch" : "drift";
}

/** Cut points at the training values' deciles (distinct, so tied values share a bin). */
export function decileEdges(values: number[]): number[] {
  if (!values.length) return [];
  const sorted = [...values].sort((a, b) => a - b);
  const edges = new Set<number>();
  for (let k = 1; k < 10; k++) edges.add(sorted[Math.floor((k * sorted.length) / 10)]!);
  return [...edges].sort((a, b) => a - b);
}

/** Counts per bin: bin i holds values below edges[i] (and at or above edges[i-1]); the last bin the rest. */
export function binCounts(values: number[], edges: number[]): number[] {
  const counts = new Array<number>(edges.length + 1).fill(0);
  for (const v of values) {
    let i = 0;
    while (i < edges.length && v >= edges[i]!) i++;
    counts[i]!++;
  }
  return counts;
}

/** Counts per category over a fixed list of levels (values outside it fall in the last bin, "other"). */
export function categoryCounts(values: string[], levels: string[]): number[] {
  const index = new Map(levels.map((l, i) => [l, i]));
  const counts = new Array<number>(levels.length + 1).fill(0);
  for (const v of values) counts[index.get(v) ?? levels.length]!++;
  return counts;
}
