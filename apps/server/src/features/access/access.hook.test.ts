import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { registerErrorHandling } from "../../platform/errors.ts";
import { registerRouteAccess } from "../../platform/route-access.ts";
import { type AccessGate, registerAccessHook } from "./access.hook.ts";

const caller: AuthContext = {
  userId: "u1",
  email: "a@b.c",
  name: "A",
  organizationId: "o1",
  workspaceId: "w1",
  role: "viewer",
  isInstanceAdmin: false,
  sessionId: null,
  via: "session",
  scopes: null,
};

function bareApp(gate: Partial<AccessGate>) {
  const app = Fastify();
  registerErrorHandling(app);
  registerRouteAccess(app);
  const full: AccessGate = {
    consumeRate: async () => ({ allowed: true, retryAfterSeconds: 60, limit: 100, remaining: 99, count: 1 }),
    evaluate: async () => ({ allowed: true, reason: "Allowed" }),
    isActive: async () => true,
    audit: { record() {} },
    ...gate,
  };
  registerAccessHook(app, { authenticator: { authenticate: async () => caller }, access: full });
  return app;
}

describe("access declarations", () => {
  it("refuses to start with an /api route that declares no access", async () => {
    const app = bareApp({});
    await expect(
      (async () => {
        app.get("/api/things", async () => ({}));
        await app.ready();
      })(),
    ).rejects.toThrow("Route GET /api/things must declare config.access");
    await app.close();
  });

  it("refuses a malformed declaration, and lets non-API routes be", async () => {
    const app = bareApp({});
    expect(() => app.get("/api/x", { config: { access: "campaigns-read" as "public" } }, async () => ({}))).toThrow(
      /invalid access declaration/,
    );
    expect(() => app.get("/healthz", async () => "ok")).not.toThrow();
    await app.close();
  });

  it("answers 503 'Permission check system unavailable' when the engine fails, and audits denials", async () => {
    const recorded: { event: string; reason?: string | null }[] = [];
    const app = bareApp({
      evaluate: async (_a, resource) => {
        if (resource === "broken") throw new Error("db down");
        return { allowed: false, reason: "No matching permissions found" };
      },
      audit: { record: (e) => recorded.push(e) },
    });
    app.get("/api/broken", { config: { access: "broken:read" } }, async () => ({}));
    app.get("/api/denied", { config: { access: "leads:delete" } }, async () => ({}));
    const broken = await app.inject({ url: "/api/broken" });
    expect(broken.statusCode).toBe(503);
    expect(broken.json()).toEqual({ detail: "Permission check system unavailable", code: "PERMISSION_SYSTEM_UNAVAILABLE" });
    const denied = await app.inject({ url: "/api/denied" });
    expect(denied.json()).toMatchObject({ code: "FORBIDDEN", requiredPermission: "leads:delete" });
    expect(recorded).toEqual([expect.objectContaining({ event: "access_denied", reason: "No matching permissions found" })]);
    await app.close();
  });
});

describe("the cached (synchronous) path answers exactly as the asynchronous one", () => {
  type Case = {
    name: string;
    signedIn?: boolean;
    active?: boolean;
    rate?: { allowed: boolean; count: number };
    decision?: { allowed: boolean; reason: string } | "throws";
    url: string;
  };
  const cases: Case[] = [
    { name: "public, no credential", signedIn: false, url: "/api/open" },
    { name: "no credential", signedIn: false, url: "/api/needs" },
    { name: "inactive member", active: false, url: "/api/needs" },
    { name: "over the rate limit", rate: { allowed: false, count: 101 }, url: "/api/needs" },
    { name: "denied", decision: { allowed: false, reason: "No matching permissions found" }, url: "/api/needs" },
    { name: "engine failure", decision: "throws", url: "/api/needs" },
    { name: "allowed", url: "/api/needs" },
    { name: "signed in, no permission needed", url: "/api/mine" },
  ];

  async function answer(c: Case, cached: boolean) {
    const app = Fastify();
    registerErrorHandling(app);
    const audit: string[] = [];
    const rate = {
      retryAfterSeconds: 42,
      limit: 100,
      remaining: c.rate?.allowed === false ? 0 : 99,
      ...(c.rate ?? { allowed: true, count: 1 }),
    };
    const decide = () => {
      if (c.decision === "throws") throw new Error("db down");
      return c.decision ?? { allowed: true, reason: "Allowed" };
    };
    const who = c.signedIn === false ? null : caller;
    const gate: AccessGate = {
      consumeRate: async () => rate,
      evaluate: async () => decide(),
      isActive: async () => c.active ?? true,
      cached: cached ? () => ({ active: c.active ?? true, consumeRate: () => rate, evaluate: decide }) : undefined,
      audit: { record: (e) => audit.push(e.event) },
    };
    registerAccessHook(app, {
      authenticator: { authenticate: async () => who, cached: cached ? () => who : undefined },
      access: gate,
    });
    app.get("/api/open", { config: { access: "public" } }, async (request) => ({ auth: request.auth?.userId ?? null }));
    app.get("/api/needs", { config: { access: "leads:read" } }, async (request) => ({ auth: request.auth?.userId ?? null }));
    app.get("/api/mine", { config: { access: "authenticated" } }, async (request) => ({ auth: request.auth?.userId ?? null }));
    const res = await app.inject({ url: c.url });
    await app.close();
    const { date: _date, ...headers } = res.headers;
    return { status: res.statusCode, body: res.json(), headers, audit };
  }

  it.each(cases)("$name", async (c) => {
    const slow = await answer(c, false);
    const fast = await answer(c, true);
    expect(fast).toEqual(slow);
    expect(slow.status).toBe(
      {
        "public, no credential": 200,
        "no credential": 401,
        "inactive member": 403,
        "over the rate limit": 429,
        denied: 403,
        "engine failure": 503,
      }[c.name] ?? 200,
    );
  });
});

