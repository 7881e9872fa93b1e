import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ConditionContext, conditionHolds, conditionProblem } from "./access.conditions.ts";
import { decide, decideByPolicies, type Grant, type PolicyRule, sortPolicies } from "./access.decide.ts";

const names = ["campaigns", "leads", "team", "settings"] as const;
const actions = ["read", "create", "update", "delete"] as const;
const pattern = <T extends string>(xs: readonly T[]) => fc.oneof(fc.constantFrom(...xs), fc.constant("*"));
const grantArb: fc.Arbitrary<Grant> = fc.record({
  resource: pattern(names),
  action: pattern(actions),
  effect: fc.constantFrom("allow", "deny"),
  resourceId: fc.option(fc.constantFrom("r1", "r2"), { nil: null }),
});

/** The reference semantics, written independently of the engine: a grant covers a check when
 * each side is equal or `*`, and a record-scoped grant covers only that record. */
function reference(grants: Grant[], resource: string, action: string, resourceId?: string): boolean {
  const covers = (g: Grant) =>
    (g.resource === "*" || g.resource === resource) &&
    (g.action === "*" || g.action === action) &&
    (g.resourceId == null || g.resourceId === resourceId);
  const applicable = grants.filter(covers);
  return applicable.length > 0 && applicable.every((g) => g.effect === "allow");
}

describe("grant decisions (properties)", () => {
  it("deny always beats allow, whatever else is granted", () => {
    fc.assert(
      fc.property(fc.array(grantArb, { maxLength: 12 }), fc.constantFrom(...names), fc.constantFrom(...actions), (grants, r, a) => {
        const deny: Grant = { resource: r, action: a, effect: "deny" };
        const allowAll: Grant = { resource: "*", action: "*", effect: "allow" };
        for (const order of [
          [...grants, deny, allowAll],
          [allowAll, deny, ...grants],
          [deny, ...grants, allowAll],
        ]) {
          const d = decide(order, r, a);
          expect(d.allowed).toBe(false);
          expect(d.matched?.effect).toBe("deny");
        }
      }),
    );
  });

  it("matches the reference implementation for *:*, res:*, *:act and exact grants", () => {
    fc.assert(
      fc.property(
        fc.array(grantArb, { maxLength: 10 }),
        fc.constantFrom(...names),
        fc.constantFrom(...actions),
        fc.option(fc.constantFrom("r1", "r2", "r3"), { nil: undefined }),
        (grants, r, a, id) => {
          const d = decide(grants, r, a, id);
          expect(d.allowed).toBe(reference(grants, r, a, id));
          if (!d.allowed && !grants.some((g) => g.effect === "deny")) expect(d.reason).toBe("No matching permissions found");
        },
      ),
    );
  });

  it("denies when nothing matches and names the wildcard that allowed", () => {
    expect(decide([], "campaigns", "read")).toMatchObject({ allowed: false, reason: "No matching permissions found" });
    expect(decide([{ resource: "leads", action: "*", effect: "allow" }], "campaigns", "read").allowed).toBe(false);
    expect(decide([{ resource: "*", action: "read", effect: "allow" }], "campaigns", "read").matched?.permission).toBe("*:read");
    expect(decide([{ resource: "campaigns", action: "*", effect: "allow" }], "campaigns", "delete").allowed).toBe(true);
  });
});

const ctx = (over: Partial<ConditionContext> = {}): ConditionContext => ({
  now: new Date("2026-03-04T10:30:00Z"), // a Wednesday
  ip: "10.1.2.3",
  country: "DE",
  requests: 5,
  user: { id: "u1", email: "ann@acme.test", role: "sales_rep", via: "session" },
  resource: { type: "campaigns", action: "delete", id: null },
  ...over,
});

const policy = (over: Partial<PolicyRule>): PolicyRule => ({
  id: "p",
  name: "rule",
  priority: 0,
  isActive: true,
  effect: "deny",
  permissions: ["*:*"],
  appliesTo: { users: [], roles: [], teams: [] },
  conditions: [],
  ...over,
});

