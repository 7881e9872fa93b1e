import { describe, expect, it } from "vitest";
import { estimateFinish, localDate, localParts, startOfLocalDay, zonedTime } from "./schedule-calendar.ts";

const weekdays = { timezone: "Europe/Berlin", days: [1, 2, 3, 4, 5], start: "09:00", end: "17:00" };

describe("time zones", () => {
  it("converts local wall time to an instant on both sides of a DST change", () => {
    expect(zonedTime(2026, 3, 28, 9, 0, "Europe/Berlin").toISOString()).toBe("2026-03-28T08:00:00.000Z");
    expect(zonedTime(2026, 3, 30, 9, 0, "Europe/Berlin").toISOString()).toBe("2026-03-30T07:00:00.000Z");
    expect(zonedTime(2026, 11, 2, 17, 30, "America/New_York").toISOString()).toBe("2026-11-02T22:30:00.000Z");
    expect(localParts(new Date("2026-03-10T02:00:00Z"), "America/New_York")).toMatchObject({ day: 9, hour: 22, weekday: 1 });
    expect(localDate(new Date("2026-03-10T02:00:00Z"), "Asia/Tokyo")).toBe("2026-03-10");
    expect(startOfLocalDay(new Date("2026-06-15T12:00:00Z"), "Asia/Kolkata").toISOString()).toBe("2026-06-14T18:30:00.000Z");
  });
});

describe("finish estimate", () => {
  it("fills sending days at the daily capacity, skipping days outside the window", () => {
    // Friday 2026-11-20 10:00 Berlin: window open. 100 messages at 30/day = 4 sending days: Fri, Mon, Tue, Wed.
    const e = estimateFinish({
      from: new Date("2026-11-20T09:00:00Z"),
      schedule: weekdays,
      messages: 100,
      dailyCapacity: 30,
      followUpDelays: [],
    });
    expect(e).toEqual({ messages: 100, daily_capacity: 30, sending_days: 4, finish_at: "2026-11-25T16:00:00.000Z" });
  });

  it("starts tomorrow when today's window has closed, and adds the follow-up delays", () => {
    // Friday 18:00 Berlin: closed. 10 messages fit Monday; a 2-day follow-up lands Wednesday.
    const e = estimateFinish({
      from: new Date("2026-11-20T17:00:00Z"),
      schedule: weekdays,
      messages: 10,
      dailyCapacity: 30,
      followUpDelays: [2],
    });
    expect(e.finish_at).toBe("2026-11-25T16:00:00.000Z");
    // A delay ending on Saturday moves to Monday.
    const w = estimateFinish({
      from: new Date("2026-11-19T09:00:00Z"),
      schedule: weekdays,
      messages: 10,
      dailyCapacity: 30,
      followUpDelays: [2],
    });
    expect(w.finish_at).toBe("2026-11-23T16:00:00.000Z");
  });

  it("has no finish without messages, capacity or sending days", () => {
    const base = { from: new Date(), schedule: weekdays, messages: 10, dailyCapacity: 30, followUpDelays: [] };
    expect(estimateFinish({ ...base, messages: 0 }).finish_at).toBeNull();
    expect(estimateFinish({ ...base, dailyCapacity: 0 }).finish_at).toBeNull();
    expect(estimateFinish({ ...base, schedule: { ...weekdays, days: [] } }).finish_at).toBeNull();
  });
});
