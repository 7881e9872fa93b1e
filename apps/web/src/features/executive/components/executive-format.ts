/** How the executive pages write their figures: counts, money, rates with their interval, changes. */
import type { ExecRate } from "@prospector/contracts";
import { formatCount, formatPercent } from "../../../ui/charts/chart-format.ts";

export const count = formatCount;
export const money = (n: number) => n.toLocaleString("en-US", { maximumFractionDigits: 2 });
export const pct = formatPercent;

/** "12.5% (95% 8.1–18.3%, n 240)", or "no sends" without a sample. */
export function rateText(r: ExecRate, none = "no sends"): string {
  if (r.value === null || r.n === 0) return none;
  return `${pct(r.value)} (95% ${pct(r.low)}–${pct(r.high)}, n ${count(r.n)})`;
}

export function signed(change: number | null, kind: "count" | "rate" | "money"): string {
  if (change === null) return "—";
  const sign = change > 0 ? "+" : change < 0 ? "−" : "±";
  const abs = Math.abs(change);
  return kind === "rate" ? `${sign}${(abs * 100).toFixed(1)} pts` : `${sign}${(abs * 100).toFixed(0)}%`;
}

export const dateTime = (iso: string | null) =>
  iso === null ? "—" : new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });
export const dateOnly = (iso: string | null) => (iso === null ? "—" : new Date(iso).toLocaleDateString("en-US", { dateStyle: "medium" }));
