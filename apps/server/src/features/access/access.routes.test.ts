import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, setActive, type TestUser } from "../../../test/factories.ts";
import { expectTenantIsolation } from "../../../test/tenant-isolation.ts";
import { workspaceMembers } from "../organizations/organizations.table.ts";
import { teamMembers, teamPermissions, teams, userPermissions } from "./access.table.ts";
import { accessWorkspace, RBAC } from "./access.test-helpers.ts";

describe("RBAC API", () => {
  let t: TestApp;
  let admin: TestUser;
  let viewer: TestUser;
  beforeAll(async () => ({ t, admin, viewer } = await accessWorkspace(["viewer"])));
  afterAll(() => t.close());

  const get = (u: TestUser, url: string) => t.app.inject({ method: "GET", url, headers: u.headers });
  const post = (u: TestUser, url: string, payload: object) => t.app.inject({ method: "POST", url, headers: u.headers, payload });
  const check = async (u: TestUser, resource: string, action: string) =>
    (await post(u, `${RBAC}/check/detailed`, { resource, action })).json() as {
      allowed: boolean;
      reason: string;
      matched: { kind: string } | null;
    };

  it("lists the role catalogue by priority with the organization's permissions", async () => {
    const res = await get(viewer, `${RBAC}/roles`);
    expect(res.statusCode).toBe(200);
    const roles = res.json() as {
      id: string;
      label: string;
      priority: number;
      is_system: boolean;
      permissions: { resource: string; action: string }[];
    }[];
    expect(roles.map((r) => r.id)).toEqual(["admin", "manager", "developer", "sales_rep", "marketing", "analyst", "support", "viewer"]);
    expect(roles[0]).toMatchObject({
      label: "Administrator",
      priority: 100,
      is_system: true,
      permissions: [{ resource: "*", action: "*", effect: "allow" }],
    });
    const perms = await get(viewer, `${RBAC}/roles/viewer/permissions`);
    expect(perms.json().permissions.map((p: { resource: string; action: string }) => `${p.resource}:${p.action}`)).toEqual([
      "analytics:read",
      "campaigns:read",
      "crm:read",
      "leads:read",
    ]);
    expect((await get(viewer, `${RBAC}/roles/wizard/permissions`)).statusCode).toBe(404);
  });

  it("lets a viewer read but not create, and a 403 names the permission it needed", async () => {
    expect(await check(viewer, "campaigns", "read")).toMatchObject({
      allowed: true,
      matched: { kind: "role", permission: "campaigns:read" },
    });
    expect(await check(viewer, "campaigns", "create")).toEqual({
      allowed: false,
      reason: "No matching permissions found",
      matched: null,
      step: "no_match",
      user_id: viewer.id,
    });
    const assign = await post(viewer, `${RBAC}/roles/assign`, { user_id: viewer.id, role: "admin" });
    expect(assign.statusCode).toBe(403);
    expect(assign.json()).toMatchObject({ code: "FORBIDDEN", requiredPermission: "team:update" });
    const policies = await get(viewer, `${RBAC}/policies`);
    expect(policies.statusCode).toBe(403);
    expect(policies.json().requiredPermission).toBe("settings:read");
    // Their own roles, yes; someone else's needs team:read.
    expect((await get(viewer, `${RBAC}/users/${viewer.id}/roles`)).json().roles).toEqual(["viewer"]);
    expect((await get(viewer, `${RBAC}/users/${admin.id}/roles`)).json()).toMatchObject({ requiredPermission: "team:read" });
  });

  it("lets an admin do everything through *:*", async () => {
    expect(await check(admin, "anything", "whatsoever")).toMatchObject({ allowed: true, matched: { permission: "*:*" } });
    expect((await get(admin, `${RBAC}/policies`)).statusCode).toBe(200);
    expect((await get(admin, `${RBAC}/audit/logs`)).statusCode).toBe(200);
    const perms = await get(admin, `${RBAC}/users/${viewer.id}/permissions`);
    expect(perms.json()).toMatchObject({ user_id: viewer.id, roles: ["viewer"] });
    // The spec's viewer (campaigns, leads, analytics read) and the CRM's read.
    expect(perms.json().grants).toHaveLength(4);
  });

  it("applies a role change on the very next request, and audits it", async () => {
    const rep = await addMember(t.database.db, admin, "viewer");
    expect((await check(rep, "campaigns", "update")).allowed).toBe(false);
    const before = await get(rep, `${RBAC}/config`);
    expect(before.headers["x-ratelimit-limit"]).toBe("100");

    const res = await post(admin, `${RBAC}/roles/assign`, { user_id: rep.id, role: "sales_rep" });
    expect(res.statusCode).toBe(200);
    expect(res.json().roles).toEqual(["sales_rep"]);
    expect((await check(rep, "campaigns", "update")).allowed).toBe(true);
    // The identity cache was dropped too: the rate limit now follows the new role.
    expect((await get(rep, `${RBAC}/config`)).headers["x-ratelimit-limit"]).toBe("200");

    const removed = await post(admin, `${RBAC}/roles/remove`, { user_id: rep.id, role: "sales_rep" });
    expect(removed.json().roles).toEqual(["viewer"]);
    expect((await check(rep, "campaigns", "update")).allowed).toBe(false);
    expect((await post(admin, `${RBAC}/roles/remove`, { user_id: rep.id, role: "manager" })).json().code).toBe("ROLE_NOT_HELD");

    const log = await get(admin, `${RBAC}/audit/logs?user_id=${rep.id}`);
    const events = log.json().items.map((e: { event: string; detail: { role: string } }) => [e.event, e.detail.role]);
    expect(events).toEqual([
      ["role_removed", "viewer"],
      ["role_assigned", "sales_rep"],
    ]);
  });

  it("never leaves a workspace without an administrator", async () => {
    const self = await post(admin, `${RBAC}/roles/remove`, { user_id: admin.id, role: "admin" });
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({ code: "LAST_ADMIN" });
    expect((await post(admin, `${RBAC}/roles/assign`, { user_id: admin.id, role: "viewer" })).statusCode).toBe(409);
    const second = await addMember(t.database.db, admin, "admin");
    expect((await post(admin, `${RBAC}/roles/assign`, { user_id: second.id, role: "manager" })).statusCode).toBe(200);
  });

  it("does not let a non-admin hand out a role above their own", async () => {
    const manager = await addMember(t.database.db, admin, "manager");
    await t.database.db
      .insert(userPermissions)
      .values({ workspaceId: admin.workspaceId, userId: manager.id, resource: "team", action: "update" });
    await t.app.ctx.access.invalidate({ userId: manager.id });
    const up = await post(manager, `${RBAC}/roles/assign`, { user_id: viewer.id, role: "admin" });
    expect(up.statusCode).toBe(403);
    expect(up.json().code).toBe("ROLE_ABOVE_OWN");
    // Below their rank, but the analyst's reports:create and exports:create are not the manager's to give.
    const wider = await post(manager, `${RBAC}/roles/assign`, { user_id: viewer.id, role: "analyst" });
    expect(wider.statusCode).toBe(403);
    expect(wider.json()).toMatchObject({ code: "PERMISSION_ESCALATION", errors: [{ field: "role" }, { field: "role" }] });
    expect(wider.json().detail).toBe('You cannot grant a permission you do not hold: "exports:create", "reports:create"');
    expect((await post(manager, `${RBAC}/roles/assign`, { user_id: viewer.id, role: "sales_rep" })).statusCode).toBe(200);
    await post(admin, `${RBAC}/roles/assign`, { user_id: viewer.id, role: "viewer" });
  });

  it("treats a member without a known role as a viewer", async () => {
    const odd = await addMember(t.database.db, admin, "analyst");
    await t.database.db.update(workspaceMembers).set({ role: "" }).where(eq(workspaceMembers.userId, odd.id));
    await t.app.ctx.access.invalidate({ userId: odd.id });
    await t.app.ctx.authenticator.invalidate(odd.id);
    expect(await check(odd, "campaigns", "read")).toMatchObject({ allowed: true, matched: { kind: "role", id: "viewer" } });
    expect((await check(odd, "reports", "create")).allowed).toBe(false);
    expect((await get(odd, `${RBAC}/users/${odd.id}/roles`)).json().roles).toEqual(["viewer"]);
  });

  it("refuses a suspended member of the workspace with 'User not found or inactive'", async () => {
    const held = await addMember(t.database.db, admin, "manager");
    await t.database.db.update(workspaceMembers).set({ status: "suspended" }).where(eq(workspaceMembers.userId, held.id));
    await t.app.ctx.access.invalidate({ userId: held.id });
    for (const url of [`${RBAC}/config`, `${RBAC}/teams/${admin.workspaceId}/permissions`]) {
      const res = await get(held, url);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: "User not found or inactive", code: "USER_INACTIVE" });
    }
  });

  it("refuses a deactivated user with 401", async () => {
    const gone = await addMember(t.database.db, admin, "viewer");
    expect((await get(gone, `${RBAC}/config`)).statusCode).toBe(200);
    await setActive(t.database.db, gone.id, false);
    await t.app.ctx.authenticator.invalidate(gone.id);
    const res = await get(gone, `${RBAC}/config`);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe("UNAUTHENTICATED");
  });

  it("answers team questions, with grants, membership and the hierarchy", async () => {
    const db = t.database.db;
    const [root] = await db.insert(teams).values({ workspaceId: admin.workspaceId, name: "Sales" }).returning();
    const [emea] = await db.insert(teams).values({ workspaceId: admin.workspaceId, name: "EMEA", parentId: root!.id }).returning();
    const [dach] = await db.insert(teams).values({ workspaceId: admin.workspaceId, name: "DACH", parentId: emea!.id }).returning();
    await db.insert(teamMembers).values({ teamId: emea!.id, userId: viewer.id });
    await db.insert(teamPermissions).values({ teamId: emea!.id, resource: "reports", action: "create" });
    await t.app.ctx.access.invalidate({ workspaceId: admin.workspaceId });

    expect((await get(admin, `${RBAC}/teams/${emea!.id}/permissions`)).json().grants).toEqual([
      { resource: "reports", action: "create", effect: "allow", resource_id: null },
    ]);
    expect((await get(admin, `${RBAC}/teams/${emea!.id}/members/${viewer.id}/exists`)).json().exists).toBe(true);
    expect((await get(admin, `${RBAC}/teams/${root!.id}/members/${viewer.id}/exists`)).json().exists).toBe(false);
    const h = (await get(admin, `${RBAC}/teams/${emea!.id}/hierarchy`)).json();
    expect(h.ancestors.map((x: { name: string }) => x.name)).toEqual(["Sales"]);
    expect(h.descendants.map((x: { name: string }) => x.name)).toEqual(["DACH"]);
    // Team grants reach members.
    expect(await check(viewer, "reports", "create")).toMatchObject({ allowed: true, matched: { kind: "team", id: emea!.id } });

    const outsider = await createUser(db);
    await expectTenantIsolation(t.app, outsider, [
      { method: "GET", url: `${RBAC}/users/${viewer.id}/roles` },
      { method: "GET", url: `${RBAC}/users/${viewer.id}/permissions` },
      { method: "GET", url: `${RBAC}/teams/${emea!.id}/permissions` },
      { method: "GET", url: `${RBAC}/teams/${emea!.id}/hierarchy` },
      { method: "GET", url: `${RBAC}/teams/${emea!.id}/members/${viewer.id}/exists` },
      { method: "GET", url: `${RBAC}/teams/${dach!.id}/permissions` },
      { method: "POST", url: `${RBAC}/roles/assign`, payload: { user_id: viewer.id, role: "admin" } },
      { method: "GET", url: `${RBAC}/users/not-a-uuid/roles` },
    ]);
  });

  it("audits denials in batches, and takes client-side access logs only with audit:create, marked as the client's", async () => {
    await post(viewer, `${RBAC}/roles/assign`, { user_id: viewer.id, role: "admin" });
    const claim = { resource: "campaigns", action: "delete", result: "denied", reason: "button hidden" };
    // Any member could otherwise fill the audit with rows that read like the server's decisions.
    const refused = await post(viewer, `${RBAC}/audit/log`, claim);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "FORBIDDEN", requiredPermission: "audit:create" });
    const logged = await post(admin, `${RBAC}/audit/log`, { ...claim, event: "role_assigned", source: "server" });
    expect(logged.statusCode).toBe(202);
    await t.app.ctx.access.audit.flush();
    type Row = { event: string; resource: string; action: string; result: string; source: string; user_id: string };
    const items = (await get(admin, `${RBAC}/audit/logs?per_page=50`)).json().items as Row[];
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ user_id: viewer.id, event: "access_denied", resource: "team", action: "update", source: "server" }),
        expect.objectContaining({ user_id: admin.id, event: "access_check", resource: "campaigns", action: "delete", source: "client" }),
      ]),
    );
    // A client names neither the event nor the source.
    expect(items.filter((r) => r.source === "client").map((r) => r.event)).toEqual(["access_check"]);
    expect(items.some((r) => r.user_id === viewer.id && r.resource === "campaigns")).toBe(false);
    const clientOnly = (await get(admin, `${RBAC}/audit/logs?source=client`)).json();
    expect(clientOnly.total).toBe(1);
    const page = (await get(admin, `${RBAC}/audit/logs?per_page=1&page=2`)).json();
    expect(page).toMatchObject({ page: 2, per_page: 1 });
    expect(page.items).toHaveLength(1);
    expect(page.total).toBeGreaterThan(2);
  });

  it("reports configuration and health", async () => {
    const config = (await get(viewer, `${RBAC}/config`)).json();
    expect(config).toMatchObject({
      default_role: "viewer",
      cache_ttl_seconds: 300,
      cache_max_entries: 10000,
      rate_limit_window_seconds: 60,
      audit_retention_days: 90,
    });
    expect(config.rate_limits.admin).toBe(1000);
    const health = (await get(viewer, `${RBAC}/health`)).json();
    expect(health).toMatchObject({ status: "ok", rate_limit_store: process.env.REDIS_URL ? "redis" : "memory" });
  });
});
