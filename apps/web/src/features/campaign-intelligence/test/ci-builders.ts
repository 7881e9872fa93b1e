/** Builders for the campaign-intelligence page tests: bodies shaped as the server answers (the kit parses each with the contract). */
import type { CiComparison, CiRate } from "@prospector/contracts";

/** count of n with a Wilson interval computed here the way the server does (95 %). */
export function rate(count: number, n: number): CiRate {
  if (n === 0) return { rate: null, low: null, high: null, count, n };
  const z = 1.96;
  const p = count / n;
  const c = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
  const r = (x: number) => Math.round(x * 10_000) / 10_000;
  return { rate: r(p), low: r(Math.max(0, c - h)), high: r(Math.min(1, c + h)), count, n };
}

export const cmp = (verdict: CiComparison["verdict"], difference: number | null = null): CiComparison => ({
  difference,
  z: verdict === "too_few" ? null : 2.5,
  p_value: verdict === "too_few" ? null : 0.012,
  verdict,
});

export const ID = {
  alpha: "0190a000-0000-7000-8000-000000000001",
  beta: "0190a000-0000-7000-8000-000000000002",
  inbox: "0190a000-0000-7000-8000-0000000000a1",
  rule: "0190a000-0000-7000-8000-0000000000b1",
};
