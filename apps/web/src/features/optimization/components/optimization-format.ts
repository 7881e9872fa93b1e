/** How the optimization pages show rates, intervals and money. */
import type { RateEstimate } from "@prospector/contracts";
import { formatPercent } from "../../../ui/charts/chart-format.ts";

export const pct = formatPercent;

/** "12.5% (95% interval 9.8%–15.1%)", or "—" without a sample. */
export function rateWithInterval(r: RateEstimate): string {
  if (r.rate === null) return "—";
  return `${pct(r.rate)} (95% interval ${pct(r.low)}–${pct(r.high)})`;
}

export function money(v: number | null | undefined, currency: string): string {
  if (v === null || v === undefined) return "—";
  try {
    return new Intl.NumberFormat(undefined, { style: "currency", currency, maximumFractionDigits: 0 }).format(v);
  } catch {
    return `${Math.round(v).toLocaleString()} ${currency}`;
  }
}
