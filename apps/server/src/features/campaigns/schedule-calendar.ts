/**
 * Calendar arithmetic in a campaign's IANA time zone (Intl only, no tz database of our own): local
 * parts of an instant, the instant of a local wall time, and the estimate of when a campaign ends.
 */
import type { CampaignSchedule } from "@prospector/contracts";

export interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** 0 = Sunday. */
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: tz,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      weekday: "short",
    });
    formatters.set(tz, f);
  }
  return f;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

export function localParts(at: Date, tz: string): LocalParts & { second: number } {
  const parts = Object.fromEntries(
    formatter(tz)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(parts.weekday as string),
  };
}

/** Offset of the zone from UTC at an instant, in ms. */
function offsetAt(at: Date, tz: string): number {
  const p = localParts(at, tz);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant when the wall clock in `tz` shows this date and time (a DST gap moves it forward). */
export function zonedTime(year: number, month: number, day: number, hour: number, minute: number, tz: string): Date {
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  const first = guess - offsetAt(new Date(guess), tz);
  const second = guess - offsetAt(new Date(first), tz);
  return new Date(second);
}

/** Midnight today in `tz`, as an instant. */
export function startOfLocalDay(at: Date, tz: string): Date {
  const p = localParts(at, tz);
  return zonedTime(p.year, p.month, p.day, 0, 0, tz);
}

/** "2026-11-22" for the local calendar day of an instant. */
export function localDate(at: Date, tz: string): string {
  const p = localParts(at, tz);
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

const hm = (s: string) => s.split(":").map(Number) as [number, number];

export interface FinishEstimate {
  messages: number;
  daily_capacity: number;
  sending_days: number;
  finish_at: string | null;
}

/**
 * When the last message should leave: the volume fills whole sending days at the daily capacity
 * (inboxes × their daily limit), starting at the first window at or after `from`; the last leads
 * then still need the sequence's follow-up delays, each landing on the next sending day. It ignores
 * replies and bounces (which only shorten it), so it is an upper bound for a healthy campaign.
 */
export function estimateFinish(opts: {
  from: Date;
  schedule: CampaignSchedule;
  messages: number;
  dailyCapacity: number;
  followUpDelays: number[];
}): FinishEstimate {
  const { schedule, messages, dailyCapacity } = opts;
  const base = { messages, daily_capacity: dailyCapacity, sending_days: 0, finish_at: null };
  if (messages <= 0 || dailyCapacity <= 0 || schedule.days.length === 0 || schedule.end <= schedule.start) return base;
  const days = new Set(schedule.days);
  const tz = schedule.timezone;
  const [endH, endM] = hm(schedule.end);
  const sendingDays = Math.ceil(messages / dailyCapacity);

  let day = localParts(opts.from, tz);
  let cursor = zonedTime(day.year, day.month, day.day, 12, 0, tz);
  // Today counts only while its window is still open.
  const todayEnd = zonedTime(day.year, day.month, day.day, endH, endM, tz);
  let usable = days.has(day.weekday) && opts.from < todayEnd;
  const nextDay = () => {
    cursor = new Date(cursor.getTime() + 86_400_000);
    day = localParts(cursor, tz);
    cursor = zonedTime(day.year, day.month, day.day, 12, 0, tz);
  };
  const toSendingDay = () => {
    for (let guard = 0; !days.has(day.weekday) && guard < 8; guard++) nextDay();
  };
  if (!usable) {
    nextDay();
    toSendingDay();
    usable = true;
  }
  for (let n = 1; n < sendingDays; n++) {
    nextDay();
    toSendingDay();
  }
  for (const delay of opts.followUpDelays) {
    for (let d = 0; d < delay; d++) nextDay();
    toSendingDay();
  }
  return {
    ...base,
    sending_days: sendingDays,
    finish_at: zonedTime(day.year, day.month, day.day, endH, endM, tz).toISOString(),
  };
}
