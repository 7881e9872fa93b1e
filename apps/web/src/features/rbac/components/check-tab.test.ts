import { describe, expect, it } from "vitest";
import { checkResult } from "../test/rbac-builders.ts";
import { decidedBy } from "./check-tab.tsx";

describe("what decided a check, in one sentence", () => {
  it("names the policy, role, team or direct grant that matched", () => {
    const m = (kind: "policy" | "role" | "team" | "user", over: { name?: string; id?: string; effect?: "allow" | "deny" } = {}) =>
      checkResult({
        allowed: true,
        reason: "Allowed",
        matched: { kind, id: over.id ?? "x", effect: over.effect ?? "allow", permission: "leads:read", name: over.name },
      });
    expect(decidedBy(m("policy", { name: "Office hours", effect: "deny" }))).toBe('Policy "Office hours" denies leads:read');
    expect(decidedBy(m("role", { id: "sales_rep" }))).toBe("The Sales Representative role allows leads:read");
    expect(decidedBy(m("team", { name: "Sales" }))).toBe('Team "Sales" allows leads:read');
    expect(decidedBy(m("user"))).toBe("A direct grant allows leads:read");
  });

  it("names the step when no rule matched: inactive user, rate limit, or nothing at all", () => {
    expect(decidedBy(checkResult({ reason: "User not found or inactive", step: "inactive" }))).toContain("must exist and be active");
    expect(decidedBy(checkResult({ reason: "Rate limit exceeded", step: "rate_limit" }))).toBe("The rate limit (second step)");
    expect(decidedBy(checkResult({}))).toContain("Nothing matched");
  });
});
