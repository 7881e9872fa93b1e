import { describe, expect, it } from "vitest";
import { formatUtcDateTime } from "./format.ts";

describe("formatUtcDateTime", () => {
  it("writes the instant in UTC whatever the browser's zone, and says so", () => {
    expect(formatUtcDateTime("2026-11-24T23:30:00-05:00")).toBe("25 Nov 2026, 04:30 UTC");
  });

  it("writes a dash without an instant", () => {
    expect(formatUtcDateTime(null)).toBe("—");
    expect(formatUtcDateTime("not a date")).toBe("—");
  });
});
