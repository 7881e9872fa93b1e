/**
 * Bottleneck detection, pure math (no database): a stage is a bottleneck when its open deals sit in
 * it much longer than the workspace's own finished stays in that stage, or when its recent
 * conversion falls well below its own earlier conversion. Distances are robust z-scores (median and
 * MAD), so one deal that sat for a year does not make every stage look normal.
 */
import type { PipelineSeverity } from "@prospector/contracts";

/** MAD × 1.4826 estimates the standard deviation of normally distributed data. */
export const MAD_SCALE = 1.4826;
/** Fewer finished stays (or resolved entries) than this and a stage has no history to compare with. */
export const MIN_HISTORY = 5;
/** Severity by distance from the baseline, in (robust) standard deviations. */
export const SEVERITY_AT: Record<PipelineSeverity, number> = { low: 2, medium: 3, high: 4 };
const ORDER: PipelineSeverity[] = ["low", "medium", "high"];

export function median(xs: number[]): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Median absolute deviation from the median. */
export function mad(xs: number[]): number {
  const m = median(xs);
  return median(xs.map((x) => Math.abs(x - m)));
}

/** A stage's finished stays, as the repository summarises them in SQL (same definitions). */
export interface StaySummary {
  n: number;
  median: number;
  mad: number;
}

export function summarizeStays(days: number[]): StaySummary {
  return { n: days.length, median: median(days), mad: mad(days) };
}

/**
 * How far `days` lies above a stage's usual stay, in robust standard deviations. The spread has
 * a floor (a tenth of the median, at least one day) so a stage whose stays were all alike does
 * not call a deal one hour late an outlier.
 */
export function stayScore(days: number, stays: StaySummary): number {
  const spread = Math.max(MAD_SCALE * stays.mad, stays.median * 0.1, 1);
  return (days - stays.median) / spread;
}

/** The time a deal may spend in a stage before it counts as stuck: median + 2 robust deviations. */
export function stageNorm(stays: StaySummary): number {
  return stays.median + SEVERITY_AT.low * Math.max(MAD_SCALE * stays.mad, stays.median * 0.1, 1);
}

export function severityOf(score: number): PipelineSeverity | null {
  let out: PipelineSeverity | null = null;
  for (const s of ORDER) if (score >= SEVERITY_AT[s]) out = s;
  return out;
}

export const severityRank = (s: PipelineSeverity): number => ORDER.indexOf(s);

export interface StageInput {
  id: string;
  name: string;
}

export interface ConversionWindow {
  /** Entries into the stage whose outcome is known (the deal left the stage). */
  resolved: number;
  /** Of those, entries that moved on to a later open stage or a won stage. */
  advanced: number;
}

export interface StageHistory {
  stage: StageInput;
  stays: StaySummary;
  /** The deals in the stage now: how many, and their median days in it. */
  open: { n: number; median: number };
  /** The last 90 days against the 365 before them. */
  recent: ConversionWindow;
  earlier: ConversionWindow;
}

export interface Detected {
  stageId: string;
  stage: string;
  kind: "time_in_stage" | "conversion";
  severity: PipelineSeverity;
  metric: string;
  value: number;
  baseline: number;
  score: number;
  basis: string;
}

const r1 = (n: number) => Math.round(n * 10) / 10;
const pct = (n: number) => `${Math.round(n * 100)}%`;

export function detectBottlenecks(stages: StageHistory[], threshold: PipelineSeverity = "low"): Detected[] {
  const out: Detected[] = [];
  for (const h of stages) {
    if (h.stays.n >= MIN_HISTORY && h.open.n > 0) {
      const value = h.open.median;
      const score = stayScore(value, h.stays);
      const severity = severityOf(score);
      if (severity) {
        out.push({
          stageId: h.stage.id,
          stage: h.stage.name,
          kind: "time_in_stage",
          severity,
          metric: "median days in stage of its open deals",
          value: r1(value),
          baseline: r1(h.stays.median),
          score: r1(score),
          basis: `${h.open.n} open deals have been in ${h.stage.name} for a median ${r1(value)} days; the ${h.stays.n} stays that ended there took a median ${r1(h.stays.median)} days (MAD ${r1(h.stays.mad)})`,
        });
      }
    }
    const { recent, earlier } = h;
    if (recent.resolved >= MIN_HISTORY && earlier.resolved >= MIN_HISTORY) {
      const base = earlier.advanced / earlier.resolved;
      const now = recent.advanced / recent.resolved;
      // A one-sided test of a proportion: how many standard errors the recent rate lies below the old one.
      const se = Math.sqrt(Math.max(base * (1 - base), 0.01) / recent.resolved);
      const score = (base - now) / se;
      const severity = severityOf(score);
      if (severity) {
        out.push({
          stageId: h.stage.id,
          stage: h.stage.name,
          kind: "conversion",
          severity,
          metric: "share of deals leaving the stage that moved forward",
          value: Math.round(now * 1000) / 1000,
          baseline: Math.round(base * 1000) / 1000,
          score: r1(score),
          basis: `${recent.advanced} of ${recent.resolved} deals that left ${h.stage.name} in the last 90 days moved forward (${pct(now)}), against ${earlier.advanced} of ${earlier.resolved} (${pct(base)}) in the year before`,
        });
      }
    }
  }
  return out
    .filter((b) => severityRank(b.severity) >= severityRank(threshold))
    .sort((a, b) => severityRank(b.severity) - severityRank(a.severity) || b.score - a.score);
}
