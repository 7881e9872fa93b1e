/**
 * Significance for A/B tests: the two-proportion z-test (pooled standard error) of a variant's
 * rate against the control's, with a two-sided p-value from the normal distribution.
 */

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

/** Variant (x2 of n2) against control (x1 of n1). Undefined (nulls) without data or variance. */
export function twoProportionZTest(x1: number, n1: number, x2: number, n2: number, alpha = 0.05): ZTest {
  if (n1 <= 0 || n2 <= 0) return { z: null, p_value: null, significant: false };
  const pooled = (x1 + x2) / (n1 + n2);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  if (se === 0) return { z: null, p_value: null, significant: false };
  const z = (x2 / n2 - x1 / n1) / se;
  const p = Math.min(1, 2 * (1 - normalCdf(Math.abs(z))));
  return { z: Math.round(z * 10_000) / 10_000, p_value: Math.round(p * 1_000_000) / 1_000_000, significant: p < alpha };
}
