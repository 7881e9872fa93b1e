/** Small formatters shared by the system monitor's components. */
import type { EdgeCaseStatus, MonitorRange } from "@prospector/contracts";

export const RANGES: { value: MonitorRange; label: string }[] = [
  { value: "1h", label: "Last hour" },
  { value: "24h", label: "Last 24 hours" },
  { value: "7d", label: "Last 7 days" },
  { value: "30d", label: "Last 30 days" },
];

/** Seconds as "850 ms", "12.5 s", "4 min", "3.2 h"; a dash for none. */
export function seconds(v: number | null | undefined): string {
  if (v === null || v === undefined) return "—";
  if (v < 1) return `${Math.round(v * 1000)} ms`;
  if (v < 60) return `${v.toFixed(v < 10 ? 1 : 0)} s`;
  if (v < 3600) return `${Math.round(v / 60)} min`;
  return `${(v / 3600).toFixed(1)} h`;
}

export const STATUS_COLOR: Record<EdgeCaseStatus, "success" | "warning" | "error" | "default"> = {
  ok: "success",
  degraded: "warning",
  failing: "error",
  unknown: "default",
};

export const STATUS_ORDER: Record<EdgeCaseStatus, number> = { failing: 0, degraded: 1, unknown: 2, ok: 3 };

/** A bucket's time for an axis: the hour for short ranges, the day for long ones (UTC). */
export function bucketLabel(iso: string, byDay: boolean): string {
  const d = new Date(iso);
  return byDay ? d.toISOString().slice(5, 10) : d.toISOString().slice(11, 16);
}
