/** GET /sessions, revoking one or all other sessions, and GET /security, as the security tab uses them. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { sessions } from "../identity/identity.table.ts";
import { type Account, accountApi, bearer, FIREFOX_WINDOWS, SAFARI_IPHONE } from "./account-security.fixtures.ts";

interface Listed {
  id: string;
  device: string;
  ip: string | null;
  location: string;
  current: boolean;
  created_at: string;
  last_activity: string;
}

describe("active sessions", () => {
  let t: TestApp;
  let api: ReturnType<typeof accountApi>;
  let a: Account;
  let laptop: string;
  let phone: string;
  let stranger: Account;

  beforeAll(async () => {
    t = await createTestApp();
    api = accountApi(t);
    a = await api.signUp();
    laptop = await api.signIn(a.email, undefined, { userAgent: FIREFOX_WINDOWS, ip: "192.168.1.20" });
    phone = await api.signIn(a.email, undefined, { userAgent: SAFARI_IPHONE, ip: "203.0.113.9" });
    stranger = await api.signUp();
  });
  afterAll(() => t.close());

  const list = async (token: string): Promise<Listed[]> => {
    const res = await api.get(token, "/sessions");
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const revoke = (token: string, session_id: unknown) => api.post(token, "/sessions/revoke", { session_id });
  const idOf = async (token: string) => (await t.database.db.select().from(sessions).where(eq(sessions.token, token)))[0]?.id as string;

  it("lists the caller's sessions with device, address, place and activity, this one first and marked", async () => {
    const listed = await list(a.token);
    expect(listed).toHaveLength(3);
    expect(listed[0]).toMatchObject({ current: true, device: "Chrome on macOS", ip: "127.0.0.1", location: "Local network" });
    const byDevice = Object.fromEntries(listed.map((s) => [s.device, s]));
    expect(byDevice["Firefox on Windows"]).toMatchObject({ current: false, ip: "192.168.1.20", location: "Local network" });
    // A public address without a GeoIP database: no made-up place.
    expect(byDevice["Safari on iOS"]).toMatchObject({ current: false, ip: "203.0.113.9", location: "Unknown" });
    for (const s of listed) {
      expect(Number.isNaN(Date.parse(s.created_at))).toBe(false);
      expect(Date.parse(s.last_activity)).toBeGreaterThanOrEqual(Date.parse(s.created_at));
    }
    expect(listed.map((s) => s.id)).not.toContain(await idOf(stranger.token));
  });

  it("moves last activity forward when a session is used", async () => {
    const id = await idOf(laptop);
    const before = (await list(a.token)).find((s) => s.id === id) as Listed;
    // An hour-old expiry makes the next request slide the session, as an hour of idling would.
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 3600_000), updatedAt: new Date(Date.now() - 3600_000) })
      .where(eq(sessions.id, id));
    await t.app.ctx.authenticator.invalidate(a.id);
    const stale = (await list(a.token)).find((s) => s.id === id) as Listed;
    expect(Date.parse(stale.last_activity)).toBeLessThan(Date.parse(before.last_activity));
    expect((await api.me(laptop)).statusCode).toBe(200);
    const after = (await list(a.token)).find((s) => s.id === id) as Listed;
    expect(Date.parse(after.last_activity)).toBeGreaterThan(Date.parse(stale.last_activity));
  });

  it("refuses to revoke the session in use", async () => {
    const res = await revoke(a.token, await idOf(a.token));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("CANNOT_REVOKE_CURRENT_SESSION");
    expect((await api.me(a.token)).statusCode).toBe(200);
  });

  it("answers SESSION_NOT_FOUND for unknown ids and for another user's session, which stays signed in", async () => {
    for (const id of ["01a2f4e0-0000-7000-8000-000000000000", "not-a-session-id", await idOf(stranger.token)]) {
      const res = await revoke(a.token, id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toMatchObject({ code: "SESSION_NOT_FOUND", detail: "Session not found" });
    }
    expect((await api.me(stranger.token)).statusCode).toBe(200);
    expect((await revoke(a.token, undefined)).statusCode).toBe(422);
  });

  it("signs out a revoked session at once, even while its sign-in is cached", async () => {
    expect((await api.me(laptop)).statusCode).toBe(200);
    const res = await revoke(a.token, await idOf(laptop));
    expect(res.statusCode).toBe(200);
    expect((await api.me(laptop)).statusCode).toBe(401);
    expect((await list(a.token)).map((s) => s.device)).toEqual(["Chrome on macOS", "Safari on iOS"]);
  });

  it("does not let an API key end sessions", async () => {
    const key = await t.app.inject({
      method: "POST",
      url: "/api/user-settings/api-keys",
      headers: bearer(a.token),
      payload: { name: "script", permissions: ["leads:read"] },
    });
    const res = await revoke(key.json().key, await idOf(phone));
    expect(res.statusCode).toBe(403);
    // Refused at the route: account security never takes API keys (the service would refuse too).
    expect(res.json().code).toBe("API_KEY_NOT_ACCEPTED");
    expect((await api.me(phone)).statusCode).toBe(200);
  });

  it("signs out every other session and reports how many", async () => {
    const tablet = await api.signIn(a.email, undefined, { userAgent: SAFARI_IPHONE });
    const res = await api.post(a.token, "/sessions/revoke-others");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "2 other sessions were signed out.", revoked: 2 });
    expect((await api.me(phone)).statusCode).toBe(401);
    expect((await api.me(tablet)).statusCode).toBe(401);
    expect((await api.me(a.token)).statusCode).toBe(200);
    expect((await api.me(stranger.token)).statusCode).toBe(200);
  });

  it("sums it up in GET /security", async () => {
    const res = await api.get(a.token, "/security");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ two_factor_enabled: false, two_factor_pending: false, has_password: true, recovery_codes_remaining: 0 });
    expect(body.active_sessions).toEqual(await list(a.token));
    expect(body.active_sessions).toHaveLength(1);
    expect(Math.abs(Date.parse(body.password_last_changed) - Date.now())).toBeLessThan(10 * 60_000);
    expect((await t.app.inject({ method: "GET", url: "/api/user-settings/security" })).statusCode).toBe(401);
  });
});
