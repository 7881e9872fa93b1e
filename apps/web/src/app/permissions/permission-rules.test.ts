import { describe, expect, it } from "vitest";
import { decide, hasRoles, matchesPermission, splitPermission, toPermissionSet } from "./permission-rules.ts";

describe("permission rules", () => {
  it("matches exact names and * on either side", () => {
    expect(matchesPermission("leads:read", "leads:read")).toBe(true);
    expect(matchesPermission("leads:read", "leads:delete")).toBe(false);
    expect(matchesPermission("leads:*", "leads:delete")).toBe(true);
    expect(matchesPermission("*:read", "campaigns:read")).toBe(true);
    expect(matchesPermission("*:read", "campaigns:delete")).toBe(false);
    expect(matchesPermission("*:*", "anything:else")).toBe(true);
    expect(matchesPermission("leads", "leads:read")).toBe(false);
  });

  it("deny beats allow, even a wildcard allow; no allow means no", () => {
    const set = toPermissionSet(["*:*", "!leads:delete"]);
    expect(decide(set, "leads:read")).toBe(true);
    expect(decide(set, "leads:delete")).toBe(false);
    const wildDeny = toPermissionSet(["campaigns:delete", "!*:delete"]);
    expect(decide(wildDeny, "campaigns:delete")).toBe(false);
    expect(decide(toPermissionSet([]), "leads:read")).toBe(false);
  });

  it("reads grant objects with their effect and leaves record-level grants out", () => {
    const set = toPermissionSet([
      { resource: "campaigns", action: "*", effect: "allow", resource_id: null },
      { resource: "campaigns", action: "delete", effect: "deny", resource_id: null },
      { resource: "leads", action: "read", effect: "allow", resource_id: "lead-1" },
    ]);
    expect(set).toEqual({ allow: ["campaigns:*"], deny: ["campaigns:delete"] });
    expect(decide(set, "campaigns:update")).toBe(true);
    expect(decide(set, "campaigns:delete")).toBe(false);
    expect(decide(set, "leads:read")).toBe(false);
  });

  it("checks roles for any or all", () => {
    expect(hasRoles(["manager"], "manager")).toBe(true);
    expect(hasRoles(["manager"], ["admin", "manager"])).toBe(true);
    expect(hasRoles(["manager"], ["admin", "manager"], "all")).toBe(false);
    expect(hasRoles(["manager", "analyst"], ["analyst", "manager"], "all")).toBe(true);
    expect(hasRoles(["viewer"], ["admin"])).toBe(false);
  });

  it("splits resource:action for an access request", () => {
    expect(splitPermission("leads:delete")).toEqual({ resource: "leads", action: "delete" });
    expect(splitPermission("leads")).toBeNull();
    expect(splitPermission("a:b:c")).toBeNull();
  });
});
