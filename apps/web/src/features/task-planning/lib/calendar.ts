/**
 * Calendar arithmetic for /task-planning, in the browser's time zone: weeks start on Monday, a
 * task sits on the local day of its due instant, and moving it to another day keeps its time.
 */
export type CalendarMode = "month" | "week";

const DAY_MS = 86_400_000;

export function addDays(d: Date, n: number): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + n, d.getHours(), d.getMinutes());
}

export function startOfDay(d: Date): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate());
}

/** Monday 00:00 of d's week. */
export function startOfWeek(d: Date): Date {
  const day = startOfDay(d);
  return addDays(day, -((day.getDay() + 6) % 7));
}

/** Local "YYYY-MM-DD" of a date (what a date input holds, and the calendar's cell key). */
export function dayKey(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** "YYYY-MM-DD" as a local midnight; anything else is null. */
export function parseDayKey(s: string | null | undefined): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s ?? "");
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return d.getMonth() === Number(m[2]) - 1 ? d : null;
}

/** The days a view shows, whole weeks: the weeks that touch the month, or the one week. */
export function viewDays(mode: CalendarMode, focus: Date): Date[] {
  const first = mode === "week" ? startOfWeek(focus) : startOfWeek(new Date(focus.getFullYear(), focus.getMonth(), 1));
  const last = mode === "week" ? addDays(first, 7) : startOfWeek(addDays(new Date(focus.getFullYear(), focus.getMonth() + 1, 1), 6));
  const days: Date[] = [];
  for (let d = first; d < last; d = addDays(d, 1)) days.push(d);
  return days;
}

/** The view's window as the instants the task API takes: [from, to). */
export function viewWindow(mode: CalendarMode, focus: Date): { from: string; to: string } {
  const days = viewDays(mode, focus);
  return { from: (days[0] as Date).toISOString(), to: addDays(days.at(-1) as Date, 1).toISOString() };
}

/** The focus one view earlier (-1) or later (+1). */
export function shiftFocus(mode: CalendarMode, focus: Date, by: -1 | 1): Date {
  return mode === "week" ? addDays(focus, 7 * by) : new Date(focus.getFullYear(), focus.getMonth() + by, 1);
}

export function viewTitle(mode: CalendarMode, focus: Date): string {
  if (mode === "month") return focus.toLocaleDateString(undefined, { month: "long", year: "numeric" });
  const days = viewDays("week", focus);
  const fmt = (d: Date) => d.toLocaleDateString(undefined, { day: "numeric", month: "short" });
  return `${fmt(days[0] as Date)} – ${fmt(days[6] as Date)} ${(days[6] as Date).getFullYear()}`;
}

/** The due instant moved to another local day, its local time of day kept (09:00 when it had none). */
export function moveToDay(due: string | null, day: string): string | null {
  const target = parseDayKey(day);
  if (!target) return null;
  const before = due ? new Date(due) : null;
  const hours = before ? before.getHours() : 9;
  const minutes = before ? before.getMinutes() : 0;
  return new Date(target.getFullYear(), target.getMonth(), target.getDate(), hours, minutes).toISOString();
}

/** Tasks by the local day they are due. */
export function byDay<T extends { due_date: string | null }>(tasks: T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const t of tasks) {
    if (!t.due_date) continue;
    const key = dayKey(new Date(t.due_date));
    out.set(key, [...(out.get(key) ?? []), t]);
  }
  return out;
}

export const isSameDay = (a: Date, b: Date) => Math.abs(startOfDay(a).getTime() - startOfDay(b).getTime()) < DAY_MS / 2;

export type LoadLevel = "light" | "normal" | "overloaded";

/**
 * A member's load against the team's median of tasks due this week: overloaded above 1.5× the
 * median and at least 2 more than it (one extra task is not overload), light under half of it.
 */
export function loadLevel(due: number, median: number): LoadLevel {
  if (due > median * 1.5 && due >= median + 2) return "overloaded";
  if (median > 0 && due < median / 2) return "light";
  return "normal";
}
