import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { createMemoryKeyRateLimiter } from "./api-keys.rate-limit.ts";
import { apiKeys } from "./api-keys.table.ts";

const URL = "/api/user-settings/api-keys";

describe("API keys", () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx.db);
  });
  afterAll(() => t.close());

  const create = (u: TestUser, body: object) => t.app.inject({ method: "POST", url: URL, headers: u.headers, payload: body });
  const newKey = async (u: TestUser, permissions: string[], extra: object = {}) => {
    const res = await create(u, { name: `key ${Math.random()}`, permissions, ...extra });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; key: string };
  };

  it("lists the permission catalogue", async () => {
    const res = await t.app.inject({ method: "GET", url: `${URL}/permissions`, headers: owner.headers });
    expect(res.json()).toContainEqual(expect.objectContaining({ id: "campaigns:read", category: "Campaigns", name: "Read campaigns" }));
  });

  it("shows the secret once and stores only its hash", async () => {
    const res = await create(owner, { name: "CI", description: "deploy bot", permissions: ["leads:read"] });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.key).toMatch(/^psk_[A-Za-z0-9_-]{43}$/);
    expect(body).toMatchObject({ name: "CI", description: "deploy bot", permissions: ["leads:read"], isActive: true, usageCount: 0 });
    expect(body.key.startsWith(body.prefix)).toBe(true);
    const list = (await t.app.inject({ method: "GET", url: URL, headers: owner.headers })).json();
    expect(list.find((k: { id: string }) => k.id === body.id)).not.toHaveProperty("key");
    const [row] = await t.app.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, body.id));
    expect(row?.keyHash).not.toContain(body.key.slice(4));
    expect(JSON.stringify(row)).not.toContain(body.key);
  });

  it("authenticates with Bearer and X-API-Key, within the key's permissions only", async () => {
    const billing = await newKey(owner, ["billing:update"]);
    const other = await newKey(owner, ["exports:create"]);
    const asBearer = await t.app.inject({
      method: "PUT",
      url: "/api/user-settings/billing/auto-renew",
      headers: { authorization: `Bearer ${billing.key}` },
      payload: { autoRenew: false },
    });
    expect(asBearer.statusCode).toBe(200);
    expect(asBearer.json().autoRenew).toBe(false);
    const asHeader = await t.app.inject({ method: "GET", url: "/api/user-settings/billing", headers: { "x-api-key": billing.key } });
    expect(asHeader.statusCode).toBe(200);

    const denied = await t.app.inject({
      method: "PUT",
      url: "/api/user-settings/billing/auto-renew",
      headers: { "x-api-key": other.key },
      payload: { autoRenew: true },
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: "API_KEY_SCOPE_MISSING", requiredPermission: "billing:update" });
    // A service-level check (backups need settings:update) honours the key's scopes too.
    const backup = await t.app.inject({
      method: "PUT",
      url: "/api/user-settings/settings/data",
      headers: { "x-api-key": other.key },
      payload: { auto_backup_enabled: true },
    });
    expect(backup.statusCode).toBe(403);
  });

  it("never lets a session token through X-API-Key, nor an unknown key", async () => {
    expect((await t.app.inject({ method: "GET", url: URL, headers: { "x-api-key": owner.token } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: URL, headers: { "x-api-key": "psk_nope" } })).statusCode).toBe(401);
  });

  it("does not let a key manage keys", async () => {
    const k = await newKey(owner, ["leads:read"]);
    const res = await t.app.inject({
      method: "POST",
      url: URL,
      headers: { authorization: `Bearer ${k.key}` },
      payload: { name: "x", permissions: ["leads:read"] },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("API_KEY_NOT_ACCEPTED");
  });

  it("refuses unknown permissions and permissions beyond the creator's", async () => {
    const unknown = await create(owner, { name: "x", permissions: ["leads:read", "rockets:launch"] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ code: "INVALID_PERMISSIONS", errors: [{ field: "permissions.1" }] });
    const viewer = await addMember(t.app.ctx.db, owner, "viewer");
    const beyond = await create(viewer, { name: "x", permissions: ["leads:read", "billing:update"] });
    expect(beyond.statusCode).toBe(422);
    expect(beyond.json()).toMatchObject({ code: "INVALID_PERMISSIONS", errors: [{ field: "permissions.1" }] });
    expect((await create(viewer, { name: "ok", permissions: ["leads:read"] })).statusCode).toBe(201);
  });

  it("stops working when deactivated or expired (401)", async () => {
    const k = await newKey(owner, ["billing:update"]);
    const call = () => t.app.inject({ method: "GET", url: "/api/user-settings/billing", headers: { "x-api-key": k.key } });
    expect((await call()).statusCode).toBe(200);
    await t.app.inject({ method: "PUT", url: `${URL}/${k.id}`, headers: owner.headers, payload: { isActive: false } });
    expect((await call()).statusCode).toBe(401);
    await t.app.inject({ method: "PUT", url: `${URL}/${k.id}`, headers: owner.headers, payload: { isActive: true } });
    expect((await call()).statusCode).toBe(200);
    // Expiry passes while the lookup is still cached: it must still stop.
    await t.app.ctx.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, k.id));
    await t.app.inject({ method: "PUT", url: `${URL}/${k.id}`, headers: owner.headers, payload: { name: "renamed" } });
    expect((await call()).statusCode).toBe(401);
    const past = await t.app.inject({
      method: "PUT",
      url: `${URL}/${k.id}`,
      headers: owner.headers,
      payload: { expiresAt: "2001-01-01T00:00:00Z" },
    });
    expect(past.json()).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ field: "expiresAt" }] });
  });

  it("answers API_KEY_NOT_FOUND for another user's key, and deletes keys", async () => {
    const k = await newKey(owner, ["leads:read"]);
    const stranger = await createUser(t.app.ctx.db);
    const res = await t.app.inject({ method: "DELETE", url: `${URL}/${k.id}`, headers: stranger.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("API_KEY_NOT_FOUND");
    expect((await t.app.inject({ method: "DELETE", url: `${URL}/${k.id}`, headers: owner.headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: "GET", url: "/api/user-settings/billing", headers: { "x-api-key": k.key } })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: "PUT", url: `${URL}/nope`, headers: owner.headers, payload: {} })).json().code).toBe(
      "API_KEY_NOT_FOUND",
    );
  });

  it("allows at most 10 keys per user", async () => {
    const u = await createUser(t.app.ctx.db);
    for (let i = 0; i < 10; i++) await newKey(u, ["leads:read"]);
    const res = await create(u, { name: "eleventh", permissions: ["leads:read"] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "API_KEY_LIMIT_EXCEEDED" });
    expect(res.json().detail).toContain("maximum number of API keys (10)");
  });

  it("limits a key to 100 requests a minute and counts its usage", async () => {
    const u = await createUser(t.app.ctx.db);
    const k = await newKey(u, ["billing:update"]);
    // The windows are clock minutes: start with time to spare, so all 101 requests share one.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 45_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 100));
    let last = 0;
    for (let i = 0; i < 100; i++) {
      last = (await t.app.inject({ method: "GET", url: "/api/user-settings/billing/invoices", headers: { "x-api-key": k.key } }))
        .statusCode;
      expect(last).toBe(200);
    }
    const limited = await t.app.inject({ method: "GET", url: "/api/user-settings/billing/invoices", headers: { "x-api-key": k.key } });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: "RATE_LIMITED" });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    // The session of the same user is not limited by the key's budget.
    expect((await t.app.inject({ method: "GET", url: URL, headers: u.headers })).statusCode).toBe(200);

    const usage = (await t.app.inject({ method: "GET", url: `${URL}/${k.id}/usage`, headers: u.headers })).json();
    expect(usage.totalRequests).toBe(100);
    expect(usage.requestsThisMonth).toBe(100);
    expect(usage.topEndpoints[0]).toEqual({ endpoint: "GET /api/user-settings/billing/invoices", count: 100 });
    expect(usage.rateLimits).toEqual({ perMinute: 100, perHour: 1000, perDay: 10000 });
    expect(Date.now() - Date.parse(usage.lastRequestAt)).toBeLessThan(60_000);
    const listed = (await t.app.inject({ method: "GET", url: URL, headers: u.headers })).json();
    expect(listed[0].usageCount).toBe(100);
  });
});

describe("API key rate limiter", () => {
  it("enforces the hour and day windows as well as the minute", async () => {
    let now = Date.UTC(2026, 0, 1, 0, 0, 0);
    const limiter = createMemoryKeyRateLimiter({ limits: { perMinute: 3, perHour: 5, perDay: 7 }, now: () => now });
    const burst = async (n: number) => {
      const out = [];
      for (let i = 0; i < n; i++) out.push(await limiter.consume("k"));
      return out;
    };
    expect((await burst(4)).map((r) => r.allowed)).toEqual([true, true, true, false]);
    // Refused requests count too: the hour has seen 4 of its 5.
    now += 60_000;
    const hour = await burst(2);
    expect(hour.map((r) => r.allowed)).toEqual([true, false]);
    expect(hour[1]?.window).toBe("hour");
    now += 3_600_000;
    const day = await burst(2);
    expect(day.map((r) => r.allowed)).toEqual([true, false]);
    expect(day[1]).toMatchObject({ window: "day", limit: 7 });
    now += 86_400_000;
    expect((await burst(1))[0]?.allowed).toBe(true);
    expect((await limiter.consume("other")).allowed).toBe(true);
  });
});
