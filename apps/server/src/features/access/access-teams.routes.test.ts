import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/create-test-app.ts";
import { addMember, type TestUser } from "../../../test/factories.ts";
import { expectTenantIsolation } from "../../../test/tenant-isolation.ts";
import { userChannel } from "../../platform/realtime.ts";
import { userPermissions } from "./access.table.ts";
import { accessWorkspace, RBAC } from "./access.test-helpers.ts";

describe("Teams API", () => {
  let t: TestApp;
  let admin: TestUser;
  let viewer: TestUser;
  let outsider: TestUser;
  beforeAll(async () => ({ t, admin, viewer, outsider } = await accessWorkspace(["viewer", "outsider"])));
  afterAll(() => t.close());

  const call = (u: TestUser, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: u.headers, ...(payload ? { payload } : {}) });
  const create = async (u: TestUser, body: object) => call(u, "POST", `${RBAC}/teams`, body);
  const newTeam = async (name: string, parent_id?: string) => {
    const res = await create(admin, { name, parent_id });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; name: string; parent_id: string | null };
  };
  const check = async (u: TestUser, resource: string, action: string) =>
    (await call(u, "POST", `${RBAC}/check/detailed`, { resource, action })).json();

  it("creates, lists (paged, searchable), reads and renames teams; names are unique per workspace", async () => {
    const sales = await newTeam("Sales");
    expect(sales).toMatchObject({ name: "Sales", parent_id: null });
    const emea = await newTeam("Sales EMEA", sales.id);
    expect(emea.parent_id).toBe(sales.id);

    const dup = await create(admin, { name: "  sales " });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: "TEAM_NAME_TAKEN", errors: [{ field: "name" }] });
    expect((await create(admin, { name: "" })).statusCode).toBe(422);

    const page = (await call(admin, "GET", `${RBAC}/teams?per_page=1&q=sales`)).json();
    expect(page).toMatchObject({ total: 2, page: 1, per_page: 1, items: [{ name: "Sales", member_count: 0, grants: [] }] });
    expect((await call(admin, "GET", `${RBAC}/teams?q=nothing`)).json()).toMatchObject({ total: 0, items: [] });

    const renamed = await call(admin, "PUT", `${RBAC}/teams/${emea.id}`, { name: "EMEA", description: "Europe" });
    expect(renamed.json()).toMatchObject({ name: "EMEA", description: "Europe", parent_id: sales.id });
    const one = (await call(admin, "GET", `${RBAC}/teams/${emea.id}`)).json();
    expect(one).toMatchObject({ name: "EMEA", members: [], member_count: 0 });
    const hierarchy = (await call(admin, "GET", `${RBAC}/teams/${emea.id}/hierarchy`)).json();
    expect(hierarchy.ancestors.map((a: { name: string }) => a.name)).toEqual(["Sales"]);
  });

  it("refuses cycles, a missing parent and a parent of another workspace", async () => {
    const a = await newTeam("A");
    const b = await newTeam("B", a.id);
    const c = await newTeam("C", b.id);
    const cycle = await call(admin, "PUT", `${RBAC}/teams/${a.id}`, { parent_id: c.id });
    expect(cycle.statusCode).toBe(422);
    expect(cycle.json()).toMatchObject({ code: "TEAM_CYCLE", errors: [{ field: "parent_id" }] });
    expect((await call(admin, "PUT", `${RBAC}/teams/${a.id}`, { parent_id: a.id })).json().code).toBe("TEAM_CYCLE");

    const theirs = (await create(outsider, { name: "Theirs" })).json();
    const foreign = await create(admin, { name: "D", parent_id: theirs.id });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().code).toBe("TEAM_PARENT_INVALID");
    expect((await call(admin, "PUT", `${RBAC}/teams/${c.id}`, { parent_id: theirs.id })).json().code).toBe("TEAM_PARENT_INVALID");
    // Nothing was written by the refused calls.
    expect((await call(admin, "GET", `${RBAC}/teams/${a.id}`)).json().parent_id).toBeNull();
    expect((await call(admin, "GET", `${RBAC}/teams?q=D`)).json().items.map((x: { name: string }) => x.name)).not.toContain("D");

    // Deleting B moves C up to A.
    expect((await call(admin, "DELETE", `${RBAC}/teams/${b.id}`)).statusCode).toBe(204);
    expect((await call(admin, "GET", `${RBAC}/teams/${c.id}`)).json().parent_id).toBe(a.id);
    expect((await call(admin, "GET", `${RBAC}/teams/${b.id}`)).statusCode).toBe(404);
  });

  it("adds and removes workspace members only", async () => {
    const team = await newTeam("Support crew");
    const stranger = await call(admin, "POST", `${RBAC}/teams/${team.id}/members`, { user_id: outsider.id });
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json()).toMatchObject({ code: "TEAM_MEMBER_NOT_IN_WORKSPACE", errors: [{ field: "user_id" }] });
    const added = await call(admin, "POST", `${RBAC}/teams/${team.id}/members`, { user_id: viewer.id });
    expect(added.json()).toMatchObject({ member_count: 1, members: [{ id: viewer.id, email: viewer.email }] });
    // Adding twice is harmless.
    expect((await call(admin, "POST", `${RBAC}/teams/${team.id}/members`, { user_id: viewer.id })).json().member_count).toBe(1);
    expect((await call(admin, "GET", `${RBAC}/teams/${team.id}/members/${viewer.id}/exists`)).json().exists).toBe(true);
    // The list counts each team's members too (its own subquery, not the single-team read).
    const listed = (await call(admin, "GET", `${RBAC}/teams?q=Support`)).json();
    expect(listed.items).toMatchObject([{ id: team.id, member_count: 1 }]);
    expect((await call(admin, "DELETE", `${RBAC}/teams/${team.id}/members/${viewer.id}`)).statusCode).toBe(204);
    const again = await call(admin, "DELETE", `${RBAC}/teams/${team.id}/members/${viewer.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe("TEAM_MEMBER_NOT_FOUND");
  });

  it("applies team grants in the decision order: an allow lets a viewer in, a deny blocks, a parent's grants reach sub-team members", async () => {
    const member = await addMember(t.database.db, admin, "viewer");
    const parent = await newTeam("Ops");
    const child = await newTeam("Ops night shift", parent.id);
    // Before: a viewer cannot read policies (settings:read).
    expect((await call(member, "GET", `${RBAC}/policies`)).statusCode).toBe(403);

    const events: unknown[] = [];
    const off = await t.app.ctx.bus.subscribe(userChannel(member.id), (m) => void events.push(m));
    await call(admin, "PUT", `${RBAC}/teams/${parent.id}/permissions`, {
      grants: [{ resource: "settings", action: "read", effect: "allow" }],
    });
    await call(admin, "POST", `${RBAC}/teams/${child.id}/members`, { user_id: member.id });
    expect(events).toContainEqual({
      type: "permissions.updated",
      payload: { workspace_id: admin.workspaceId, user_id: member.id },
    });

    // In the child team, the parent's allow applies.
    expect((await call(member, "GET", `${RBAC}/policies`)).statusCode).toBe(200);
    expect(await check(member, "settings", "read")).toMatchObject({
      allowed: true,
      step: "team",
      matched: { kind: "team", id: parent.id, name: "Ops", permission: "settings:read" },
    });

    // A team deny beats the role's allow.
    await call(admin, "PUT", `${RBAC}/teams/${child.id}/permissions`, { grants: [{ resource: "leads", action: "read", effect: "deny" }] });
    expect(await check(member, "leads", "read")).toMatchObject({ allowed: false, step: "team", matched: { kind: "team", id: child.id } });

    // Out of the hierarchy, the parent's grant no longer reaches them.
    events.length = 0;
    await call(admin, "PUT", `${RBAC}/teams/${child.id}`, { parent_id: null });
    expect(events).toHaveLength(1);
    expect((await call(member, "GET", `${RBAC}/policies`)).statusCode).toBe(403);
    await off();
  });

  it("refuses grants, members and nesting that would hand out what the caller does not hold", async () => {
    const manager = await addMember(t.database.db, admin, "manager");
    await t.database.db.insert(userPermissions).values([
      { workspaceId: admin.workspaceId, userId: manager.id, resource: "team", action: "update" },
      { workspaceId: admin.workspaceId, userId: manager.id, resource: "team", action: "create" },
    ]);
    await t.app.ctx.access.invalidate({ userId: manager.id });
    const team = (await create(manager, { name: "Manager's team" })).json();

    const grants = await call(manager, "PUT", `${RBAC}/teams/${team.id}/permissions`, {
      grants: [
        { resource: "campaigns", action: "read", effect: "allow" },
        { resource: "settings", action: "update", effect: "allow" },
      ],
    });
    expect(grants.statusCode).toBe(403);
    expect(grants.json()).toMatchObject({ code: "PERMISSION_ESCALATION", errors: [{ field: "grants.1" }] });
    expect((await call(admin, "GET", `${RBAC}/teams/${team.id}`)).json().grants).toEqual([]);

    // The admin gives the team something the manager lacks: the manager may not add people to it.
    await call(admin, "PUT", `${RBAC}/teams/${team.id}/permissions`, {
      grants: [{ resource: "billing", action: "read", effect: "allow" }],
    });
    const join = await call(manager, "POST", `${RBAC}/teams/${team.id}/members`, { user_id: viewer.id });
    expect(join.statusCode).toBe(403);
    expect(join.json()).toMatchObject({ code: "PERMISSION_ESCALATION", errors: [{ field: "user_id" }] });

    // Nor add an administrator (above their rank) to any team.
    const plain = (await create(manager, { name: "Plain" })).json();
    const up = await call(manager, "POST", `${RBAC}/teams/${plain.id}/members`, { user_id: admin.id });
    expect(up.statusCode).toBe(403);
    expect(up.json().code).toBe("ROLE_ABOVE_OWN");

    // Duplicate grants are a validation error.
    const twice = await call(admin, "PUT", `${RBAC}/teams/${plain.id}/permissions`, {
      grants: [
        { resource: "leads", action: "read", effect: "allow" },
        { resource: "leads", action: "read", effect: "allow" },
      ],
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toEqual([{ field: "grants.1", message: "Listed twice" }]);
  });

  it("needs team permissions, and another workspace's teams are 404", async () => {
    expect((await create(viewer, { name: "Nope" })).json()).toMatchObject({ code: "FORBIDDEN", requiredPermission: "team:create" });
    expect((await call(viewer, "GET", `${RBAC}/teams`)).json()).toMatchObject({ requiredPermission: "team:read" });
    const team = await newTeam("Private");
    await expectTenantIsolation(t.app, outsider, [
      { method: "GET", url: `${RBAC}/teams/${team.id}` },
      { method: "PUT", url: `${RBAC}/teams/${team.id}`, payload: { name: "Mine" } },
      { method: "DELETE", url: `${RBAC}/teams/${team.id}` },
      { method: "POST", url: `${RBAC}/teams/${team.id}/members`, payload: { user_id: outsider.id } },
      { method: "PUT", url: `${RBAC}/teams/${team.id}/permissions`, payload: { grants: [] } },
      { method: "GET", url: `${RBAC}/teams/not-a-uuid` },
    ]);
  });
});
