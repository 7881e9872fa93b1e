/**
 * How every analytics page writes its figures: rates (one decimal below 10 %), a rate with its
 * sample and 95 % interval ("12% (9–15%, n = 400)"), counts and money. One set, so pages agree.
 */

export function formatRate(rate: number | null | undefined): string {
  if (rate === null || rate === undefined) return "—";
  const pct = rate * 100;
  const tenths = Math.round(pct * 10) / 10;
  if (tenths === 0 && pct > 0) return "<0.1%";
  return `${tenths >= 10 || tenths === 0 ? Math.round(pct).toFixed(0) : tenths.toFixed(1)}%`;
}

/** "12.5%": a fraction as a percentage with a fixed number of decimals (one unless told); "—" without a value. */
export const formatPercent = (v: number | null | undefined, digits = 1) =>
  v === null || v === undefined ? "—" : `${(v * 100).toFixed(digits)}%`;

export interface RateLike {
  rate: number | null;
  low: number | null;
  high: number | null;
  n?: number;
}

/** "9–15%": the 95 % interval alone; "—" without data. */
export function formatInterval(e: Pick<RateLike, "low" | "high">): string {
  if (e.low === null || e.high === null) return "—";
  return `${formatRate(e.low).replace("%", "")}–${formatRate(e.high)}`;
}

/** "12% (95 % CI 9–15%, n = 400)": the rate, how sure, and on how many. */
export function formatRateWithInterval(e: RateLike): string {
  if (e.rate === null) return e.n !== undefined ? `— (n = ${formatCount(e.n)})` : "—";
  const n = e.n !== undefined ? `, n = ${formatCount(e.n)}` : "";
  return `${formatRate(e.rate)} (95 % CI ${formatInterval(e)}${n})`;
}

export const formatCount = (n: number | null | undefined) => (n === null || n === undefined ? "—" : n.toLocaleString("en-US"));

export function formatMoney(value: number | null | undefined, currency = "USD"): string {
  if (value === null || value === undefined) return "—";
  return new Intl.NumberFormat("en-US", { style: "currency", currency, maximumFractionDigits: 0 }).format(value);
}

/** "+4.2 pts" / "−1.0 pts": a difference of two rates in percentage points. */
export function formatPoints(delta: number | null | undefined): string {
  if (delta === null || delta === undefined) return "—";
  const pts = Math.round(delta * 1000) / 10;
  return `${pts > 0 ? "+" : pts < 0 ? "−" : "±"}${Math.abs(pts).toFixed(1)} pts`;
}

/** A p- or q-value as people read it: "< 0.001" below that, else three decimals. */
export const formatP = (p: number | null | undefined) => (p === null || p === undefined ? "—" : p < 0.001 ? "< 0.001" : p.toFixed(3));
