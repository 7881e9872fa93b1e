/**
 * The arithmetic of the send-time optimizer, pure so each rule is tested on its own: rates with
 * their 95 % Wilson interval, and the best contiguous block of hours on the best weekdays, ranked
 * by the interval's lower bound so a handful of lucky sends never beats a well-measured hour.
 */
import type { SendTimeBlock, SendTimeBucket, SendTimeMetric } from "@prospector/contracts";

export { wilson } from "../../platform/stats.ts";

import { wilson } from "../../platform/stats.ts";

export function bucket(sends: number, opened: number, replied: number, minSends: number): SendTimeBucket {
  return { sends, opened, replied, open: wilson(opened, sends), reply: wilson(replied, sends), enough: sends >= minSends };
}

const successesOf = (b: { opened: number; replied: number }, metric: SendTimeMetric) => (metric === "reply" ? b.replied : b.opened);

export interface CellCounts {
  weekday: number;
  hour: number;
  sends: number;
  opened: number;
  replied: number;
}

export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/**
 * The best block: weekdays with enough sends that are not measurably worse than the best weekday
 * (their interval reaches the best one's lower bound), then, over those weekdays' sends, the
 * `length` consecutive hours (within one day: a schedule cannot wrap midnight) with enough sends
 * and the highest lower bound. Null with the reason when the data cannot carry a choice.
 */
export function bestBlock(
  cells: CellCounts[],
  metric: SendTimeMetric,
  length: number,
  minSends: number,
): { best: SendTimeBlock; missing: null } | { best: null; missing: string } {
  const total = cells.reduce((n, c) => n + c.sends, 0);
  const totalSuccess = cells.reduce((n, c) => n + successesOf(c, metric), 0);
  const word = metric === "reply" ? "replies" : "opens";
  if (total < minSends)
    return { best: null, missing: `${total} delivered send${total === 1 ? "" : "s"} in the period; at least ${minSends} are needed.` };
  if (totalSuccess === 0) return { best: null, missing: `No human ${word} yet on ${total} sends: nothing to compare hours by.` };
  const baseline = totalSuccess / total;

  const days = Array.from({ length: 7 }, (_, weekday) => {
    const of = cells.filter((c) => c.weekday === weekday);
    const sends = of.reduce((n, c) => n + c.sends, 0);
    const successes = of.reduce((n, c) => n + successesOf(c, metric), 0);
    return { weekday, sends, estimate: wilson(successes, sends) };
  }).filter((d) => d.sends >= minSends);
  if (!days.length) return { best: null, missing: `No weekday has ${minSends} sends yet.` };
  const top = days.reduce((a, b) => ((b.estimate.low ?? 0) > (a.estimate.low ?? 0) ? b : a));
  const chosen = days.filter((d) => (d.estimate.high ?? 0) >= (top.estimate.low ?? 0)).map((d) => d.weekday);

  const perHour = Array.from({ length: 24 }, (_, hour) => {
    const of = cells.filter((c) => c.hour === hour && chosen.includes(c.weekday));
    return { sends: of.reduce((n, c) => n + c.sends, 0), successes: of.reduce((n, c) => n + successesOf(c, metric), 0) };
  });
  let pick: { start: number; sends: number; successes: number; estimate: ReturnType<typeof wilson> } | null = null;
  for (let start = 0; start + length <= 24; start++) {
    const span = perHour.slice(start, start + length);
    const sends = span.reduce((n, h) => n + h.sends, 0);
    if (sends < minSends) continue;
    const successes = span.reduce((n, h) => n + h.successes, 0);
    const estimate = wilson(successes, sends);
    if (!pick || (estimate.low ?? 0) > (pick.estimate.low ?? 0)) pick = { start, sends, successes, estimate };
  }
  if (!pick) return { best: null, missing: `No ${length}-hour block has ${minSends} sends on the chosen weekdays yet.` };
  const dayNames = chosen.map((d) => WEEKDAY_NAMES[d]!.slice(0, 3)).join(", ");
  return {
    best: {
      metric,
      days: chosen,
      start_hour: pick.start,
      end_hour: pick.start + length,
      sends: pick.sends,
      successes: pick.successes,
      estimate: pick.estimate,
      baseline: Math.round(baseline * 10_000) / 10_000,
      basis:
        `${pick.successes} ${word} on ${pick.sends} sends (${pct(pick.estimate.rate ?? 0)}, 95% interval ${pct(pick.estimate.low ?? 0)}–` +
        `${pct(pick.estimate.high ?? 0)}) against ${pct(baseline)} over all ${total} sends; days ${dayNames} are those not measurably worse than the best day.`,
    },
    missing: null,
  };
}
