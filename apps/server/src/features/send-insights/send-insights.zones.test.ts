/** Zone inference from a lead's own fields, and the best-block arithmetic. */
import { describe, expect, it } from "vitest";
import { bestBlock, type CellCounts, wilson } from "./send-insights.stats.ts";
import { countryCode, inferZone, type LeadLocation } from "./send-insights.zones.ts";

const at = (over: Partial<LeadLocation>): LeadLocation => ({ country: null, city: null, tz: null, region: null, ...over });

describe("recipient time zone", () => {
  it("takes an IANA zone from the lead's custom fields first", () => {
    expect(inferZone(at({ tz: "Asia/Kolkata", country: "US" }))).toEqual({ zone: "Asia/Kolkata", source: "timezone_field" });
    // Not a zone: ignored, the country decides.
    expect(inferZone(at({ tz: "Mars/Olympus", country: "France" }))).toEqual({ zone: "Europe/Paris", source: "country" });
  });

  it("reads countries by code, English name and common aliases", () => {
    expect(countryCode("DE")).toBe("DE");
    expect(countryCode("germany")).toBe("DE");
    expect(countryCode("Deutschland")).toBe("DE");
    expect(countryCode("UK")).toBe("GB");
    expect(countryCode("United Kingdom")).toBe("GB");
    expect(countryCode("U.S.A.")).toBe("US");
    expect(countryCode("Atlantis")).toBeNull();
    expect(inferZone(at({ country: "Japan" }))).toEqual({ zone: "Asia/Tokyo", source: "country" });
  });

  it("places US, Canadian and Australian leads by state or province, from the region field or the city", () => {
    expect(inferZone(at({ country: "US", city: "Austin, TX" })).zone).toBe("America/Chicago");
    expect(inferZone(at({ country: "USA", city: "Boise", region: "Idaho" })).zone).toBe("America/Boise");
    expect(inferZone(at({ country: "United States", city: "Portland, Oregon" })).zone).toBe("America/Los_Angeles");
    expect(inferZone(at({ country: "Canada", region: "BC" })).zone).toBe("America/Vancouver");
    expect(inferZone(at({ country: "CA", city: "Halifax, NS" })).zone).toBe("America/Halifax");
    expect(inferZone(at({ country: "Australia", city: "Perth WA 6000" })).zone).toBe("Australia/Perth");
    expect(inferZone(at({ country: "AU", city: "Sydney NSW" })).zone).toBe("Australia/Sydney");
    // A big city without a state.
    expect(inferZone(at({ country: "US", city: "Seattle" }))).toEqual({ zone: "America/Los_Angeles", source: "city" });
  });

  it("never guesses: a country across several zones without a region, an unknown country, nothing", () => {
    expect(inferZone(at({ country: "United States" }))).toEqual({ zone: null, reason: "country_spans_zones" });
    expect(inferZone(at({ country: "Russia", city: "Somewhere" }))).toEqual({ zone: null, reason: "country_spans_zones" });
    expect(inferZone(at({ country: "Atlantis" }))).toEqual({ zone: null, reason: "unknown_country" });
    expect(inferZone(at({}))).toEqual({ zone: null, reason: "no_location" });
    // A namesake city of another country is not used: Paris, Texas is still in the US (no state → not guessed).
    expect(inferZone(at({ country: "US", city: "Paris" }))).toEqual({ zone: null, reason: "country_spans_zones" });
    // Without a country, a well-known city is enough.
    expect(inferZone(at({ city: "London" })).zone).toBe("Europe/London");
  });
});

describe("best block", () => {
  const cells = (spec: [weekday: number, hour: number, sends: number, replies: number][]): CellCounts[] =>
    spec.map(([weekday, hour, sends, replied]) => ({ weekday, hour, sends, opened: replied, replied }));

  it("ranks by the interval's lower bound: a few lucky sends do not beat a well-measured hour", () => {
    // 09:00: 1 of 2 replied (50 %, tiny sample); 14:00: 30 of 200 (15 %).
    const r = bestBlock(
      cells([
        [1, 9, 2, 1],
        [1, 14, 200, 30],
      ]),
      "reply",
      1,
      1,
    );
    expect(r.best).toMatchObject({ start_hour: 14, end_hour: 15 });
    expect(wilson(1, 2).low).toBeLessThan(wilson(30, 200).low!);
  });

  it("drops a weekday only when it is measurably worse than the best one, and needs the minimum of sends", () => {
    const r = bestBlock(
      cells([
        [1, 10, 200, 40], // Monday 20 %
        [2, 10, 200, 36], // Tuesday 18 %: not measurably worse
        [5, 10, 200, 4], // Friday 2 %: worse
        [6, 10, 5, 5], // Saturday: too few sends to judge
      ]),
      "reply",
      2,
      20,
    );
    expect(r.best!.days).toEqual([1, 2]);
    expect(bestBlock(cells([[1, 10, 10, 1]]), "reply", 1, 20)).toEqual({
      best: null,
      missing: "10 delivered sends in the period; at least 20 are needed.",
    });
    expect(bestBlock(cells([[1, 10, 50, 0]]), "reply", 1, 20).missing).toContain("No human replies");
  });

  it("never wraps a block past midnight", () => {
    const r = bestBlock(cells([[1, 23, 100, 50]]), "reply", 3, 20);
    expect(r.best).toMatchObject({ start_hour: 21, end_hour: 24 });
  });
});
