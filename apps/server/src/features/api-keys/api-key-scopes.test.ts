/**
 * What an API key may reach: only routes that name the scope it needs, and never the account's
 * own security (profile, mailbox, password, sessions, keys). Scheduled exports made with a key
 * re-check it on every run.
 */

import { API_PERMISSIONS } from "@prospector/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import { accessTable } from "../../platform/route-access.ts";
import { scheduledExports } from "../data-exports/data-exports.table.ts";
import { tickScheduledExports } from "../data-exports/scheduled-exports.service.ts";
import { users } from "../identity/identity.table.ts";

const KEYS = "/api/user-settings/api-keys";
const SCHEDULED = "/api/user-settings/scheduled-exports";

describe("API key scopes", () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    // An instance administrator: their mailbox holds every password-reset link of the instance.
    admin = await createUser(t.app.ctx.db, { instanceAdmin: true });
  });
  afterAll(() => t.close());

  const newKey = async (permissions: string[]) => {
    const res = await t.app.inject({
      method: "POST",
      url: KEYS,
      headers: admin.headers,
      payload: { name: `k ${Math.random()}`, permissions },
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; key: string };
  };
  const withKey = (key: string, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { "x-api-key": key }, ...(payload ? { payload } : {}) });

  it("refuses a leads:read key on the owner's profile, the mailbox, scheduled exports, password and keys", async () => {
    const k = await newKey(["leads:read"]);
    expect((await withKey(k.key, "GET", "/api/leads")).statusCode).toBe(200);

    const profile = await withKey(k.key, "PUT", "/api/user-settings/settings/profile", { name: "Taken over" });
    expect(profile.statusCode).toBe(403);
    expect(profile.json()).toMatchObject({ code: "API_KEY_NOT_ACCEPTED", detail: expect.stringContaining("sign in") });
    const [row] = await t.app.ctx.db.select({ name: users.name }).from(users).where(eq(users.id, admin.id));
    expect(row?.name).toBe(admin.name);

    for (const [method, url] of [
      ["GET", "/api/mailbox"],
      ["GET", "/api/auth/me"],
      ["GET", KEYS],
      ["GET", "/api/user-settings/sessions"],
    ] as const) {
      const res = await withKey(k.key, method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe("API_KEY_NOT_ACCEPTED");
    }
    const password = await withKey(k.key, "POST", "/api/user-settings/password", { currentPassword: "x", newPassword: "y" });
    expect(password.json().code).toBe("API_KEY_NOT_ACCEPTED");
    const newer = await withKey(k.key, "POST", KEYS, { name: "more", permissions: ["leads:read"] });
    expect(newer.json().code).toBe("API_KEY_NOT_ACCEPTED");

    const schedule = await withKey(k.key, "POST", SCHEDULED, { name: "nightly", schedule: "0 3 * * *", options: {} });
    expect(schedule.statusCode).toBe(403);
    expect(schedule.json()).toMatchObject({ code: "API_KEY_SCOPE_MISSING", requiredPermission: "exports:create" });
    expect(schedule.json().detail).toContain('"exports:create"');
    expect(await t.app.ctx.db.select().from(scheduledExports).where(eq(scheduledExports.userId, admin.id))).toHaveLength(0);
  });

  it("names the missing scope on permission-checked routes", async () => {
    const k = await newKey(["leads:read"]);
    const res = await withKey(k.key, "POST", "/api/leads", { email: "a@example.com" });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: "API_KEY_SCOPE_MISSING", requiredPermission: "leads:create" });
    expect(res.json().detail).toContain('"leads:create"');
    // A route that names a scope takes a key that carries it.
    const billing = await newKey(["billing:update"]);
    expect((await withKey(billing.key, "GET", "/api/user-settings/billing")).statusCode).toBe(200);
    expect((await withKey(k.key, "GET", "/api/user-settings/billing")).json()).toMatchObject({
      code: "API_KEY_SCOPE_MISSING",
      requiredPermission: "billing:update",
    });
  });

  it("every route refuses a key holding every scope unless it names the scope it needs", async () => {
    const all = await newKey(API_PERMISSIONS.map((p) => p.id));
    const table = accessTable(t.app);
    const refused = table.filter((r) => r.access !== "public" && r.apiKeyScope === null);
    // The routes that could take over the account are among them.
    for (const url of ["/api/mailbox", "/api/mailbox/:id", "/api/user-settings/password", KEYS, "/api/auth/me", "/api/v1/rbac/policies"]) {
      expect(
        refused.some((r) => r.url === url),
        url,
      ).toBe(true);
    }
    // Fresh keys as we go: the key's own limit is 100 requests a minute.
    let key = all.key;
    let used = 0;
    for (const r of refused) {
      if (++used % 90 === 0) key = (await newKey(API_PERMISSIONS.map((p) => p.id))).key;
      const url = r.url.replace(/:[A-Za-z_]+/g, "0190a000-0000-7000-8000-000000000000").replace(/\*$/, "x");
      const res = await t.app.inject({ method: r.method as "GET", url, headers: { "x-api-key": key } });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(res.json().code, `${r.method} ${r.url}`).toBe("API_KEY_NOT_ACCEPTED");
    }
    // Every signed-in-only route that takes keys names a scope from the catalogue.
    const catalogue = new Set(API_PERMISSIONS.map((p) => p.id));
    for (const r of table.filter((x) => x.access === "authenticated" && x.apiKeyScope)) {
      expect(catalogue.has(r.apiKeyScope as string), `${r.method} ${r.url} names ${r.apiKeyScope}`).toBe(true);
    }
  });

  describe("scheduled exports made with a key", () => {
    const tick = () => tickScheduledExports(t.app.ctx);
    const makeDue = (id: string) =>
      t.app.ctx.db
        .update(scheduledExports)
        .set({ nextRunAt: new Date(Date.now() - 1000) })
        .where(eq(scheduledExports.id, id));
    type Listed = { id: string; enabled: boolean; stoppedReason: string | null; createdWith: string; nextRun: string | null };
    const listed = async (id: string) =>
      ((await t.app.inject({ method: "GET", url: SCHEDULED, headers: admin.headers })).json() as Listed[]).find((s) => s.id === id);
    const schedule = async (key: string) => {
      const res = await withKey(key, "POST", SCHEDULED, { name: `s ${Math.random()}`, schedule: "0 3 * * *", options: { format: "json" } });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ createdWith: "api_key", stoppedReason: null });
      return res.json() as { id: string };
    };

    it("stop, visibly, when the key is deactivated, loses exports:create or is deleted", async () => {
      const user = await createUser(t.app.ctx.db);
      const mk = async (permissions: string[]) => {
        const res = await t.app.inject({
          method: "POST",
          url: KEYS,
          headers: user.headers,
          payload: { name: `k ${Math.random()}`, permissions },
        });
        return res.json() as { id: string; key: string };
      };
      const deactivated = await mk(["exports:create", "leads:read"]);
      const narrowed = await mk(["exports:create", "leads:read"]);
      const deleted = await mk(["exports:create", "leads:read"]);
      const mine = (key: string) =>
        t.app.inject({
          method: "POST",
          url: SCHEDULED,
          headers: { "x-api-key": key },
          payload: { name: `s ${Math.random()}`, schedule: "0 3 * * *", options: { format: "json" } },
        });
      const ids: string[] = [];
      for (const k of [deactivated, narrowed, deleted]) {
        const res = await mine(k.key);
        expect(res.statusCode).toBe(201);
        expect(res.json()).toMatchObject({ createdWith: "api_key", stoppedReason: null });
        ids.push(res.json().id);
      }
      const put = (id: string, payload: object) => t.app.inject({ method: "PUT", url: `${KEYS}/${id}`, headers: user.headers, payload });
      expect((await put(deactivated.id, { isActive: false })).statusCode).toBe(200);
      expect((await put(narrowed.id, { permissions: ["leads:read"] })).statusCode).toBe(200);
      expect((await t.app.inject({ method: "DELETE", url: `${KEYS}/${deleted.id}`, headers: user.headers })).statusCode).toBe(204);
      for (const id of ids) await makeDue(id);
      await tick();

      const list = (await t.app.inject({ method: "GET", url: SCHEDULED, headers: user.headers })).json() as {
        id: string;
        enabled: boolean;
        nextRun: string | null;
        stoppedReason: string | null;
      }[];
      const byId = new Map(list.map((s) => [s.id, s]));
      expect(byId.get(ids[0] as string)).toMatchObject({
        enabled: false,
        nextRun: null,
        stoppedReason: expect.stringContaining("deactivated"),
      });
      expect(byId.get(ids[1] as string)).toMatchObject({ enabled: false, stoppedReason: expect.stringContaining("exports:create") });
      expect(byId.get(ids[2] as string)).toMatchObject({ enabled: false, stoppedReason: expect.stringContaining("deleted") });
      const exportsRun = (await t.app.inject({ method: "GET", url: "/api/user-settings/exports", headers: user.headers })).json() as {
        scheduledExportId: string | null;
      }[];
      expect(exportsRun.filter((e) => ids.includes(e.scheduledExportId ?? ""))).toEqual([]);

      // The owner takes the schedule over signed in: it runs again, as them.
      const resumed = await t.app.inject({
        method: "PUT",
        url: `${SCHEDULED}/${ids[0]}`,
        headers: user.headers,
        payload: { enabled: true },
      });
      expect(resumed.json()).toMatchObject({ enabled: true, createdWith: "session", stoppedReason: null });
    });

    it("run with the key's scopes while the key is good", async () => {
      const k = await newKey(["exports:create", "leads:read"]);
      const s = await schedule(k.key);
      await makeDue(s.id);
      await tick();
      const runs = (await t.app.inject({ method: "GET", url: "/api/user-settings/exports", headers: admin.headers })).json() as {
        scheduledExportId: string | null;
      }[];
      expect(runs.some((e) => e.scheduledExportId === s.id)).toBe(true);
      expect(await listed(s.id)).toMatchObject({ enabled: true, stoppedReason: null, createdWith: "api_key" });
    });
  });
});
