/** How the system health pages write bytes, milliseconds, durations and sample times. */

export function formatBytes(v: number | null | undefined): string {
  if (v === null || v === undefined) return "—";
  const units = ["B", "KB", "MB", "GB", "TB"];
  let n = v;
  let i = 0;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i++;
  }
  return `${n < 10 && i > 0 ? n.toFixed(1) : Math.round(n)} ${units[i]}`;
}

export const formatMs = (v: number | null | undefined) =>
  v === null || v === undefined ? "—" : `${v < 10 ? v.toFixed(1) : Math.round(v)} ms`;

export function formatDuration(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  if (d) return `${d} d ${h} h`;
  if (h) return `${h} h ${m} min`;
  return `${m} min`;
}

/** A sample time on an axis: hours and minutes within a day, the date beyond. */
export function formatSampleTime(d: Date, rangeSeconds: number): string {
  return rangeSeconds > 86_400
    ? d.toLocaleDateString("en-GB", { day: "2-digit", month: "short" }) +
        ` ${d.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" })}`
    : d.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" });
}

export const RANGE_LABELS = { "1h": "Last hour", "24h": "Last 24 hours", "7d": "Last 7 days", "30d": "Last 30 days" } as const;
export const RANGE_SECONDS = { "1h": 3600, "24h": 86_400, "7d": 604_800, "30d": 2_592_000 } as const;

/** The charts' empty state: why there is nothing, and how data comes. */
export const NO_SAMPLES =
  "No samples yet: the sampler records one every minute in each process that runs jobs (JOBS=inline). Come back in a few minutes.";