describe("policy conditions", () => {
  it("evaluates time windows in UTC, including ranges across midnight", () => {
    const office = { type: "time" as const, operator: "between", field: "time", value: ["09:00", "17:30"] };
    expect(conditionHolds(office, ctx())).toBe(true);
    expect(conditionHolds(office, ctx({ now: new Date("2026-03-04T18:00:00Z") }))).toBe(false);
    const night = { type: "time" as const, operator: "between", field: "hour", value: [22, 6] };
    expect(conditionHolds(night, ctx({ now: new Date("2026-03-04T23:10:00Z") }))).toBe(true);
    expect(conditionHolds(night, ctx())).toBe(false);
    expect(conditionHolds({ type: "time", operator: "in", field: "weekday", value: [1, 2, 3, 4, 5] }, ctx())).toBe(true);
  });

  it("matches IPv4, IPv4-mapped IPv6 and IPv6 addresses against CIDR ranges", () => {
    const office = { type: "ip" as const, operator: "in_cidr", field: "ip", value: ["10.0.0.0/8", "2001:db8::/32"] };
    expect(conditionHolds(office, ctx())).toBe(true);
    expect(conditionHolds(office, ctx({ ip: "::ffff:10.9.9.9" }))).toBe(true);
    expect(conditionHolds(office, ctx({ ip: "2001:db8::1" }))).toBe(true);
    expect(conditionHolds(office, ctx({ ip: "192.168.1.1" }))).toBe(false);
    expect(conditionHolds({ ...office, operator: "not_in_cidr" }, ctx({ ip: "192.168.1.1" }))).toBe(true);
  });

  it("reads user and resource attributes; unknown values fail closed", () => {
    expect(conditionHolds({ type: "attribute", operator: "ends_with", field: "user.email", value: "@acme.test" }, ctx())).toBe(true);
    expect(conditionHolds({ type: "attribute", operator: "eq", field: "user.role", value: "viewer" }, ctx())).toBe(false);
    const allowlist = { type: "location" as const, operator: "not_in", field: "country", value: ["DE", "FR"] };
    expect(conditionHolds(allowlist, ctx())).toBe(false);
    expect(conditionHolds(allowlist, ctx({ country: null }))).toBe(true);
    expect(conditionHolds({ ...allowlist, operator: "in" }, ctx({ country: null }))).toBe(false);
    expect(conditionHolds({ type: "quota", operator: "gt", field: "x", value: 1 }, ctx())).toBe(false);
  });

  it("refuses unsupported or malformed conditions before they are stored", () => {
    expect(conditionProblem({ type: "quota", operator: "gt", field: "emails", value: 1 })).toMatch(/not supported/);
    expect(conditionProblem({ type: "ip", operator: "in_cidr", field: "ip", value: ["10.0.0.0/40"] })).toMatch(/not an IP/);
    expect(conditionProblem({ type: "time", operator: "between", field: "hour", value: 9 })).toMatch(/pair/);
    expect(conditionProblem({ type: "attribute", operator: "eq", field: "user.password", value: "x" })).toMatch(/not available/);
    expect(conditionProblem({ type: "rate_limit", operator: "gt", field: "requests", value: 50 })).toBeNull();
  });
});

describe("policy pass", () => {
  const subject = { userId: "u1", role: "sales_rep", teamIds: ["t1"] };

  it("lets the highest-priority matching rule decide, skipping rules for others", () => {
    const rules = sortPolicies([
      policy({ id: "a", name: "allow all", priority: 1, effect: "allow" }),
      policy({ id: "b", name: "no deletes", priority: 10, permissions: ["campaigns:delete"] }),
      policy({ id: "c", name: "viewers only", priority: 99, appliesTo: { users: [], roles: ["viewer"], teams: [] } }),
      policy({ id: "d", name: "inactive", priority: 100, isActive: false }),
    ]);
    expect(decideByPolicies(rules, subject, "campaigns", "delete", ctx())).toMatchObject({
      allowed: false,
      matched: { kind: "policy", id: "b" },
    });
    expect(decideByPolicies(rules, subject, "campaigns", "read", ctx())).toMatchObject({ allowed: true, matched: { id: "a" } });
  });

  it("skips a rule whose conditions do not hold, and returns null when no rule decides", () => {
    const offHours = policy({
      name: "office hours",
      conditions: [{ type: "time", operator: "not_between", field: "time", value: ["09:00", "17:00"] }],
    });
    expect(decideByPolicies([offHours], subject, "leads", "read", ctx())).toBeNull();
    expect(decideByPolicies([offHours], subject, "leads", "read", ctx({ now: new Date("2026-03-04T20:00:00Z") }))?.allowed).toBe(false);
    expect(decideByPolicies([policy({ appliesTo: { users: [], roles: [], teams: ["t1"] } })], subject, "x", "y", ctx())?.allowed).toBe(
      false,
    );
  });
});
