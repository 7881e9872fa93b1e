import type { RoleSummary } from "@prospector/contracts";
import { describe, expect, it } from "vitest";
import { matrixRows, roleAllows } from "./permission-matrix.ts";

const role = (id: RoleSummary["id"], permissions: RoleSummary["permissions"]): RoleSummary => ({
  id,
  label: id,
  priority: 1,
  scope: "",
  color: "#000",
  icon: "",
  is_system: true,
  permissions,
});
const g = (resource: string, action: string, effect: "allow" | "deny" = "allow") => ({ resource, action, effect, resource_id: null });

describe("permission matrix", () => {
  const admin = role("admin", [g("*", "*")]);
  const manager = role("manager", [g("crm", "*"), g("campaigns", "read"), g("campaigns", "delete", "deny")]);

  it("lists every granted pattern and the team permissions once, sorted, without the admin wildcard", () => {
    const rows = matrixRows([admin, manager]);
    expect(rows).toContain("crm:*");
    expect(rows).toContain("campaigns:read");
    expect(rows).toContain("team:update");
    expect(rows).not.toContain("*:*");
    expect(rows).toEqual([...rows].sort());
    expect(new Set(rows).size).toBe(rows.length);
  });

  it("allows through wildcards and lets a deny win", () => {
    expect(roleAllows(admin, "team:delete")).toBe(true);
    expect(roleAllows(manager, "crm:update")).toBe(true);
    expect(roleAllows(manager, "campaigns:read")).toBe(true);
    expect(roleAllows(manager, "campaigns:delete")).toBe(false);
    expect(roleAllows(manager, "team:read")).toBe(false);
  });
});
