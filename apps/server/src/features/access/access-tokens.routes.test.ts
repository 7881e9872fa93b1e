import { MAX_ACCESS_TOKENS } from "@prospector/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { accessAudit, accessTokens } from "./access.table.ts";
import { accessWorkspace, RBAC } from "./access.test-helpers.ts";

describe("Access tokens API", () => {
  let t: TestApp;
  let admin: TestUser;
  let manager: TestUser;
  let viewer: TestUser;
  beforeAll(async () => ({ t, admin, manager, viewer } = await accessWorkspace(["manager", "viewer"])));
  afterAll(() => t.close());

  const call = (headers: Record<string, string>, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const mint = async (u: TestUser, body: object) => {
    const res = await call(u.headers, "POST", `${RBAC}/tokens`, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; token: string; prefix: string; scopes: string[]; expires_at: string };
  };

  it("mints a token within the caller's permissions, shown once, that works as a scoped bearer credential", async () => {
    const before = Date.now();
    const created = await mint(manager, { name: "Reporting script", scopes: ["campaigns:read", "team:read"], expires_in_days: 7 });
    expect(created.token).toMatch(/^pat_/);
    expect(created.token.startsWith(created.prefix)).toBe(true);
    expect(new Date(created.expires_at).getTime()).toBeGreaterThanOrEqual(before + 7 * 86_400_000 - 1000);

    // Within its scopes: yes. Outside them, though the manager could: no. Routes that take no keys: no.
    expect((await call(bearer(created.token), "GET", "/api/campaigns")).statusCode).toBe(200);
    const leads = await call(bearer(created.token), "GET", "/api/leads");
    expect(leads.statusCode).toBe(403);
    expect(leads.json()).toMatchObject({ code: "API_KEY_SCOPE_MISSING", requiredPermission: "leads:read" });
    expect((await call(bearer(created.token), "POST", `${RBAC}/tokens`, { name: "x", scopes: ["campaigns:read"] })).json().code).toBe(
      "API_KEY_NOT_ACCEPTED",
    );

    // The list is the caller's own, without the secret.
    const list = (await call(manager.headers, "GET", `${RBAC}/tokens`)).json();
    expect(list).toMatchObject({ total: 1, items: [{ id: created.id, name: "Reporting script", revoked_at: null }] });
    expect(list.items[0]).not.toHaveProperty("token");
    expect((await call(viewer.headers, "GET", `${RBAC}/tokens`)).json().total).toBe(0);
    await t.app.ctx.access.audit.flush();
    const [row] = await t.database.db.select().from(accessAudit).where(eq(accessAudit.resourceId, created.id));
    expect(row).toMatchObject({ event: "access_token_created", userId: manager.id });
  });

  it("refuses scopes beyond the caller's own and bad lifetimes", async () => {
    const wide = await call(viewer.headers, "POST", `${RBAC}/tokens`, {
      name: "Too much",
      scopes: ["campaigns:read", "campaigns:delete", "*:*"],
    });
    expect(wide.statusCode).toBe(403);
    expect(wide.json()).toMatchObject({
      code: "PERMISSION_ESCALATION",
      errors: [{ field: "scopes.1" }, { field: "scopes.2" }],
    });
    expect(wide.json().detail).toContain("You cannot grant a permission you do not hold");
    for (const days of [0, 366, 1.5]) {
      const res = await call(viewer.headers, "POST", `${RBAC}/tokens`, { name: "x", scopes: ["campaigns:read"], expires_in_days: days });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[0].field).toBe("expires_in_days");
    }
    expect((await call(viewer.headers, "POST", `${RBAC}/tokens`, { name: "x", scopes: ["campaigns"] })).statusCode).toBe(422);
    expect((await call(viewer.headers, "GET", `${RBAC}/tokens`)).json().total).toBe(0);
  });

  it("can never do more than its owner can now", async () => {
    const member = await addMember(t.database.db, admin, "manager");
    const { token } = await mint(member, { name: "Team reader", scopes: ["team:read"] });
    expect((await call(bearer(token), "GET", `${RBAC}/teams`)).statusCode).toBe(200);
    expect((await call(admin.headers, "POST", `${RBAC}/roles/assign`, { user_id: member.id, role: "viewer" })).statusCode).toBe(200);
    expect((await call(bearer(token), "GET", `${RBAC}/teams`)).json()).toMatchObject({ code: "FORBIDDEN" });
  });

  it("validates: valid with the documented fields only, or expired, revoked, unknown", async () => {
    const created = await mint(viewer, { name: "Check me", scopes: ["leads:read"] });
    const ok = (await call(admin.headers, "POST", `${RBAC}/tokens/validate`, { token: created.token })).json();
    expect(ok).toEqual({
      valid: true,
      user_id: viewer.id,
      workspace_id: viewer.workspaceId,
      scopes: ["leads:read"],
      expires_at: created.expires_at,
    });
    expect((await call(admin.headers, "POST", `${RBAC}/tokens/validate`, { token: "pat_nope" })).json()).toEqual({
      valid: false,
      reason: "unknown",
    });
    expect((await call(admin.headers, "POST", `${RBAC}/tokens/validate`, { token: viewer.token })).json().reason).toBe("unknown");

    const old = await mint(viewer, { name: "Old", scopes: ["leads:read"] });
    await t.database.db
      .update(accessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accessTokens.id, old.id));
    expect((await call(admin.headers, "POST", `${RBAC}/tokens/validate`, { token: old.token })).json()).toEqual({
      valid: false,
      reason: "expired",
    });
    expect((await call(bearer(old.token), "GET", "/api/leads")).statusCode).toBe(401);

    expect((await call(viewer.headers, "DELETE", `${RBAC}/tokens/${created.id}`)).statusCode).toBe(204);
    expect((await call(admin.headers, "POST", `${RBAC}/tokens/validate`, { token: created.token })).json()).toEqual({
      valid: false,
      reason: "revoked",
    });
  });

  it("revokes at once: your own, or anyone's in the workspace with team:update; others are 404", async () => {
    const mine = await mint(viewer, { name: "Mine", scopes: ["leads:read"] });
    expect((await call(bearer(mine.token), "GET", "/api/leads")).statusCode).toBe(200);
    const theirs = await mint(manager, { name: "Theirs", scopes: ["leads:read"] });
    const refused = await call(viewer.headers, "DELETE", `${RBAC}/tokens/${theirs.id}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe("ACCESS_TOKEN_NOT_FOUND");
    expect((await call(viewer.headers, "DELETE", `${RBAC}/tokens/not-an-id`)).statusCode).toBe(404);

    expect((await call(viewer.headers, "DELETE", `${RBAC}/tokens/${mine.id}`)).statusCode).toBe(204);
    // The cached lookup is gone: the very next request fails.
    expect((await call(bearer(mine.token), "GET", "/api/leads")).statusCode).toBe(401);
    // Twice is fine and keeps the first revocation time.
    const first = (await call(viewer.headers, "GET", `${RBAC}/tokens`))
      .json()
      .items.find((i: { id: string }) => i.id === mine.id).revoked_at;
    expect((await call(viewer.headers, "DELETE", `${RBAC}/tokens/${mine.id}`)).statusCode).toBe(204);
    expect(
      (await call(viewer.headers, "GET", `${RBAC}/tokens?active=false`)).json().items.find((i: { id: string }) => i.id === mine.id)
        .revoked_at,
    ).toBe(first);

    expect((await call(admin.headers, "DELETE", `${RBAC}/tokens/${theirs.id}`)).statusCode).toBe(204);
    expect((await call(bearer(theirs.token), "GET", "/api/leads")).statusCode).toBe(401);

    const outsider = await createUser(t.database.db);
    const foreign = await mint(outsider, { name: "Elsewhere", scopes: ["leads:read"] });
    expect((await call(admin.headers, "DELETE", `${RBAC}/tokens/${foreign.id}`)).statusCode).toBe(404);
  });

  it(`holds at most ${MAX_ACCESS_TOKENS} active tokens per member`, async () => {
    const member = await addMember(t.database.db, admin, "viewer");
    await t.database.db.insert(accessTokens).values(
      Array.from({ length: MAX_ACCESS_TOKENS }, (_, i) => ({
        workspaceId: admin.workspaceId,
        userId: member.id,
        name: `t${i}`,
        tokenHash: `hash-${member.id}-${i}`,
        prefix: "pat_xxxxxxxx",
        scopes: ["leads:read"],
        expiresAt: new Date(Date.now() + 86_400_000),
      })),
    );
    const over = await call(member.headers, "POST", `${RBAC}/tokens`, { name: "One more", scopes: ["leads:read"] });
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe("ACCESS_TOKEN_LIMIT");
    const page = (await call(member.headers, "GET", `${RBAC}/tokens?per_page=10&page=3&active=true`)).json();
    expect(page).toMatchObject({ total: MAX_ACCESS_TOKENS, page: 3, per_page: 10 });
    expect(page.items).toHaveLength(MAX_ACCESS_TOKENS - 20);
  });
});
