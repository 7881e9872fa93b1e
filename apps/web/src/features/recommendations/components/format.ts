/** How the playbooks and recommendations pages write rates, intervals, hours and verdicts. */
import type { RateEstimate, RecommendationVerdict } from "@prospector/contracts";
import { formatUtcDateTime } from "../../../lib/format.ts";
import { formatCount, formatRate } from "../../../ui/charts/chart-format.ts";

export const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

export { formatRate };

export const formatInterval = (e: RateEstimate) => (e.low === null || e.high === null ? "—" : `${formatRate(e.low)}–${formatRate(e.high)}`);

/** "12% (95% interval 8%–17%)". */
export const rateWithInterval = (e: RateEstimate) => (e.rate === null ? "—" : `${formatRate(e.rate)} (95% interval ${formatInterval(e)})`);

export const hour = (h: number) => `${String(h).padStart(2, "0")}:00`;
export const block = (weekday: number, start: number, end: number) => `${WEEKDAYS[weekday]} ${hour(start)}–${hour(end)}`;

export const count = formatCount;

export const signed = (x: number) => `${x > 0 ? "+" : x < 0 ? "−" : ""}${Math.abs(x).toLocaleString("en-US")}`;

export const VERDICT_LABELS: Record<RecommendationVerdict, string> = {
  helped: "Helped",
  no_measurable_change: "No measurable change",
  hurt: "Hurt",
};

export const VERDICT_COLORS: Record<RecommendationVerdict, "success" | "default" | "error"> = {
  helped: "success",
  no_measurable_change: "default",
  hurt: "error",
};

export const dateTime = formatUtcDateTime;
export const date = (iso: string) =>
  new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** A p-value as people read it: "p < 0.0001" rather than a rounded 0. */
export const pValue = (p: number) => (p < 0.0001 ? "p < 0.0001" : `p = ${p < 0.01 ? p.toFixed(4) : p.toFixed(3)}`);

/** The rate and its interval, short: "29% (22%–38%)". */
export const rateShort = (e: RateEstimate) => (e.rate === null ? "—" : `${formatRate(e.rate)} (${formatInterval(e)})`);
