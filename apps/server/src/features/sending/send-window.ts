/**
 * The send window: may a campaign send at this instant (its schedule's days and hours), and when
 * does it next open? Weekday and wall-clock time in the campaign's IANA time zone, through the
 * campaigns feature's Intl-based calendar helpers (no tz database of our own).
 */
import type { CampaignSchedule } from "@prospector/contracts";
import { localParts, zonedTime } from "../campaigns/index.ts";

const hm = (s: string) => s.split(":").map(Number) as [number, number];

export function inWindow(schedule: CampaignSchedule, at: Date): boolean {
  if (schedule.days.length === 0 || schedule.end <= schedule.start) return false;
  const p = localParts(at, schedule.timezone);
  if (!schedule.days.includes(p.weekday)) return false;
  const now = `${String(p.hour).padStart(2, "0")}:${String(p.minute).padStart(2, "0")}`;
  return now >= schedule.start && now < schedule.end;
}

/** The next instant the window opens at or after `from` (from itself when inside), within two weeks. */
export function nextWindowOpen(schedule: CampaignSchedule, from: Date): Date | null {
  if (inWindow(schedule, from)) return from;
  const [h, m] = hm(schedule.start);
  for (let d = 0; d <= 14; d++) {
    const p = localParts(new Date(from.getTime() + d * 86_400_000), schedule.timezone);
    const open = zonedTime(p.year, p.month, p.day, h, m, schedule.timezone);
    if (open >= from && inWindow(schedule, open)) return open;
  }
  return null;
}
