import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import { expectTenantIsolation } from "../../../test/tenant-isolation.ts";
import { accessWorkspace, RBAC } from "./access.test-helpers.ts";
import { decideFlag, rolloutBucket } from "./access-rules.service.ts";

describe("policies, feature flags and access requests", () => {
  let t: TestApp;
  let admin: TestUser;
  let viewer: TestUser;
  beforeAll(async () => ({ t, admin, viewer } = await accessWorkspace(["viewer"])));
  afterAll(() => t.close());

  const req = (u: TestUser, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: u.headers, ...(payload ? { payload } : {}) });
  const check = async (u: TestUser, resource: string, action: string, headers: Record<string, string> = {}) =>
    (
      await t.app.inject({
        method: "POST",
        url: `${RBAC}/check/detailed`,
        headers: { ...u.headers, ...headers },
        payload: { resource, action },
      })
    ).json();

  it("a policy decides before grants, and only while its conditions hold", async () => {
    const created = await req(admin, "POST", `${RBAC}/policies`, {
      name: "Viewers only from the office network",
      effect: "deny",
      priority: 10,
      permissions: ["campaigns:*"],
      applies_to: { roles: ["viewer"] },
      conditions: [{ type: "ip", operator: "not_in_cidr", field: "ip", value: ["10.0.0.0/8"] }],
    });
    expect(created.statusCode).toBe(201);
    const policy = created.json();
    // app.inject comes from 127.0.0.1: outside the office range, so the rule denies.
    expect(await check(viewer, "campaigns", "read")).toMatchObject({
      allowed: false,
      reason: 'Denied by policy "Viewers only from the office network"',
      matched: { kind: "policy", id: policy.id },
    });
    // It covers campaigns only, and only viewers.
    expect((await check(viewer, "leads", "read")).allowed).toBe(true);
    expect((await check(admin, "campaigns", "read")).allowed).toBe(true);

    const moved = await req(admin, "PUT", `${RBAC}/policies/${policy.id}`, {
      ...policy,
      conditions: [{ type: "ip", operator: "not_in_cidr", field: "ip", value: ["127.0.0.0/8"] }],
    });
    expect(moved.statusCode).toBe(200);
    expect((await check(viewer, "campaigns", "read")).allowed).toBe(true);

    expect((await req(admin, "GET", `${RBAC}/policies`)).json().map((p: { id: string }) => p.id)).toEqual([policy.id]);
    expect((await req(admin, "DELETE", `${RBAC}/policies/${policy.id}`)).statusCode).toBe(204);
    expect((await req(admin, "DELETE", `${RBAC}/policies/${policy.id}`)).json().code).toBe("POLICY_NOT_FOUND");
  });

  it("refuses policies it cannot evaluate, and rules naming strangers, changing nothing", async () => {
    const stranger = await createUser(t.database.db);
    const res = await req(admin, "POST", `${RBAC}/policies`, {
      name: "bad",
      effect: "deny",
      applies_to: { users: [stranger.id] },
      conditions: [
        { type: "quota", operator: "gt", field: "emails", value: 100 },
        { type: "time", operator: "between", field: "hour", value: 9 },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual(["conditions.0", "conditions.1", "applies_to.users.0"]);
    expect((await req(admin, "GET", `${RBAC}/policies`)).json()).toEqual([]);
  });

  it("decides feature flags by targeting and a stable rollout", async () => {
    const off = await req(admin, "PUT", `${RBAC}/features/ai-writer`, { name: "AI writer", enabled: false, targeted_roles: ["viewer"] });
    expect(off.statusCode).toBe(200);
    expect((await req(viewer, "GET", `${RBAC}/features/ai-writer/enabled`)).json()).toMatchObject({
      enabled: false,
      reason: "Feature is switched off",
    });

    await req(admin, "PUT", `${RBAC}/features/ai-writer`, {
      name: "AI writer",
      enabled: true,
      rollout_percentage: 0,
      targeted_roles: ["viewer"],
    });
    expect((await req(viewer, "GET", `${RBAC}/features/ai-writer/enabled`)).json()).toMatchObject({
      enabled: true,
      reason: "Role is targeted",
    });
    expect((await req(admin, "GET", `${RBAC}/features/ai-writer/enabled`)).json().enabled).toBe(false);
    expect((await req(viewer, "GET", `${RBAC}/features/enabled`)).json().features).toEqual(["ai-writer"]);
    expect((await req(viewer, "GET", `${RBAC}/features/nope/enabled`)).json()).toMatchObject({ enabled: false, reason: "Unknown feature" });
    expect((await req(admin, "PUT", `${RBAC}/features/x`, { name: "x", rollout_percentage: 120 })).statusCode).toBe(422);
    expect((await req(viewer, "PUT", `${RBAC}/features/x`, { name: "x" })).json().requiredPermission).toBe("settings:update");
  });

  it("keeps a user in the rollout as it grows, and puts about the right share in", () => {
    const flag = { key: "beta", enabled: true, targetedRoles: [], targetedUsers: [], targetedTeams: [] };
    const users = Array.from({ length: 2000 }, (_, i) => `user-${i}`);
    const inAt = (pct: number) =>
      new Set(users.filter((u) => decideFlag({ ...flag, rolloutPercentage: pct }, { userId: u, role: "viewer", teamIds: [] }).enabled));
    const at20 = inAt(20);
    const at50 = inAt(50);
    for (const u of at20) expect(at50.has(u)).toBe(true);
    expect(at50.size / users.length).toBeGreaterThan(0.45);
    expect(at50.size / users.length).toBeLessThan(0.55);
    expect(rolloutBucket("beta", "user-1")).toBe(rolloutBucket("beta", "user-1"));
  });

  it("takes access requests, and an approval grants the permission at once", async () => {
    const asked = await req(viewer, "POST", `${RBAC}/access-requests`, { resource: "campaigns", action: "create", reason: "Q3 launch" });
    expect(asked.statusCode).toBe(201);
    const id = asked.json().id;
    expect((await req(viewer, "POST", `${RBAC}/access-requests`, { resource: "campaigns", action: "create" })).json().id).toBe(id);
    expect((await req(viewer, "POST", `${RBAC}/access-requests`, { resource: "campaigns", action: "read" })).json().code).toBe(
      "ACCESS_ALREADY_GRANTED",
    );
    expect((await req(viewer, "POST", `${RBAC}/access-requests/${id}/approve`, {})).json().requiredPermission).toBe("team:update");

    const outsider = await createUser(t.database.db);
    await expectTenantIsolation(t.app, outsider, [
      { method: "POST", url: `${RBAC}/access-requests/${id}/approve`, payload: {} },
      { method: "POST", url: `${RBAC}/access-requests/${id}/reject`, payload: {} },
    ]);

    const approved = await req(admin, "POST", `${RBAC}/access-requests/${id}/approve`, { note: "ok for Q3" });
    expect(approved.json()).toMatchObject({ status: "approved", decided_by: admin.id, decision_note: "ok for Q3" });
    expect(await check(viewer, "campaigns", "create")).toMatchObject({ allowed: true, matched: { kind: "user" } });
    expect((await req(admin, "POST", `${RBAC}/access-requests/${id}/reject`, {})).json().code).toBe("ACCESS_REQUEST_DECIDED");

    const second = (await req(viewer, "POST", `${RBAC}/access-requests`, { resource: "reports", action: "create" })).json();
    expect((await req(admin, "POST", `${RBAC}/access-requests/${second.id}/reject`, {})).json().status).toBe("rejected");
    expect((await check(viewer, "reports", "create")).allowed).toBe(false);

    const mine = (await req(viewer, "GET", `${RBAC}/access-requests`)).json();
    expect(mine.map((r: { status: string }) => r.status).sort()).toEqual(["approved", "rejected"]);
    expect((await req(admin, "GET", `${RBAC}/access-requests?status=pending`)).json()).toEqual([]);
  });
});
