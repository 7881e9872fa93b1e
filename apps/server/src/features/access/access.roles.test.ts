import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { waitFor } from "../../../test/wait.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { userChannel, workspaceChannel } from "../../platform/realtime.ts";
import { workspaceMembers } from "../organizations/organizations.table.ts";
import { changeMemberRole } from "./access.service.ts";
import { accessAudit } from "./access.table.ts";
import { accessWorkspace, RBAC } from "./access.test-helpers.ts";

describe("Role rules, decision tests and permissions.updated", () => {
  let t: TestApp;
  let admin: TestUser;
  let viewer: TestUser;
  beforeAll(async () => ({ t, admin, viewer } = await accessWorkspace(["viewer"])));
  afterAll(() => t.close());

  const post = (u: TestUser, url: string, payload: object) => t.app.inject({ method: "POST", url, headers: u.headers, payload });
  const roleOf = async (userId: string) =>
    (
      await t.database.db
        .select({ role: workspaceMembers.role })
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, admin.workspaceId), eq(workspaceMembers.userId, userId)))
    )[0]?.role;
  const listen = async (channel: string) => {
    const events: { type: string; payload: unknown }[] = [];
    const off = await t.app.ctx.bus.subscribe(channel, (m) => void events.push(m as { type: string; payload: unknown }));
    return { events, off };
  };

  it("answers an unknown role with the role list, from the API and from changeMemberRole", async () => {
    const res = await post(admin, `${RBAC}/roles/assign`, { user_id: viewer.id, role: "wizard" });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      { field: "role", message: "Unknown role: use one of admin, manager, developer, sales_rep, marketing, analyst, support, viewer" },
    ]);
    const auth = { userId: admin.id, workspaceId: admin.workspaceId, organizationId: admin.organizationId, role: "admin" } as AuthContext;
    await expect(changeMemberRole(t.app.ctx, auth, viewer.id, "wizard")).rejects.toMatchObject({ code: "ROLE_UNKNOWN", status: 422 });
    expect(await roleOf(viewer.id)).toBe("viewer");
  });

  it("never demotes or removes the last active administrator; a suspended one does not count", async () => {
    const suspended = await addMember(t.database.db, admin, "admin");
    await t.database.db.update(workspaceMembers).set({ status: "suspended" }).where(eq(workspaceMembers.userId, suspended.id));
    for (const [url, body] of [
      [`${RBAC}/roles/assign`, { user_id: admin.id, role: "manager" }],
      [`${RBAC}/roles/remove`, { user_id: admin.id, role: "admin" }],
    ] as const) {
      const res = await post(admin, url, body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: "LAST_ADMIN" });
    }
    expect(await roleOf(admin.id)).toBe("admin");
    const rows = await t.database.db
      .select()
      .from(accessAudit)
      .where(and(eq(accessAudit.userId, admin.id), eq(accessAudit.event, "role_assigned")));
    expect(rows).toEqual([]);
    // Demoting the suspended administrator is fine: the active one remains.
    expect((await post(admin, `${RBAC}/roles/assign`, { user_id: suspended.id, role: "viewer" })).statusCode).toBe(200);
  });

  it("tells the member whose role changed, and the workspace when a policy changes", async () => {
    const member = await addMember(t.database.db, admin, "viewer");
    const mine = await listen(userChannel(member.id));
    expect((await post(admin, `${RBAC}/roles/assign`, { user_id: member.id, role: "sales_rep" })).statusCode).toBe(200);
    // Through Redis the event arrives after the answer: wait for it, then check it came once.
    await waitFor(() => mine.events.length > 0, { what: "permissions.updated for the member" });
    expect(mine.events).toEqual([{ type: "permissions.updated", payload: { workspace_id: admin.workspaceId, user_id: member.id } }]);

    const room = await listen(workspaceChannel(admin.workspaceId));
    const policy = await post(admin, `${RBAC}/policies`, { name: "No exports at night", effect: "deny", permissions: ["leads:read"] });
    expect(policy.statusCode).toBe(201);
    await waitFor(() => room.events.length > 0, { what: "permissions.updated for the workspace" });
    expect(room.events).toContainEqual({ type: "permissions.updated", payload: { workspace_id: admin.workspaceId } });
    await t.app.inject({ method: "DELETE", url: `${RBAC}/policies/${policy.json().id}`, headers: admin.headers });

    // An approved access request reaches the requester.
    const req = (await post(member, `${RBAC}/access-requests`, { resource: "analytics", action: "read" })).json();
    mine.events.length = 0;
    expect((await post(admin, `${RBAC}/access-requests/${req.id}/approve`, {})).statusCode).toBe(200);
    await waitFor(() => mine.events.length > 0, { what: "permissions.updated for the requester" });
    expect(mine.events.map((e) => e.type)).toEqual(["permissions.updated"]);
    await mine.off();
    await room.off();
  });

  it("tests a decision for another member under simulated conditions and names the deciding step", async () => {
    const policy = await post(admin, `${RBAC}/policies`, {
      name: "Office network only",
      priority: 10,
      effect: "deny",
      permissions: ["leads:*"],
      applies_to: { users: [viewer.id] },
      conditions: [{ type: "ip", operator: "not_in_cidr", field: "ip", value: ["10.0.0.0/8"] }],
    });
    expect(policy.statusCode).toBe(201);
    const check = async (body: object) => (await post(admin, `${RBAC}/check/detailed`, body)).json();

    expect(await check({ resource: "leads", action: "read", user_id: viewer.id, context: { ip: "203.0.113.9" } })).toMatchObject({
      allowed: false,
      reason: 'Denied by policy "Office network only"',
      step: "policy",
      user_id: viewer.id,
      matched: { kind: "policy", id: policy.json().id, name: "Office network only" },
    });
    expect(await check({ resource: "leads", action: "read", user_id: viewer.id, context: { ip: "10.1.2.3" } })).toMatchObject({
      allowed: true,
      step: "role",
      matched: { kind: "role", id: "viewer", name: "Viewer", permission: "leads:read" },
    });
    expect(await check({ resource: "billing", action: "read", user_id: viewer.id })).toMatchObject({
      allowed: false,
      reason: "No matching permissions found",
      step: "no_match",
    });
    const other = await post(viewer, `${RBAC}/check/detailed`, { resource: "leads", action: "read", user_id: admin.id });
    expect(other.statusCode).toBe(403);
    expect(other.json().requiredPermission).toBe("team:read");
    const outsider = await createUser(t.database.db);
    expect((await post(admin, `${RBAC}/check/detailed`, { resource: "leads", action: "read", user_id: outsider.id })).statusCode).toBe(404);
    await t.app.inject({ method: "DELETE", url: `${RBAC}/policies/${policy.json().id}`, headers: admin.headers });
  });
});
