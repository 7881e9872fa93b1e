import { describe, expect, it } from "vitest";
import { exportParams, filtersFromSearch, filtersToSearch, listParams } from "./lead-list-params.ts";

const none = { search: "", status: [], source: [], tag: [], email_status: [] };

describe("lead list parameters", () => {
  it("turns filters, sort and page into the API query", () => {
    const params = listParams(
      { search: "  acme ", status: ["new", "contacted"], source: ["website"], tag: ["vip"], email_status: ["valid"] },
      [{ field: "score", sort: "desc" }],
      { page: 2, pageSize: 50 },
    );
    expect(params).toEqual({
      search: "acme",
      status: ["contacted", "new"],
      source: ["website"],
      tag: ["vip"],
      email_status: ["valid"],
      sort: "score",
      order: "desc",
      skip: 100,
      limit: 50,
    });
  });

  it("sorts the name column by last name and ignores columns the server cannot sort", () => {
    expect(listParams(none, [{ field: "name", sort: "asc" }], { page: 0, pageSize: 25 })).toMatchObject({
      sort: "last_name",
      order: "asc",
    });
    for (const field of ["tags", "email"]) {
      const params = listParams(none, [{ field, sort: "asc" }], { page: 0, pageSize: 25 });
      expect(params.sort).toBeUndefined();
      expect(params.order).toBeUndefined();
    }
  });

  it("searches with the debounced text, not the one being typed", () => {
    expect(listParams({ ...none, search: "acme corp" }, [], { page: 0, pageSize: 25 }, "acme").search).toBe("acme");
  });

  it("reads filters from the address and drops statuses that do not exist", () => {
    const f = filtersFromSearch(new URLSearchParams("status=new,bogus&source=website&source=linkedin&email_status=risky&selected=x"));
    expect(f).toEqual({ search: "", status: ["new"], source: ["website", "linkedin"], tag: [], email_status: ["risky"] });
  });

  it("writes filters back without losing the selected lead", () => {
    const next = filtersToSearch({ ...none, tag: ["a", "b"], search: "x" }, new URLSearchParams("selected=123&status=new"));
    expect(next.get("selected")).toBe("123");
    expect(next.get("tag")).toBe("a,b");
    expect(next.get("search")).toBe("x");
    expect(next.has("status")).toBe(false);
  });

  it("exports with the filters only", () => {
    expect(exportParams({ ...none, status: ["new"], search: "a" })).toEqual({ status: ["new"], search: "a" });
  });
});
