import { describe, expect, it } from "vitest";
import { fanSeries } from "./forecast-card.tsx";

describe("fanSeries", () => {
  it("stacks the band on P10 so it spans P10 to P90 each month, with P50 drawn apart", () => {
    const months = [
      { month: "2026-12", p10: 1000, p50: 4000, p90: 9000, expected: 4500 },
      { month: "2027-01", p10: 0, p50: 0, p90: 5000, expected: 800 },
      { month: "2027-02", p10: 0, p50: 0, p90: 0, expected: 0 },
    ];
    const fan = fanSeries(months);
    expect(fan.p10).toEqual([1000, 0, 0]);
    expect(fan.band).toEqual([8000, 5000, 0]);
    expect(fan.p10.map((low, i) => low + fan.band[i]!)).toEqual(months.map((m) => m.p90));
    expect(fan.p50).toEqual([4000, 0, 0]);
  });
});
