import { describe, expect, it } from "vitest";
import { dateRangeError, filtersFromSearch, filtersToSearch, listParams } from "./campaign-list-params.ts";

describe("campaign list params", () => {
  it("turns the address's filters into the list query and drops what the server would refuse", () => {
    const f = filtersFromSearch(
      new URLSearchParams(
        "status=active,paused,bogus&search=founders&date_from=2026-11-01&date_to=2026-11-30&sort_by=name&sort_order=asc&page=3&per_page=50",
      ),
    );
    expect(listParams(f)).toEqual({
      page: 3,
      per_page: 50,
      status: ["active", "paused"],
      search: "founders",
      date_from: "2026-11-01",
      date_to: "2026-11-30",
      sort_by: "name",
      sort_order: "asc",
    });
  });

  it("uses the spec's defaults (page 1, 20 per page, newest first) and keeps a plain address plain", () => {
    const f = filtersFromSearch(new URLSearchParams("per_page=7&sort_by=secret"));
    expect(listParams(f)).toEqual({ page: 1, per_page: 20, sort_by: "created_at", sort_order: "desc" });
    expect(filtersToSearch(f).toString()).toBe("");
  });

  it("does not send a reversed date range and says why", () => {
    const f = filtersFromSearch(new URLSearchParams("date_from=2026-12-01&date_to=2026-11-01"));
    expect(dateRangeError(f)).toBe("The start date must not be after the end date");
    expect(listParams(f)).not.toHaveProperty("date_from");
    expect(listParams(f)).not.toHaveProperty("date_to");
  });
});
