/**
 * The role × permission matrix (issue 14, "Tests"): every role against every `resource:action`
 * the product's routes declare, read from the built app's route table (nothing hand-kept), with
 * the expected answer computed from ROLE_PERMISSIONS and asserted through a real HTTP call on one
 * representative route per permission. The access check runs in onRequest, before the body or
 * params are validated, so a 403 naming the permission is the denial and anything else (200,
 * 404, 422…) means the check let the request through.
 */
import { ROLE_PERMISSIONS, ROLES, type RoleId } from "@prospector/contracts";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { accessTable, type RouteAccess } from "../../platform/route-access.ts";

const t = await createTestApp();
afterAll(() => t.close());

const owner = await createUser(t.database.db);
const users = Object.fromEntries(
  await Promise.all(
    (Object.keys(ROLES) as RoleId[]).map(
      async (role) => [role, role === "admin" ? owner : await addMember(t.database.db, owner, role)] as const,
    ),
  ),
) as Record<RoleId, TestUser>;

/** Independent of the engine: an exact or `*` match on each side of the role's seeded permissions. */
function roleAllows(role: RoleId, permission: string): boolean {
  const [resource, action] = permission.split(":");
  return ROLE_PERMISSIONS[role].some((p) => {
    const [r, a] = p.split(":");
    return (r === "*" || r === resource) && (a === "*" || a === action);
  });
}

/**
 * The route to ask about a permission: a read if there is one, else one that names a record (a
 * made-up id answers 404 when allowed), so a passing request changes nothing.
 */
function representative(routes: RouteAccess[]): RouteAccess {
  const rank = (r: RouteAccess) =>
    (r.method === "GET" ? 0 : 2) + (r.url.includes(":") ? 1 : 0) - (r.method !== "GET" && r.url.includes(":") ? 2 : 0);
  return [...routes].sort((a, b) => rank(a) - rank(b) || a.url.localeCompare(b.url))[0] as RouteAccess;
}

const NIL = "00000000-0000-4000-8000-000000000000";
const byPermission = new Map<string, RouteAccess[]>();
for (const r of accessTable(t.app)) {
  if (r.access === "public" || r.access === "authenticated") continue;
  byPermission.set(r.access, [...(byPermission.get(r.access) ?? []), r]);
}
const permissions = [...byPermission.keys()].sort();
const cases = (Object.keys(ROLES) as RoleId[]).flatMap((role) =>
  permissions.map((permission) => {
    const route = representative(byPermission.get(permission) ?? []);
    return { role, permission, method: route.method, url: route.url, allowed: roleAllows(role, permission) };
  }),
);

describe("role × permission matrix", () => {
  it("covers every role and the product's permissions", () => {
    expect(Object.keys(users)).toHaveLength(8);
    // The product's routes use these at least; a route table that lost them would shrink the matrix silently.
    for (const p of [
      "campaigns:read",
      "campaigns:create",
      "leads:read",
      "leads:update",
      "team:read",
      "team:update",
      "settings:update",
      "audit:read",
    ]) {
      expect(permissions).toContain(p);
    }
  });

  it.each(cases)("$role → $permission ($method $url): allowed=$allowed", async ({ role, permission, method, url, allowed }) => {
    const res = await t.app.inject({
      method: method as "GET",
      url: url.replace(/:[A-Za-z_]+/g, NIL).replace(/\*/g, "x"),
      headers: { ...users[role].headers, "content-type": "application/json" },
      ...(method === "GET" || method === "DELETE" ? {} : { payload: "[]" }),
    });
    const denied = res.statusCode === 403 && res.json().code === "FORBIDDEN" && res.json().requiredPermission === permission;
    expect(denied ? "denied" : `allowed (${res.statusCode})`, res.body.slice(0, 200)).toBe(
      allowed ? `allowed (${res.statusCode})` : "denied",
    );
  });
});
