/** How lead-scoring figures read on the two pages. */
import type { LeadScoreModelSummary } from "@prospector/contracts";
import { formatPercent } from "../../../ui/charts/chart-format.ts";

export const pct = formatPercent;
export const auc = (v: number | null | undefined) => (v === null || v === undefined ? "—" : v.toFixed(2));
export const signed = (v: number) => `${v >= 0 ? "+" : "−"}${Math.abs(v).toFixed(2)}`;
export const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: "medium", timeZone: "UTC" });
export const targetLabel = (t: "reply" | "meeting") => (t === "reply" ? "a reply from a person" : "a booked meeting");
export const outcomeNoun = (t: "reply" | "meeting") => (t === "reply" ? "replied" : "booked a meeting");

/** 0.5 is chance; the bands follow the usual reading of AUC (Hosmer & Lemeshow). */
export function aucReading(v: number | null): string {
  if (v === null) return "not measurable";
  if (v < 0.6) return "no better than chance";
  if (v < 0.7) return "weak";
  if (v < 0.8) return "acceptable";
  if (v < 0.9) return "good";
  return "excellent";
}

export function modelLine(m: LeadScoreModelSummary): string {
  return (
    `Model v${m.version}, trained on ${m.n.toLocaleString()} contacted leads (${m.positives.toLocaleString()} ${outcomeNoun(m.target)}) ` +
    `sent to between ${day(m.training_from)} and ${day(m.training_to)} (UTC)`
  );
}
