import { describe, expect, it } from "vitest";
import { byDay, dayKey, loadLevel, moveToDay, parseDayKey, shiftFocus, viewDays, viewWindow } from "./calendar.ts";

describe("planning calendar", () => {
  it("shows whole weeks from Monday: the weeks touching the month, or the focus day's week", () => {
    const march = viewDays("month", new Date(2030, 2, 15));
    expect(dayKey(march[0]!)).toBe("2030-02-25");
    expect(dayKey(march.at(-1)!)).toBe("2030-03-31");
    expect(march).toHaveLength(35);
    const week = viewDays("week", new Date(2030, 2, 10)); // a Sunday belongs to the week before
    expect(week.map(dayKey)).toEqual(["2030-03-04", "2030-03-05", "2030-03-06", "2030-03-07", "2030-03-08", "2030-03-09", "2030-03-10"]);
    const w = viewWindow("week", new Date(2030, 2, 6));
    expect(new Date(w.to).getTime() - new Date(w.from).getTime()).toBeGreaterThanOrEqual(7 * 86_400_000 - 3_600_000);
    expect(dayKey(shiftFocus("month", new Date(2030, 0, 31), 1))).toBe("2030-02-01");
  });

  it("moves a task to another day keeping its local time, 09:00 when it had none", () => {
    const moved = new Date(moveToDay(new Date(2030, 2, 6, 14, 30).toISOString(), "2030-03-12")!);
    expect([moved.getDate(), moved.getHours(), moved.getMinutes()]).toEqual([12, 14, 30]);
    expect(new Date(moveToDay(null, "2030-03-12")!).getHours()).toBe(9);
    expect(moveToDay(null, "2030-02-30")).toBeNull();
    expect(parseDayKey("2030-13-01")).toBeNull();
  });

  it("groups dated tasks by their local day and leaves undated ones out", () => {
    const tasks = [
      { id: "a", due_date: new Date(2030, 2, 6, 8).toISOString() },
      { id: "b", due_date: new Date(2030, 2, 6, 23).toISOString() },
      { id: "c", due_date: null },
    ];
    expect([...byDay(tasks).entries()].map(([k, v]) => [k, v.map((t) => t.id)])).toEqual([["2030-03-06", ["a", "b"]]]);
  });

  it("calls a member overloaded above 1.5x the median and at least 2 over it, light under half of it", () => {
    expect(loadLevel(6, 3)).toBe("overloaded");
    expect(loadLevel(4, 3)).toBe("normal");
    expect(loadLevel(2, 1)).toBe("normal"); // one extra task is not overload
    expect(loadLevel(2, 0)).toBe("overloaded");
    expect(loadLevel(1, 4)).toBe("light");
    expect(loadLevel(0, 0)).toBe("normal");
  });
});
