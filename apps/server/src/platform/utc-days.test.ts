import { describe, expect, it } from "vitest";
import { addDays, isoDay, lastDays, startOfUtcDay } from "./utc-days.ts";

describe("UTC days", () => {
  const lateEvening = new Date("2026-03-01T23:59:59.999Z");

  it("reads the day in UTC and steps across month and year ends", () => {
    expect(isoDay(lateEvening)).toBe("2026-03-01");
    expect(startOfUtcDay(lateEvening).toISOString()).toBe("2026-03-01T00:00:00.000Z");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2024-12-31", 1)).toBe("2025-01-01");
  });

  it("counts today in the last N days", () => {
    expect(lastDays(lateEvening, 1)).toEqual({ from: "2026-03-01", to: "2026-03-01" });
    expect(lastDays(lateEvening, 7)).toEqual({ from: "2026-02-23", to: "2026-03-01" });
  });
});
