import { describe, expect, it } from "vitest";
import { auditFilters, EMPTY_AUDIT_FILTERS } from "./audit-query.ts";

describe("audit filters", () => {
  it("sends only the filters that are set, the dates as the viewer's whole days", () => {
    expect(auditFilters(EMPTY_AUDIT_FILTERS)).toEqual({});
    const q = auditFilters({
      userId: "u1",
      event: " role_assigned ",
      result: "denied",
      resource: "Leads",
      from: "2026-11-01",
      to: "2026-11-03",
    });
    expect(q).toEqual({
      user_id: "u1",
      event: "role_assigned",
      result: "denied",
      resource: "leads",
      from: new Date(2026, 10, 1, 0, 0, 0, 0).toISOString(),
      to: new Date(2026, 10, 3, 23, 59, 59, 999).toISOString(),
    });
  });

  it("puts a backwards range the right way round", () => {
    const q = auditFilters({ ...EMPTY_AUDIT_FILTERS, from: "2026-11-05", to: "2026-11-01" });
    expect(q.from).toBe(new Date(2026, 10, 1).toISOString());
    expect(q.to).toBe(new Date(2026, 10, 5, 23, 59, 59, 999).toISOString());
  });
});
