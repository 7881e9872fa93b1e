import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_SETUP_TOKEN, type TestApp } from "../../../test/create-test-app.ts";
import { setActive } from "../../../test/factories.ts";
import { organizations, workspaceMembers } from "../organizations/organizations.table.ts";
import { sessions, users } from "./identity.table.ts";
import { startupLines } from "./identity.test-helpers.ts";

const PASSWORD = "Correct-Horse7";

describe("sign-up and sign-in (/api/auth)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const register = (email: string, password = PASSWORD, full_name = "Ada Lovelace") =>
    t.app.inject({ method: "POST", url: "/api/auth/register", payload: { email, password, full_name, setup_token: TEST_SETUP_TOKEN } });
  const login = (email: string, password = PASSWORD, remoteAddress?: string) =>
    t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password }, remoteAddress });
  const me = (token: string) => t.app.inject({ method: "GET", url: "/api/auth/me", headers: { authorization: `Bearer ${token}` } });

  it("tells a fresh instance that the first account becomes admin, and the password policy", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/auth/config" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      sso: { enabled: false, name: "SSO" },
      first_user: true,
      signup_open: true,
      email_verification_required: false,
      password_policy: { min_length: 8, require_uppercase: true, require_lowercase: true, require_numbers: true, require_special: false },
    });
  });

  it("prints where to sign up while the instance has no account", async () => {
    const lines = await startupLines(t);
    // SETUP_TOKEN was configured (createTestApp): the operator has it, the log does not repeat it.
    expect(lines).toContain(
      `No account yet: open ${t.config.publicUrl}/sign-up?setup_token=<SETUP_TOKEN> to create the first account (it becomes the organization's admin; the link works once)`,
    );
  });

  it("refuses the first sign-up without the setup token, or with a wrong one, and creates nothing", async () => {
    const payload = { email: "stranger@example.com", password: PASSWORD, full_name: "Stranger" };
    const missing = await t.app.inject({ method: "POST", url: "/api/auth/register", payload });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toMatchObject({ code: "SETUP_TOKEN_REQUIRED" });
    expect(missing.json().detail).toMatch(/sign-up link printed in the server console/);
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { ...payload, setup_token: "guessed-token-guessed" },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe("SETUP_TOKEN_INVALID");
    const [row] = await t.database.db.select().from(users).where(eq(users.email, "stranger@example.com"));
    expect(row).toBeUndefined();
    expect((await t.app.inject({ method: "GET", url: "/api/auth/config" })).json().first_user).toBe(true);
  });

  it("makes the first account instance admin and admin of a new organization, signed in at once", async () => {
    const res = await register("Ada@Example.com");
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ token_type: "bearer", verification_required: false, is_first_user: true });
    expect(body.user).toMatchObject({
      email: "ada@example.com",
      full_name: "Ada Lovelace",
      role: "admin",
      role_label: "Administrator",
      is_instance_admin: true,
      email_verified: true,
      permissions: ["*:*"],
      workspace: { name: "Default workspace" },
    });
    expect(body.user.organization.name).toBe("Ada's organization");
    const meRes = await me(body.access_token);
    expect(meRes.statusCode).toBe(200);
    expect(meRes.json().id).toBe(body.user.id);

    const cfg = await t.app.inject({ method: "GET", url: "/api/auth/config" });
    expect(cfg.json().first_user).toBe(false);
    expect((await startupLines(t)).some((l) => l.startsWith("No account yet"))).toBe(false);
  });

  it("gives a later sign-up its own organization, not instance admin", async () => {
    const res = await register("grace@example.com", PASSWORD, "Grace Hopper");
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.is_first_user).toBe(false);
    expect(body.user).toMatchObject({ role: "admin", is_instance_admin: false });
    const [ada] = await t.database.db.select().from(users).where(eq(users.email, "ada@example.com"));
    expect(body.user.organization.id).not.toBe((await orgOf(ada!.id)).id);
    const members = await t.database.db.select().from(workspaceMembers).where(eq(workspaceMembers.workspaceId, body.user.workspace.id));
    expect(members.map((m) => m.userId)).toEqual([body.user.id]);
  });

  async function orgOf(userId: string) {
    const [org] = await t.database.db.select().from(organizations).where(eq(organizations.ownerId, userId));
    return org!;
  }

  it("refuses a second account with the same email", async () => {
    const res = await register("ADA@example.com");
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("EMAIL_IN_USE");
  });

  it("lists every broken password rule", async () => {
    const res = await register("weak@example.com", "short");
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.code).toBe("WEAK_PASSWORD");
    expect(body.errors.map((e: { message: string }) => e.message)).toEqual([
      "Password must be at least 8 characters",
      "Password must contain an uppercase letter",
      "Password must contain a number",
    ]);
    expect(body.errors.every((e: { field: string }) => e.field === "password")).toBe(true);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, "weak@example.com"));
    expect(row).toBeUndefined();
  });

  it("refuses a common password, also with digits or symbols added, whatever the character rules say", async () => {
    for (const password of ["Password1", "Qwerty123", "Sunshine2024!"]) {
      const res = await register(`common-${password.length}@example.com`, password);
      expect(res.statusCode, password).toBe(422);
      expect(res.json()).toMatchObject({
        code: "WEAK_PASSWORD",
        detail: expect.stringMatching(/most commonly used passwords/),
        errors: [{ field: "password", message: expect.stringMatching(/Choose a less predictable one/) }],
      });
    }
  });

  it("signs in with the right password and the token works on /me", async () => {
    const res = await login("ada@example.com");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token_type).toBe("bearer");
    expect(body.user.email).toBe("ada@example.com");
    const meRes = await me(body.access_token);
    expect(meRes.statusCode).toBe(200);
    expect(meRes.json()).toMatchObject({ email: "ada@example.com", role: "admin" });
  });

  it("gives sessions the configured lifetime, usable by better-auth's own endpoints too", async () => {
    const before = Date.now();
    const { access_token } = (await login("ada@example.com")).json();
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.token, access_token));
    const lifetime = session!.expiresAt.getTime() - before;
    expect(lifetime).toBeGreaterThan(28_800_000 - 5_000);
    expect(lifetime).toBeLessThan(28_800_000 + 5_000);

    const res = await t.app.inject({
      method: "GET",
      url: "/api/identity/get-session",
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe("ada@example.com");
  });

  it("answers a wrong password and an unknown email alike", async () => {
    const wrong = await login("ada@example.com", "Wrong-password1");
    const unknown = await login("nobody@example.com");
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: "INVALID_CREDENTIALS", detail: "Incorrect email or password" });
    }
    // A success clears the failure counter.
    expect((await login("ada@example.com")).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, "ada@example.com"));
    expect(row!.failedLoginCount).toBe(0);
  });

  it("locks the account at the 5th failure for that address, even against the right password; the owner elsewhere still gets in", async () => {
    await register("locked@example.com", PASSWORD, "Lock Smith");
    // Addresses and emails differ per run: with REDIS_URL the counts outlive the test database.
    const stranger = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
    for (let i = 1; i <= 4; i++) expect((await login("locked@example.com", `Wrong-${i}-Password`, stranger)).statusCode).toBe(401);
    const fifth = await login("locked@example.com", "Wrong-5-Password", stranger);
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json().code).toBe("ACCOUNT_LOCKED");
    expect(fifth.json().detail).toMatch(/Try again in 15 minutes/);
    expect(fifth.json().retryAfter).toBeGreaterThan(890);
    expect(Number(fifth.headers["retry-after"])).toBe(fifth.json().retryAfter);

    const right = await login("locked@example.com", PASSWORD, stranger);
    expect(right.statusCode).toBe(423);

    // The real owner, from another address, is not locked out by someone guessing.
    const owner = await login("locked@example.com", PASSWORD, `203.0.113.${1 + Math.floor(Math.random() * 250)}`);
    expect(owner.statusCode).toBe(200);
    expect((await login("locked@example.com", PASSWORD, stranger)).statusCode).toBe(423);
  });

  it("locks an unknown email the same way, so the answers do not tell which accounts exist", async () => {
    const from = `192.0.2.${1 + Math.floor(Math.random() * 250)}`;
    const nobody = `nobody-${Math.random().toString(36).slice(2)}@example.com`;
    const codes: number[] = [];
    for (let i = 1; i <= 6; i++) codes.push((await login(nobody, `Wrong-${i}-Password`, from)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 423, 423]);
  });

  it("revokes the token on logout", async () => {
    const { access_token } = (await login("grace@example.com")).json();
    const out = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: { authorization: `Bearer ${access_token}` } });
    expect(out.statusCode).toBe(200);
    expect((await me(access_token)).statusCode).toBe(401);
  });

  it("refuses an inactive user with the right password, and their old session", async () => {
    const { access_token, user } = (await register("gone@example.com", PASSWORD, "Gone Away")).json();
    await setActive(t.database.db, user.id, false);
    await t.app.ctx.authenticator.invalidate(user.id);
    const res = await login("gone@example.com");
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("ACCOUNT_INACTIVE");
    expect((await me(access_token)).statusCode).toBe(401);
  });

  it("refuses the bearer at once after signing out or revoking through better-auth's own endpoints", async () => {
    for (const path of ["/api/identity/sign-out", "/api/identity/revoke-sessions"]) {
      const { access_token } = (await login("grace@example.com")).json();
      expect((await me(access_token)).statusCode).toBe(200); // now cached by the authenticator
      const out = await t.app.inject({
        method: "POST",
        url: path,
        headers: { authorization: `Bearer ${access_token}`, origin: t.config.publicUrl },
        payload: {},
      });
      expect(out.statusCode, `${path}: ${out.body}`).toBe(200);
      expect((await me(access_token)).statusCode, path).toBe(401);
    }
  });

  it("ends a session at its absolute lifetime, however much it is used", async () => {
    const { access_token } = (await login("ada@example.com")).json();
    const maxAgeMs = t.config.SESSION_MAX_AGE_SECONDS * 1000;
    // Signed in almost 30 days ago and used ever since: the slide stops at the 30-day mark.
    const createdAt = new Date(Date.now() - maxAgeMs + 120_000);
    await t.database.db
      .update(sessions)
      .set({ createdAt, expiresAt: new Date(Date.now() + 30_000) })
      .where(eq(sessions.token, access_token));
    await t.app.ctx.authenticator.invalidate();
    expect((await me(access_token)).statusCode).toBe(200);
    const [slid] = await t.database.db.select().from(sessions).where(eq(sessions.token, access_token));
    expect(slid!.expiresAt.getTime()).toBe(createdAt.getTime() + maxAgeMs);

    // Past the mark it is refused, even with an expiry still ahead (a row from before the limit).
    await t.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - maxAgeMs - 1000), expiresAt: new Date(Date.now() + 3_600_000) })
      .where(eq(sessions.token, access_token));
    await t.app.ctx.authenticator.invalidate();
    expect((await me(access_token)).statusCode).toBe(401);
  });

  it("needs a token for /me", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/auth/me" });
    expect(res.statusCode).toBe(401);
  });

  it("does not serve better-auth's password endpoints over HTTP, where our lockout would not apply", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/identity/sign-in/email",
      headers: { origin: t.config.publicUrl },
      payload: { email: "ada@example.com", password: PASSWORD },
    });
    expect(res.statusCode).toBe(404);
    // better-auth compared these literally: a real token, another case or a trailing slash got through.
    for (const url of [
      "/api/identity/reset-password/some-token?callbackURL=%2Freset-password",
      "/api/identity/Sign-In/email",
      "/api/identity/sign-in/email/",
      "/api/identity//sign-in/email",
      "/api/identity/sign-in%2Femail",
    ]) {
      const method = url.includes("reset-password") ? "GET" : "POST";
      const other = await t.app.inject({
        method,
        url,
        headers: { origin: t.config.publicUrl },
        payload: method === "POST" ? { email: "ada@example.com", password: PASSWORD } : undefined,
      });
      expect(other.statusCode, url).toBe(404);
    }
    const ok = await t.app.inject({ method: "GET", url: "/api/identity/ok" });
    expect(ok.statusCode).toBe(200);
  });
});
