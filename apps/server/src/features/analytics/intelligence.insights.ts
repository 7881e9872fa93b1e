/**
 * The insights' statistics, pure: which period-over-period changes of a rate are measurable. Each
 * cell (metric × where) with enough data in both periods is one two-proportion z-test; the
 * Benjamini–Hochberg procedure over ALL the tests of a run keeps the expected share of false
 * findings at INSIGHT_FDR, so testing hundreds of cells does not manufacture "changes" from noise.
 */
import { INSIGHT_FDR, INSIGHT_MIN_N, type InsightFinding, type InsightMetric, type InsightScope } from "@prospector/contracts";
import { twoProportionZTest, wilson } from "../../platform/stats.ts";

export interface InsightCell {
  metric: InsightMetric;
  scope: InsightScope;
  key: string | null;
  label: string;
  link: string;
  previous: { successes: number; n: number };
  current: { successes: number; n: number };
}

/** Benjamini–Hochberg adjusted p-values (q), in the input's order: q_(i) = min over j ≥ i of m·p_(j)/j, at most 1. */
export function benjaminiHochberg(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p);
  const q = new Array<number>(m);
  let running = 1;
  for (let rank = m; rank >= 1; rank--) {
    const { p, i } = order[rank - 1]!;
    running = Math.min(running, (p * m) / rank);
    q[i] = Math.min(1, running);
  }
  return q;
}

/** Rates where a rise is bad news. */
const UP_IS_BAD: ReadonlySet<InsightMetric> = new Set(["bounce_rate", "unsubscribe_rate"]);

const rate = (c: { successes: number; n: number }) => ({ successes: c.successes, n: c.n, ...wilson(c.successes, c.n) });

/**
 * Tests every cell with at least `minN` in both periods and answers the significant changes (q ≤ fdr),
 * largest evidence first, with how many tests were made and how many cells were skipped.
 */
export function detectChanges(
  cells: readonly InsightCell[],
  opts: { minN?: number; fdr?: number } = {},
): { findings: InsightFinding[]; tests: number; skipped: number } {
  const minN = opts.minN ?? INSIGHT_MIN_N;
  const fdr = opts.fdr ?? INSIGHT_FDR;
  const tested: { cell: InsightCell; z: number; p: number }[] = [];
  let skipped = 0;
  for (const cell of cells) {
    if (cell.previous.n < minN || cell.current.n < minN) {
      skipped++;
      continue;
    }
    const t = twoProportionZTest(cell.previous.successes, cell.previous.n, cell.current.successes, cell.current.n);
    // No variance (0 % or 100 % in both periods): a test that found nothing, still counted.
    tested.push({ cell, z: t.z ?? 0, p: t.p_value ?? 1 });
  }
  const q = benjaminiHochberg(tested.map((t) => t.p));
  const findings: InsightFinding[] = [];
  tested.forEach((t, i) => {
    if (q[i]! > fdr) return;
    const prev = rate(t.cell.previous);
    const cur = rate(t.cell.current);
    const delta = Math.round(((cur.rate ?? 0) - (prev.rate ?? 0)) * 10_000) / 10_000;
    const direction = delta >= 0 ? "up" : "down";
    findings.push({
      metric: t.cell.metric,
      scope: t.cell.scope,
      key: t.cell.key,
      label: t.cell.label,
      link: t.cell.link,
      previous: prev,
      current: cur,
      delta,
      direction,
      good: UP_IS_BAD.has(t.cell.metric) ? direction === "down" : direction === "up",
      z: t.z,
      p_value: t.p,
      q_value: Math.round(q[i]! * 1_000_000) / 1_000_000,
    });
  });
  findings.sort((a, b) => a.q_value - b.q_value || Math.abs(b.z) - Math.abs(a.z));
  return { findings, tests: tested.length, skipped };
}
