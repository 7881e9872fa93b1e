/**
 * UTC calendar days as the analytics pages use them: "2026-11-25" strings, day boundaries at
 * midnight UTC, ranges with both ends included.
 */

export const DAY_MS = 86_400_000;

/** "2026-11-25": the UTC day of an instant. */
export const isoDay = (t: Date | number): string => new Date(t).toISOString().slice(0, 10);

/** Midnight UTC at the start of the day of `t`. */
export const startOfUtcDay = (t: Date): Date => new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate()));

/** The ISO day `n` days after `day` (before it when `n` is negative). */
export const addDays = (day: string, n: number): string => isoDay(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS);

/** The last `days` UTC days, today (the day of `now`) included. */
export function lastDays(now: Date, days: number): { from: string; to: string } {
  const to = isoDay(now);
  return { from: addDays(to, -(days - 1)), to };
}
