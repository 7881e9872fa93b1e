/** How a variant's two-proportion test against A reads, the same words on /ab-tests and /experiments/ab-testing. */
import { Typography } from "@mui/material";
import type { ProportionTest } from "@prospector/contracts";

export function significanceText(t: ProportionTest, isA: boolean): string {
  if (isA) return "baseline";
  if (t.p_value === null) return "not enough data";
  return `${t.significant ? "significant" : "not significant"} (p ${t.p_value < 0.001 ? "<" : "="} ${t.p_value < 0.001 ? "0.001" : t.p_value.toFixed(3)})`;
}

/** p-values below 0.001 read "< 0.001": three decimals say nothing more there. */
export const formatP = (p: number) => (p < 0.001 ? "< 0.001" : p.toFixed(3));

export function SignificanceText({ test, isA }: { test: ProportionTest; isA: boolean }) {
  const better = test.significant && (test.z ?? 0) > 0;
  const worse = test.significant && (test.z ?? 0) < 0;
  return (
    <Typography variant="body2" component="span" color={better ? "success.main" : worse ? "error.main" : "textSecondary"}>
      {significanceText(test, isA)}
      {worse ? " · worse than A" : ""}
    </Typography>
  );
}
