/**
 * Capacity planning's day-by-day simulation (pure: no database). Day d is the 24 hours from
 * now + d days (inbox limits are rolling 24-hour windows too). Each day every usable inbox can send
 * min(its limit that day under warm-up, what its minimum gap allows in the longest window open that
 * day); that capacity is split evenly among the campaigns using the inbox that have messages due
 * and their window open that day (what one campaign cannot use goes to the others), as the sender's
 * passes, visiting every campaign each tick, interleave them. A sent step makes the lead's next
 * step due its delay later. Replies, bounces and unsubscribes are ignored, so a finish date is an
 * upper bound for a healthy campaign.
 */
import type { CampaignSchedule, CapacityBottleneck } from "@prospector/contracts";
import { localParts, zonedTime } from "../campaigns/index.ts";

const DAY = 86_400_000;

/** "2026-11-22": the local calendar day of an instant in a time zone. */
export function localDate(at: Date, tz: string): string {
  const p = localParts(at, tz);
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

export interface SimCampaign {
  id: string;
  schedule: CampaignSchedule;
  /** delay_days of each step (index = 0-based step; the first is ignored). */
  delays: number[];
  inboxIds: string[];
  /** Messages still to send: `count` leads wait for 0-based `step`, due at `due`; the later steps follow. */
  cohorts: { step: number; due: Date; count: number }[];
  /** Paused or held: it sends nothing (finish null, bottleneck says why). */
  blocked: CapacityBottleneck | null;
}

export interface SimInbox {
  id: string;
  /** The inbox's emails a day on simulated day d (warm-up included). */
  limitOn(day: number, at: Date): number;
  /** Its full daily limit (to tell warm-up from the cap). */
  dailyLimit: number;
  minGapSeconds: number;
  /** Paused or held inboxes send nothing. */
  usable: boolean;
  /** Sent in the last 24 hours: taken from day 0. */
  sentToday: number;
}

export interface SimResult {
  finishAt: Date | null;
  /** The campaign's local date of finishAt. */
  finishDate: string | null;
  sendingDays: number;
  bottleneck: CapacityBottleneck;
  /** Messages per simulated day, from day 0 to the finish (at most `planDays`). */
  plan: { date: string; messages: number }[];
  messages: number;
}

const hm = (s: string) => s.split(":").map(Number) as [number, number];

/** Milliseconds the campaign's window is open within [from, to), and when it first opens in it. */
export function windowOpenWithin(schedule: CampaignSchedule, from: Date, to: Date): { ms: number; firstOpen: Date | null } {
  if (schedule.days.length === 0 || schedule.end <= schedule.start) return { ms: 0, firstOpen: null };
  const tz = schedule.timezone;
  const [sh, sm] = hm(schedule.start);
  const [eh, em] = hm(schedule.end);
  let ms = 0;
  let firstOpen: Date | null = null;
  // The local dates that overlap [from, to): at most three around a 24-hour span.
  const seen = new Set<string>();
  for (let t = from.getTime() - DAY; t <= to.getTime() + DAY; t += DAY / 2) {
    const p = localParts(new Date(t), tz);
    const key = `${p.year}-${p.month}-${p.day}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (!schedule.days.includes(p.weekday)) continue;
    const open = zonedTime(p.year, p.month, p.day, sh, sm, tz).getTime();
    const close = zonedTime(p.year, p.month, p.day, eh, em, tz).getTime();
    const a = Math.max(open, from.getTime());
    const b = Math.min(close, to.getTime());
    if (b > a) {
      ms += b - a;
      if (!firstOpen || a < firstOpen.getTime()) firstOpen = new Date(a);
    }
  }
  return { ms, firstOpen };
}

interface Bucket {
  step: number;
  /** Simulated day it is due on. */
  day: number;
  count: number;
}

/**
 * Runs the plan for every campaign at once (they share inboxes). `horizonDays` bounds it;
 * `planDays` bounds the per-day plan returned.
 */
export function simulate(
  campaigns: SimCampaign[],
  inboxes: SimInbox[],
  now: Date,
  opts: { horizonDays: number; planDays: number },
): Map<string, SimResult> {
  const inboxById = new Map(inboxes.map((i) => [i.id, i]));
  const dayOf = (at: Date) => Math.max(0, Math.floor((at.getTime() - now.getTime()) / DAY));
  const state = campaigns.map((c) => {
    const buckets: Bucket[] = [];
    let messages = 0;
    for (const k of c.cohorts) {
      if (k.count <= 0 || k.step >= c.delays.length) continue;
      buckets.push({ step: k.step, day: dayOf(k.due), count: k.count });
      messages += k.count * (c.delays.length - k.step);
    }
    return {
      c,
      buckets,
      messages,
      left: messages,
      sendingDays: 0,
      lastDay: -1,
      plan: [] as number[],
      limited: new Map<CapacityBottleneck, number>(),
      usable: c.inboxIds.filter((id) => inboxById.get(id)?.usable),
    };
  });
  const active = state.filter((s) => !s.c.blocked && s.left > 0 && s.usable.length > 0);

  for (let day = 0; day < opts.horizonDays && active.some((s) => s.left > 0); day++) {
    const from = new Date(now.getTime() + day * DAY);
    const to = new Date(from.getTime() + DAY);
    const open = new Map(active.map((s) => [s.c.id, windowOpenWithin(s.c.schedule, from, to)]));
    // Each inbox's capacity today: its limit (warm-up) and what the gap allows in the longest open window.
    const cap = new Map<string, { left: number; cause: CapacityBottleneck }>();
    for (const inbox of inboxes) {
      if (!inbox.usable) continue;
      const users = active.filter((s) => s.usable.includes(inbox.id));
      if (users.length === 0) continue;
      const limit = Math.max(0, inbox.limitOn(day, from) - (day === 0 ? inbox.sentToday : 0));
      const longest = Math.max(0, ...users.map((s) => open.get(s.c.id)?.ms ?? 0));
      const byGap = inbox.minGapSeconds > 0 ? Math.floor(longest / (inbox.minGapSeconds * 1000)) : Number.POSITIVE_INFINITY;
      const warming = inbox.limitOn(day, from) < inbox.dailyLimit;
      cap.set(inbox.id, {
        left: Math.min(limit, byGap),
        cause: byGap < limit ? "min_gap" : warming ? "warming_up" : "daily_cap",
      });
    }
    const sentToday = new Map<string, number>();
    const shared = new Set<string>();
    // Steps with no delay become due the same day: allocate again until nothing more goes.
    for (let round = 0; round < 12; round++) {
      let moved = 0;
      const demand = new Map<string, number>();
      for (const s of active) {
        if ((open.get(s.c.id)?.ms ?? 0) <= 0) continue;
        const due = s.buckets.reduce((n, b) => n + (b.day <= day ? b.count : 0), 0);
        if (due > 0) demand.set(s.c.id, due);
      }
      const granted = new Map<string, number>();
      for (const inbox of inboxes) {
        const c = cap.get(inbox.id);
        if (!c || c.left <= 0) continue;
        const users = active.filter((s) => s.usable.includes(inbox.id) && (demand.get(s.c.id) ?? 0) > (granted.get(s.c.id) ?? 0));
        if (users.length > 1) for (const u of users) shared.add(u.c.id);
        // Water-filling: the smallest wants are met in full, the rest split what remains evenly.
        const wants = users
          .map((u) => ({ id: u.c.id, want: (demand.get(u.c.id) ?? 0) - (granted.get(u.c.id) ?? 0) }))
          .sort((a, b) => a.want - b.want);
        let remaining = c.left;
        for (let i = 0; i < wants.length; i++) {
          const w = wants[i] as { id: string; want: number };
          const give = Math.min(w.want, Math.ceil(remaining / (wants.length - i)));
          granted.set(w.id, (granted.get(w.id) ?? 0) + give);
          remaining -= give;
        }
        c.left = remaining;
      }
      for (const s of active) {
        let give = granted.get(s.c.id) ?? 0;
        if (give <= 0) continue;
        // Oldest due first (the sender claims by next_send_at), earlier steps first on ties.
        s.buckets.sort((a, b) => a.day - b.day || a.step - b.step);
        const follow: Bucket[] = [];
        for (const b of s.buckets) {
          if (give <= 0 || b.day > day) break;
          const n = Math.min(give, b.count);
          b.count -= n;
          give -= n;
          s.left -= n;
          moved += n;
          sentToday.set(s.c.id, (sentToday.get(s.c.id) ?? 0) + n);
          const next = b.step + 1;
          if (next < s.c.delays.length) follow.push({ step: next, day: day + Math.max(0, s.c.delays[next] ?? 0), count: n });
        }
        s.buckets = [...s.buckets.filter((b) => b.count > 0), ...follow];
      }
      if (moved === 0) break;
    }
    for (const s of active) {
      const n = sentToday.get(s.c.id) ?? 0;
      if (day < opts.planDays) s.plan[day] = n;
      if (n > 0) {
        s.sendingDays++;
        s.lastDay = day;
      }
      // Why messages due today were left for later.
      const stillDue = s.buckets.some((b) => b.day <= day && b.count > 0);
      if (!stillDue) continue;
      const o = open.get(s.c.id);
      let cause: CapacityBottleneck;
      if (!o || o.ms <= 0) cause = "window";
      else if (shared.has(s.c.id)) cause = "shared_inboxes";
      else {
        const causes = s.usable.map((id) => cap.get(id)?.cause ?? "daily_cap");
        cause = causes.includes("min_gap") ? "min_gap" : causes.includes("warming_up") ? "warming_up" : "daily_cap";
      }
      s.limited.set(cause, (s.limited.get(cause) ?? 0) + 1);
    }
  }

  const out = new Map<string, SimResult>();
  for (const s of state) {
    const tz = s.c.schedule.timezone;
    const dateOf = (d: number) => localDate(new Date(now.getTime() + d * DAY), tz);
    const finished = s.left === 0 && s.messages > 0;
    // The last emails leave once the window opens on the last sending day (capacity is used as soon as it is there).
    let finishAt: Date | null = null;
    if (finished && s.lastDay >= 0) {
      const from = new Date(now.getTime() + s.lastDay * DAY);
      finishAt = windowOpenWithin(s.c.schedule, from, new Date(from.getTime() + DAY)).firstOpen ?? from;
    }
    let bottleneck: CapacityBottleneck;
    if (s.c.blocked) bottleneck = s.c.blocked;
    else if (s.messages > 0 && s.usable.length === 0) bottleneck = "no_inbox";
    else if (s.messages > 0 && !finished) bottleneck = "not_within_horizon";
    else if (s.limited.size > 0) bottleneck = [...s.limited.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] as CapacityBottleneck;
    else bottleneck = s.c.delays.slice(1).some((d) => d > 0) && s.sendingDays > 1 ? "step_delay" : "none";
    const planLength = Math.min(opts.planDays, s.lastDay + 1);
    out.set(s.c.id, {
      finishAt,
      finishDate: finishAt ? localDate(finishAt, tz) : null,
      sendingDays: s.sendingDays,
      bottleneck,
      plan: Array.from({ length: Math.max(0, planLength) }, (_, d) => ({ date: dateOf(d), messages: s.plan[d] ?? 0 })),
      messages: s.messages,
    });
  }
  return out;
}
