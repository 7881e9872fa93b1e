/**
 * The statistics every insight shares, pure and tested on their own: a rate with its 95 % Wilson
 * interval, the normal distribution, and the two-proportion z-test. Features that show a rate with
 * "how sure" (send times, A/B tests, analytics, playbooks, recommendations) use these, never a copy.
 */
import type { RateEstimate } from "@prospector/contracts";

const Z = 1.96;

/** successes of n as a rate with its 95 % Wilson score interval, rounded to 4 places; nulls when n is 0. */
export function wilson(successes: number, n: number): RateEstimate {
  if (n <= 0) return { rate: null, low: null, high: null };
  const p = successes / n;
  const z2 = Z * Z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  const r = (x: number) => Math.round(x * 10_000) / 10_000;
  return { rate: r(p), low: r(Math.max(0, centre - half)), high: r(Math.min(1, centre + half)) };
}

/** erf by Abramowitz & Stegun 7.1.26 (|error| < 1.5e-7): plenty for a p-value. */
function erf(x: number): number {
  const sign = x < 0 ? -1 : 1;
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const y = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return sign * y;
}

export const normalCdf = (z: number) => 0.5 * (1 + erf(z / Math.SQRT2));

export interface ZTest {
  z: number | null;
  p_value: number | null;
  significant: boolean;
}

/** Variant (x2 of n2) against control (x1 of n1), pooled standard error, two-sided. Nulls without data or variance. */
export function twoProportionZTest(x1: number, n1: number, x2: number, n2: number, alpha = 0.05): ZTest {
  if (n1 <= 0 || n2 <= 0) return { z: null, p_value: null, significant: false };
  const pooled = (x1 + x2) / (n1 + n2);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  if (se === 0) return { z: null, p_value: null, significant: false };
  const z = (x2 / n2 - x1 / n1) / se;
  const p = Math.min(1, 2 * (1 - normalCdf(Math.abs(z))));
  return { z: Math.round(z * 10_000) / 10_000, p_value: Math.round(p * 1_000_000) / 1_000_000, significant: p < alpha };
}
