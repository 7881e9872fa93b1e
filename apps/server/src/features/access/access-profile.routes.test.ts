import { limitsFor } from "@prospector/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/create-test-app.ts";
import { createSession, type TestUser } from "../../../test/factories.ts";
import { users } from "../identity/index.ts";
import { organizations } from "../organizations/index.ts";
import { accessWorkspace, RBAC } from "./access.test-helpers.ts";

describe("Extended user and organization", () => {
  let t: TestApp;
  let admin: TestUser;
  let viewer: TestUser;
  let support: TestUser;
  let outsider: TestUser;
  beforeAll(async () => ({ t, admin, viewer, support, outsider } = await accessWorkspace(["viewer", "support", "outsider"])));
  afterAll(() => t.close());

  const get = (u: TestUser, url: string) => t.app.inject({ method: "GET", url, headers: u.headers });
  const send = (u: TestUser, method: "POST" | "PUT", url: string, payload: object) =>
    t.app.inject({ method, url, headers: u.headers, payload });

  it("describes the caller: roles, teams, effective permissions, security settings and enabled flags", async () => {
    const team = (await send(admin, "POST", `${RBAC}/teams`, { name: "Billing watchers" })).json();
    await send(admin, "PUT", `${RBAC}/teams/${team.id}/permissions`, {
      grants: [
        { resource: "billing", action: "read", effect: "allow" },
        { resource: "leads", action: "read", effect: "deny" },
      ],
    });
    await send(admin, "POST", `${RBAC}/teams/${team.id}/members`, { user_id: viewer.id });
    await send(admin, "PUT", `${RBAC}/features/new-inbox`, {
      name: "New inbox",
      enabled: true,
      rollout_percentage: 0,
      targeted_users: [viewer.id],
    });
    await send(admin, "PUT", `${RBAC}/features/dark-launch`, { name: "Dark launch", enabled: false });
    await t.database.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, viewer.id));
    await createSession(t.database.db, viewer.id);

    const res = await get(viewer, "/api/v1/auth/me/extended");
    expect(res.statusCode).toBe(200);
    const me = res.json();
    expect(me).toMatchObject({
      id: viewer.id,
      email: viewer.email,
      roles: ["viewer"],
      teams: [{ id: team.id, name: "Billing watchers" }],
      is_active: true,
      default_workspace_id: viewer.workspaceId,
      features: ["new-inbox"],
      security_settings: { mfa_enabled: true, trusted_devices: 2, session_timeout: t.config.SESSION_TIMEOUT_SECONDS },
      attributes: { member_status: "active" },
    });
    // The team's deny takes leads:read away; its allow adds billing:read.
    expect([...me.permissions].sort()).toEqual(["analytics:read", "billing:read", "campaigns:read", "crm:read"]);
    expect(me.denied_permissions).toEqual(["leads:read"]);
  });

  it("shows a member to themselves or to someone with team:read; others are refused or not found", async () => {
    expect((await get(support, `/api/v1/users/${viewer.id}/extended`)).json()).toMatchObject({ id: viewer.id, roles: ["viewer"] });
    expect((await get(viewer, `/api/v1/users/${viewer.id}/extended`)).statusCode).toBe(200);
    const refused = await get(viewer, `/api/v1/users/${support.id}/extended`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().requiredPermission).toBe("team:read");
    // Outside the workspace, or no such user: 404, whoever asks.
    for (const id of [outsider.id, "not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      const res = await get(admin, `/api/v1/users/${id}/extended`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe("ACCESS_USER_NOT_FOUND");
    }
  });

  it("gives any member the organization's plan, what it includes and its limits", async () => {
    const org = (await get(viewer, "/api/v1/organization")).json();
    expect(org).toMatchObject({ id: admin.organizationId, plan: "trial", limits: limitsFor("trial") });
    expect(org.features).toContain("AI-personalized cold email");
    expect(org.features).not.toContain("Single sign-on (SSO)");
    await t.database.db.update(organizations).set({ plan: "enterprise" }).where(eq(organizations.id, admin.organizationId));
    const enterprise = (await get(viewer, "/api/v1/organization")).json();
    expect(enterprise.limits.members).toBeNull();
    expect(enterprise.features).toContain("Single sign-on (SSO)");
    expect((await get(outsider, "/api/v1/organization")).json().id).toBe(outsider.organizationId);
    expect((await t.app.inject({ method: "GET", url: "/api/v1/organization" })).statusCode).toBe(401);
  });
});
