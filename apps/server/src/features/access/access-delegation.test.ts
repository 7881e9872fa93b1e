/**
 * Delegated administrators (a manager given settings:update and team:update) must not grant
 * beyond their own permissions and rank: not through a policy (whose permissions default to
 * `*:*`), and not by approving someone's access request.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { userPermissions } from "./access.table.ts";
import { RBAC } from "./access.test-helpers.ts";

describe("delegated administration stays within the delegate's own rank and permissions", () => {
  let t: TestApp;
  let admin: TestUser;
  let manager: TestUser;
  let viewer: TestUser;
  beforeAll(async () => {
    t = await createTestApp({}, { work: false });
    admin = await createUser(t.app.ctx.db);
    manager = await addMember(t.app.ctx.db, admin, "manager");
    viewer = await addMember(t.app.ctx.db, admin, "viewer");
    await t.app.ctx.db.insert(userPermissions).values(
      ["settings:update", "team:update"].map((p) => {
        const [resource, action] = p.split(":") as [string, string];
        return { workspaceId: admin.workspaceId, userId: manager.id, resource, action };
      }),
    );
    await t.app.ctx.access.invalidate({ userId: manager.id });
  });
  afterAll(() => t.close());

  const call = (u: TestUser, method: "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: u.headers, ...(payload ? { payload } : {}) });
  const can = async (u: TestUser, resource: string, action: string) =>
    (await t.app.inject({ method: "POST", url: `${RBAC}/check/detailed`, headers: u.headers, payload: { resource, action } })).json()
      .allowed as boolean;

  it("refuses an allow policy beyond the delegate's permissions, the default *:* included", async () => {
    const self = await call(manager, "POST", `${RBAC}/policies`, { name: "me", effect: "allow", applies_to: { users: [manager.id] } });
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject({ code: "PERMISSION_ESCALATION", errors: [{ field: "permissions.0" }] });
    expect(self.json().detail).toContain('"*:*"');
    const billing = await call(manager, "POST", `${RBAC}/policies`, {
      name: "viewer billing",
      effect: "allow",
      permissions: ["leads:read", "billing:update"],
      applies_to: { users: [viewer.id] },
    });
    expect(billing.json()).toMatchObject({ code: "PERMISSION_ESCALATION", errors: [{ field: "permissions.1" }] });
    expect(await can(manager, "billing", "update")).toBe(false);
    expect(await can(viewer, "billing", "update")).toBe(false);

    // Within what the manager holds, for someone of lower rank: fine.
    const ok = await call(manager, "POST", `${RBAC}/policies`, {
      name: "viewer may update leads",
      effect: "allow",
      permissions: ["leads:update"],
      applies_to: { users: [viewer.id] },
    });
    expect(ok.statusCode).toBe(201);
    expect(await can(viewer, "leads", "update")).toBe(true);
    // The same policy cannot be widened afterwards.
    const widened = await call(manager, "PUT", `${RBAC}/policies/${ok.json().id}`, { ...ok.json(), permissions: ["*:*"] });
    expect(widened.json().code).toBe("PERMISSION_ESCALATION");
    // An administrator (who holds *:*) may.
    const all = await call(admin, "POST", `${RBAC}/policies`, { name: "all", effect: "allow", applies_to: { users: [viewer.id] } });
    expect(all.statusCode).toBe(201);
    expect((await call(admin, "DELETE", `${RBAC}/policies/${all.json().id}`)).statusCode).toBe(204);
  });

  it("refuses policies that bind someone above the delegate, and deny rules that bind the delegate", async () => {
    for (const applies_to of [{}, { roles: ["admin"] }, { users: [admin.id] }]) {
      const res = await call(manager, "POST", `${RBAC}/policies`, { name: "lock out", effect: "deny", permissions: ["*:*"], applies_to });
      expect(res.statusCode, JSON.stringify(applies_to)).toBe(403);
      expect(res.json().code).toBe("ROLE_ABOVE_OWN");
    }
    expect(await can(admin, "settings", "update")).toBe(true);

    const restriction = await call(admin, "POST", `${RBAC}/policies`, {
      name: "managers export nothing",
      effect: "deny",
      permissions: ["exports:*"],
      applies_to: { roles: ["manager"] },
    });
    expect(restriction.statusCode).toBe(201);
    const id = restriction.json().id;
    expect((await call(manager, "DELETE", `${RBAC}/policies/${id}`)).json().code).toBe("ROLE_ABOVE_OWN");
    expect((await call(manager, "PUT", `${RBAC}/policies/${id}`, { ...restriction.json(), is_active: false })).json().code).toBe(
      "ROLE_ABOVE_OWN",
    );
    expect((await call(admin, "DELETE", `${RBAC}/policies/${id}`)).statusCode).toBe(204);
  });

  it("lets only someone who holds a permission approve a request for it", async () => {
    const asked = await call(viewer, "POST", `${RBAC}/access-requests`, { resource: "*", action: "*", reason: "please" });
    expect(asked.statusCode).toBe(201);
    const id = asked.json().id;
    const approved = await call(manager, "POST", `${RBAC}/access-requests/${id}/approve`, {});
    expect(approved.statusCode).toBe(403);
    expect(approved.json()).toMatchObject({ code: "PERMISSION_ESCALATION", detail: expect.stringContaining('"*:*"') });
    expect(await can(viewer, "billing", "update")).toBe(false);

    const campaigns = (await call(viewer, "POST", `${RBAC}/access-requests`, { resource: "campaigns", action: "create" })).json().id;
    expect((await call(manager, "POST", `${RBAC}/access-requests/${campaigns}/approve`, {})).statusCode).toBe(200);
    // Rejecting grants nothing, so anyone who decides requests may.
    expect((await call(manager, "POST", `${RBAC}/access-requests/${id}/reject`, {})).statusCode).toBe(200);
  });
});
