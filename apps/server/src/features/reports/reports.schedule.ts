/**
 * When a report schedule runs next: at `hour` o'clock in the schedule's own time zone, every day,
 * on one weekday, or on one day of the month (1–28, so every month has it). Computed with the
 * platform's Intl time-zone data: on a spring-forward day an hour that does not exist runs at the
 * first instant after the gap; on a fall-back day an hour that happens twice runs the first time.
 */
import type { ReportPeriod } from "@prospector/contracts";
import { validationError } from "../../platform/errors.ts";
import { lastDays } from "../../platform/utc-days.ts";
import { localParts } from "../campaigns/index.ts";

export interface ScheduleRule {
  frequency: "daily" | "weekly" | "monthly";
  hour: number;
  weekday: number | null;
  monthday: number | null;
  timezone: string;
}

/** The wall-clock date and time at `at` in `tz` (the campaigns' calendar arithmetic). */
const wall = (tz: string, at: number) => localParts(new Date(at), tz);

function offsetMs(tz: string, at: number): number {
  const w = wall(tz, at);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(at / 1000) * 1000;
}

/** The instant the clocks in `tz` show y-m-d h:00 (the first one; after the gap if it does not exist). */
export function zonedTime(tz: string, year: number, month: number, day: number, hour: number): Date {
  const guess = Date.UTC(year, month - 1, day, hour);
  const t1 = guess - offsetMs(tz, guess);
  const t2 = guess - offsetMs(tz, t1);
  const shows = (t: number) => {
    const w = wall(tz, t);
    return w.day === day && w.hour === hour;
  };
  if (shows(t2) && shows(t1)) return new Date(Math.min(t1, t2));
  if (shows(t2)) return new Date(t2);
  if (shows(t1)) return new Date(t1);
  return new Date(Math.max(t1, t2));
}

export function assertTimeZone(tz: string): void {
  try {
    localParts(new Date(0), tz);
  } catch {
    throw validationError([{ field: "timezone", message: `Unknown time zone "${tz}"` }]);
  }
}

/** The first run strictly after `after`. */
export function nextRunAt(rule: ScheduleRule, after: Date): Date {
  const start = wall(rule.timezone, after.getTime());
  for (let i = 0; i < 62; i++) {
    const date = new Date(Date.UTC(start.year, start.month - 1, start.day + i));
    const y = date.getUTCFullYear();
    const m = date.getUTCMonth() + 1;
    const d = date.getUTCDate();
    if (rule.frequency === "weekly" && date.getUTCDay() !== rule.weekday) continue;
    if (rule.frequency === "monthly" && d !== rule.monthday) continue;
    const at = zonedTime(rule.timezone, y, m, d, rule.hour);
    if (at.getTime() > after.getTime()) return at;
  }
  throw new Error("No run within 62 days: the schedule rule is inconsistent");
}

/** The days a period covers at `now` (UTC days, both ends included; "last N days" ends today). */
export function resolvePeriod(period: ReportPeriod, now: Date): { from: string; to: string } {
  if ("from" in period) return { from: period.from, to: period.to };
  return lastDays(now, period.last_days);
}
