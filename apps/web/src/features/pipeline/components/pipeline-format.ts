/** How the pipeline page writes amounts, rates and severities. */
import type { PipelineSeverity } from "@prospector/contracts";

/**
 * An amount in the pipeline's currency. The server adds values as stored, without conversion, so
 * with several currencies the figure is a plain number and the page says which currencies it adds.
 */
export function formatAmount(value: number | null, currencies: readonly string[]): string {
  if (value === null) return "—";
  if (currencies.length === 1) {
    try {
      return new Intl.NumberFormat(undefined, { style: "currency", currency: currencies[0], maximumFractionDigits: 0 }).format(value);
    } catch {
      // An unknown code: fall through to the plain number.
    }
  }
  return new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 }).format(value);
}

/** Short axis labels: 12.5k, 3.2M. */
export function compactAmount(value: number): string {
  return new Intl.NumberFormat(undefined, { notation: "compact", maximumFractionDigits: 1 }).format(value);
}

/** A 0–1 share as a percentage. */
export function formatShare(value: number | null): string {
  return value === null ? "—" : `${Math.round(value * 1000) / 10}%`;
}

/** "2026-12" → "Dec 2026". */
export function monthLabel(month: string): string {
  const [y, m] = month.split("-").map(Number);
  if (!y || !m) return month;
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString(undefined, { month: "short", year: "numeric", timeZone: "UTC" });
}

export const SEVERITY_LABEL: Record<PipelineSeverity, string> = { high: "High", medium: "Medium", low: "Low" };

export const dealLink = (id: string) => `/crm/deals?selected=${encodeURIComponent(id)}`;

/** "1 deal", "3 deals". */
export const deals = (n: number) => `${n} ${n === 1 ? "deal" : "deals"}`;
