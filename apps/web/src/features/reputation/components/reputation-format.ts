/** Display helpers shared by the reputation pages. */

export const pct = (x: number) => `${(x * 100).toFixed(x > 0 && x < 0.01 ? 2 : 1)} %`;

/** The colour of a 0–100 score: the same cut-offs as the game's levels (60 "Inbox", 80 "Primary inbox"). */
export function scoreColor(score: number | null | undefined): "success" | "warning" | "error" | "default" {
  if (score === null || score === undefined) return "default";
  return score >= 80 ? "success" : score >= 60 ? "warning" : "error";
}

/** 'YYYY-MM-DD' as a short local date ("Nov 24"), read as the UTC day it names. */
export function dayLabel(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? day : d.toLocaleDateString(undefined, { month: "short", day: "numeric", timeZone: "UTC" });
}

export function formatDate(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : d.toLocaleDateString(undefined, { dateStyle: "medium" });
}
