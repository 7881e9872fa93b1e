/**
 * The reputation score of one subject on one day (0–100), from the trailing window's rates and the
 * blocklists listing its domain. The same words are on the page and in docs/reputation.md.
 */
import { REPUTATION_THRESHOLDS as T } from "@prospector/contracts";

export interface WindowCounts {
  sent: number;
  bounces: number;
  complaints: number;
  unsubscribes: number;
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

export function rates(w: WindowCounts) {
  const of = (n: number) => (w.sent > 0 ? round4(n / w.sent) : 0);
  return { bounce_rate: of(w.bounces), complaint_rate: of(w.complaints), unsubscribe_rate: of(w.unsubscribes) };
}

/**
 * 100, minus: bounces 20 points at the 2 % threshold (at most 40); complaints 30 points at 0.3 %
 * (at most 40); unsubscribes 5 points at 2 % (at most 10); 25 points per blocklist listing (at most
 * 50). Under min_sends sends in the window the rate penalties count in proportion (3 sends with one
 * bounce is not yet a 33 % problem). Rounded, never under 0.
 */
export function reputationScore(w: WindowCounts, listings: number): number {
  const r = rates(w);
  const confidence = Math.min(1, w.sent / T.min_sends);
  const penalty =
    confidence *
      (Math.min(40, (20 * r.bounce_rate) / T.bounce_rate) +
        Math.min(40, (30 * r.complaint_rate) / T.complaint_rate) +
        Math.min(10, (5 * r.unsubscribe_rate) / 0.02)) +
    Math.min(50, 25 * listings);
  return Math.max(0, Math.round(100 - penalty));
}