describe("the steady state on the real app takes the synchronous path", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // With Redis the rate window is shared by every process, so each request awaits Redis.
  it.skipIf(Boolean(process.env.REDIS_URL))(
    "loads a caller once, then answers from the caches without the asynchronous checks",
    async () => {
      const user = await createUser(t.database.db);
      const authenticate = vi.spyOn(t.app.ctx.authenticator, "authenticate");
      const evaluate = vi.spyOn(t.app.ctx.access, "evaluate");
      const me = () => t.app.inject({ url: "/api/auth/me", headers: user.headers });
      const leads = () => t.app.inject({ url: "/api/leads", headers: user.headers });

      expect((await me()).statusCode).toBe(200);
      expect(authenticate).toHaveBeenCalledTimes(1); // cold: session and membership are loaded
      expect((await me()).statusCode).toBe(200);
      expect(authenticate).toHaveBeenCalledTimes(1); // warm: a signed-in route needs no policies

      expect((await leads()).statusCode).toBe(200);
      expect(evaluate).toHaveBeenCalledTimes(1); // the workspace's policies are loaded once
      const second = await leads();
      expect(second.statusCode).toBe(200);
      expect(evaluate).toHaveBeenCalledTimes(1);
      expect(authenticate).toHaveBeenCalledTimes(2);
      // The synchronous path still counts the rate window.
      expect(Number(second.headers["x-ratelimit-remaining"])).toBe(Number(second.headers["x-ratelimit-limit"]) - 4);

      // Signing out drops the cached session in this process at once.
      await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: user.headers });
      expect((await me()).statusCode).toBe(401);
    },
  );
});

describe("request order on the real app: 401, then 429, then 403", () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.database.db);
  });
  afterAll(() => t.close());

  const forbidden = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url: "/api/v1/rbac/roles/assign", headers, payload: { user_id: admin.id, role: "viewer" } });

  it("asks for sign-in before anything else", async () => {
    expect((await forbidden()).statusCode).toBe(401);
    expect((await forbidden({ authorization: "Bearer not-a-session" })).json()).toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("refuses a viewer's 101st request in a minute with 429 and Retry-After, even on a route they may not use", async () => {
    const viewer = await addMember(t.database.db, admin, "viewer");
    const first = await forbidden(viewer.headers);
    expect(first.statusCode).toBe(403);
    expect(first.json()).toMatchObject({ code: "FORBIDDEN", requiredPermission: "team:update" });
    for (let i = 0; i < 99; i++) {
      const r = await t.app.inject({ url: "/api/v1/rbac/config", headers: viewer.headers });
      expect(r.statusCode).toBe(200);
    }
    const limited = await forbidden(viewer.headers);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ detail: "Rate limit exceeded", code: "RATE_LIMITED" });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(60);
    // Other callers have their own window.
    expect((await t.app.inject({ url: "/api/v1/rbac/config", headers: admin.headers })).statusCode).toBe(200);

    await t.app.ctx.access.audit.flush();
    const log = await t.app.inject({ url: `/api/v1/rbac/audit/logs?user_id=${viewer.id}`, headers: admin.headers });
    expect(
      log
        .json()
        .items.map((e: { event: string }) => e.event)
        .sort(),
    ).toEqual(["access_denied", "rate_limited"]);
  });
});
