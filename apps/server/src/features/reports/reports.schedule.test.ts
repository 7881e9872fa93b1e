import { describe, expect, it } from "vitest";
import { nextRunAt, resolvePeriod, zonedTime } from "./reports.schedule.ts";

describe("report schedule times", () => {
  it("runs at the hour of the schedule's zone on either side of a DST change", () => {
    const rule = { frequency: "daily" as const, hour: 8, weekday: null, monthday: null, timezone: "Europe/Paris" };
    // Paris moves to summer time on 2026-03-29: 08:00 is 07:00Z before and 06:00Z after.
    expect(nextRunAt(rule, new Date("2026-03-28T06:00:00Z")).toISOString()).toBe("2026-03-28T07:00:00.000Z");
    expect(nextRunAt(rule, new Date("2026-03-28T07:00:00Z")).toISOString()).toBe("2026-03-29T06:00:00.000Z");
    // New York falls back on 2026-11-01.
    const ny = { ...rule, timezone: "America/New_York", hour: 6 };
    expect(nextRunAt(ny, new Date("2026-10-31T12:00:00Z")).toISOString()).toBe("2026-11-01T11:00:00.000Z");
  });

  it("an hour skipped by spring-forward runs right after the gap; a doubled hour runs once, the first time", () => {
    expect(zonedTime("America/New_York", 2026, 3, 8, 2).toISOString()).toBe("2026-03-08T07:00:00.000Z");
    expect(zonedTime("America/New_York", 2026, 11, 1, 1).toISOString()).toBe("2026-11-01T05:00:00.000Z");
  });

  it("weekly and monthly rules land on their weekday and day of the month in the zone", () => {
    const weekly = { frequency: "weekly" as const, hour: 23, weekday: 0, monthday: null, timezone: "Asia/Tokyo" };
    // Sunday 23:00 in Tokyo is Sunday 14:00Z.
    expect(nextRunAt(weekly, new Date("2026-11-25T00:00:00Z")).toISOString()).toBe("2026-11-29T14:00:00.000Z");
    const monthly = { frequency: "monthly" as const, hour: 0, weekday: null, monthday: 1, timezone: "America/Los_Angeles" };
    expect(nextRunAt(monthly, new Date("2026-11-25T00:00:00Z")).toISOString()).toBe("2026-12-01T08:00:00.000Z");
    // Strictly after: at the run's own instant, the next one is a month later.
    expect(nextRunAt(monthly, new Date("2026-12-01T08:00:00Z")).toISOString()).toBe("2027-01-01T08:00:00.000Z");
  });

  it("'last N days' ends today (UTC) and moves with each run; a fixed range does not", () => {
    expect(resolvePeriod({ last_days: 7 }, new Date("2026-11-25T23:59:00Z"))).toEqual({ from: "2026-11-19", to: "2026-11-25" });
    expect(resolvePeriod({ last_days: 1 }, new Date("2026-03-01T00:00:00Z"))).toEqual({ from: "2026-03-01", to: "2026-03-01" });
    expect(resolvePeriod({ from: "2026-01-01", to: "2026-01-31" }, new Date())).toEqual({ from: "2026-01-01", to: "2026-01-31" });
  });
});
