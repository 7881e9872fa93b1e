/** How the send-insights pages write rates, intervals, hours and zone reasons. */
import type { RateEstimate, ZoneFallbackReason } from "@prospector/contracts";

export const WEEKDAYS_SHORT = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

export function formatRate(rate: number | null | undefined): string {
  if (rate === null || rate === undefined) return "—";
  // One decimal below 10 % (where a tenth matters), none above; 9.96 % is "10%", never "10.0%".
  const pct = rate * 100;
  const tenths = Math.round(pct * 10) / 10;
  return `${tenths >= 10 || tenths === 0 ? Math.round(pct).toFixed(0) : tenths.toFixed(1)}%`;
}

export function formatInterval(e: RateEstimate): string {
  return e.low === null || e.high === null ? "—" : `${formatRate(e.low)}–${formatRate(e.high)}`;
}

export const hourLabel = (h: number) => (h >= 24 ? "24:00" : `${String(h).padStart(2, "0")}:00`);

export const dayNames = (days: number[]) => days.map((d) => WEEKDAYS_SHORT[d]).join(", ");

export const FALLBACK_REASONS: Record<ZoneFallbackReason, string> = {
  no_location: "no country, city or time zone on the lead",
  unknown_country: "a country we could not read",
  country_spans_zones: "a country with several time zones and no state or city",
  lead_deleted: "the lead was deleted",
};

export const count = (n: number) => n.toLocaleString("en-US");
