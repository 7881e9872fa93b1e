/** POST /api/user-settings/password: confirmation, the §5 rules, history of 5, and signing out other devices. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser } from "../../../test/factories.ts";
import { passwordHistory, users } from "../identity/identity.table.ts";
import { accountApi, bearer, FIREFOX_WINDOWS, PASSWORD } from "./account-security.fixtures.ts";

describe("changing the password", () => {
  let t: TestApp;
  let api: ReturnType<typeof accountApi>;
  beforeAll(async () => {
    t = await createTestApp();
    api = accountApi(t);
  });
  afterAll(() => t.close());

  const change = (token: string, current_password: string, new_password: string) =>
    api.post(token, "/password", { current_password, new_password });

  it("refuses a wrong current password with 401 'Current password is incorrect' and keeps the session", async () => {
    const a = await api.signUp();
    const res = await change(a.token, "Not-The-Password1!", "Brand-New-Pass2!");
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: "INVALID_CURRENT_PASSWORD", detail: "Current password is incorrect" });
    expect((await api.me(a.token)).statusCode).toBe(200);
    expect((await api.login(a.email, "Brand-New-Pass2!")).statusCode).toBe(401);
  });

  it("names the rule a weak new password breaks, special character included", async () => {
    const a = await api.signUp();
    const noSpecial = await change(a.token, PASSWORD, "NoSpecial123");
    expect(noSpecial.statusCode).toBe(422);
    expect(noSpecial.json()).toMatchObject({
      code: "WEAK_PASSWORD",
      detail: "Password must contain a special character",
      errors: [{ field: "new_password", message: "Password must contain a special character" }],
    });
    const short = await change(a.token, PASSWORD, "aB3$");
    expect(short.json().errors.map((e: { message: string }) => e.message)).toEqual(["Password must be at least 8 characters"]);
    const lower = await change(a.token, PASSWORD, "alllower-case1");
    expect(lower.json().errors.map((e: { message: string }) => e.message)).toEqual(["Password must contain an uppercase letter"]);
    expect((await api.login(a.email, PASSWORD)).statusCode).toBe(200);
  });

  it("refuses a common password even when it meets the rules", async () => {
    const a = await api.signUp();
    const res = await change(a.token, PASSWORD, "Password123!");
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: "WEAK_PASSWORD",
      errors: [{ field: "new_password", message: expect.stringMatching(/most commonly used passwords/) }],
    });
    expect((await api.login(a.email, PASSWORD)).statusCode).toBe(200);
  });

  it("revokes every API key of the user when asked, and keeps them otherwise", async () => {
    const a = await api.signUp();
    const newKey = async () => {
      const res = await api.post(a.token, "/api-keys", { name: `key ${Math.random()}`, permissions: ["billing:update"] });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().key as string;
    };
    const useKey = (key: string) => t.app.inject({ method: "GET", url: "/api/user-settings/billing", headers: { "x-api-key": key } });
    const kept = await newKey();
    expect((await useKey(kept)).statusCode).toBe(200);
    const plain = await change(a.token, PASSWORD, "Second-Pass2!");
    expect(plain.json()).toMatchObject({ api_keys_revoked: 0 });
    expect((await useKey(kept)).statusCode).toBe(200);

    const second = await newKey();
    const res = await api.post(a.token, "/password", {
      current_password: "Second-Pass2!",
      new_password: "Third-Pass3!",
      revoke_api_keys: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ api_keys_revoked: 2, message: expect.stringMatching(/2 API keys were revoked/) });
    // Cached lookups go at once, not after their TTL.
    expect((await useKey(kept)).statusCode).toBe(401);
    expect((await useKey(second)).statusCode).toBe(401);
    expect((await api.get(a.token, "/api-keys")).json()).toEqual([]);
  });

  it("tells the client the stricter rule in GET /security", async () => {
    const a = await api.signUp();
    const res = await api.get(a.token, "/security");
    expect(res.json().password_policy).toEqual({
      min_length: 8,
      require_uppercase: true,
      require_lowercase: true,
      require_numbers: true,
      require_special: true,
    });
  });

  it("refuses the current password and any of the last 5, and accepts one older than that", async () => {
    const a = await api.signUp();
    const same = await change(a.token, PASSWORD, PASSWORD);
    expect(same.statusCode).toBe(422);
    expect(same.json().code).toBe("PASSWORD_RECENTLY_USED");

    const sequence = ["Second-Pass2!", "Third-Pass3!", "Fourth-Pass4!", "Fifth-Pass5!"];
    let current = PASSWORD;
    for (const next of sequence) {
      expect((await change(a.token, current, next)).statusCode).toBe(200);
      current = next;
    }
    // History now holds the first password and the four after it: all five are refused.
    for (const old of [PASSWORD, ...sequence.slice(0, 3)]) {
      const res = await change(a.token, current, old);
      expect(res.json().code, old).toBe("PASSWORD_RECENTLY_USED");
    }
    expect((await change(a.token, current, "Sixth-Pass6!")).statusCode).toBe(200);
    // The first password is now the sixth most recent: allowed again.
    expect((await change(a.token, "Sixth-Pass6!", PASSWORD)).statusCode).toBe(200);
    const rows = await t.database.db.select().from(passwordHistory).where(eq(passwordHistory.userId, a.id));
    expect(rows).toHaveLength(5);
  });

  it("signs out every other session at once, keeps this one, and the new password works", async () => {
    const a = await api.signUp();
    const laptop = await api.signIn(a.email, PASSWORD, { userAgent: FIREFOX_WINDOWS });
    // Warm the authenticator cache: the revocation must not wait for it to expire.
    expect((await api.me(laptop)).statusCode).toBe(200);
    const before = (await api.get(a.token, "/security")).json().password_last_changed;

    const res = await change(a.token, PASSWORD, "Another-Secret9#");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: "Your password has been changed. Other devices have been signed out.",
      other_sessions_revoked: 1,
      api_keys_revoked: 0,
    });
    expect((await api.me(laptop)).statusCode).toBe(401);
    expect((await api.me(a.token)).statusCode).toBe(200);
    expect((await api.login(a.email, PASSWORD)).json().code).toBe("INVALID_CREDENTIALS");
    expect((await api.login(a.email, "Another-Secret9#")).statusCode).toBe(200);

    const after = (await api.get(a.token, "/security")).json();
    expect(new Date(after.password_last_changed).getTime()).toBeGreaterThanOrEqual(new Date(before).getTime());
    expect(after.has_password).toBe(true);
  });

  it("locks the account after repeated wrong current passwords, like sign-in", async () => {
    const a = await api.signUp();
    for (let i = 1; i < t.config.LOGIN_MAX_ATTEMPTS; i++) {
      expect((await change(a.token, `Wrong-${i}-Pass!`, "Brand-New-Pass2!")).json().code).toBe("INVALID_CURRENT_PASSWORD");
    }
    const last = await change(a.token, "Wrong-last-Pass!", "Brand-New-Pass2!");
    expect(last.statusCode).toBe(423);
    expect(last.json().code).toBe("ACCOUNT_LOCKED");
    // Even the right password waits for the lock to pass, here and at sign-in.
    expect((await change(a.token, PASSWORD, "Brand-New-Pass2!")).json().code).toBe("ACCOUNT_LOCKED");
    expect((await api.login(a.email, PASSWORD)).json().code).toBe("ACCOUNT_LOCKED");
    await t.database.db.update(users).set({ lockedUntil: null }).where(eq(users.id, a.id));
    expect((await change(a.token, PASSWORD, "Brand-New-Pass2!")).statusCode).toBe(200);
  });

  it("explains that a single-sign-on account has no password to change", async () => {
    const sso = await createUser(t.database.db);
    const res = await api.post(sso.token, "/password", { current_password: "anything", new_password: "Brand-New-Pass2!" });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("PASSWORD_NOT_SET");
    expect((await api.get(sso.token, "/security")).json()).toMatchObject({ has_password: false, password_last_changed: null });
  });

  it("refuses an API key: credentials change only from a signed-in session", async () => {
    const a = await api.signUp();
    const key = await t.app.inject({
      method: "POST",
      url: "/api/user-settings/api-keys",
      headers: bearer(a.token),
      payload: { name: "ci", permissions: ["leads:read"] },
    });
    expect(key.statusCode, key.body).toBe(201);
    const res = await change(key.json().key, PASSWORD, "Brand-New-Pass2!");
    expect(res.statusCode).toBe(403);
    // Refused at the route: account security never takes API keys (the service would refuse too).
    expect(res.json().code).toBe("API_KEY_NOT_ACCEPTED");
    expect((await api.login(a.email, PASSWORD)).statusCode).toBe(200);
  });

  it("validates the body: both passwords are required", async () => {
    const a = await api.signUp();
    const res = await api.post(a.token, "/password", { current_password: PASSWORD });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].field).toBe("new_password");
  });
});
