/**
 * Password reset. Every test has its own account (own address, own sessions, own lockout) and its
 * own client address (the per-address limits of the sign-in endpoints), so each runs alone or in
 * any order.
 */
import { randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_SETUP_TOKEN, type TestApp } from "../../../test/create-test-app.ts";
import { mailMessages } from "../../platform/mailbox.table.ts";
import { users, verifications } from "./identity.table.ts";

const FIRST = "First-password1";
const SECOND = "Second-password2";
const THIRD = "Third-password3";

let clients = 0;

describe("password reset (/api/auth/request-password-reset, /api/auth/reset-password)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A new account with FIRST as its password, and a client address of its own. */
  async function account() {
    const email = `reset-${randomBytes(4).toString("hex")}@example.com`;
    const ip = `10.77.0.${++clients}`;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      // The token is needed by the instance's first sign-up only, and ignored afterwards.
      payload: { email, password: FIRST, full_name: "Reset Me", setup_token: TEST_SETUP_TOKEN },
      remoteAddress: ip,
    });
    expect(res.statusCode, res.body).toBe(201);

    const requestReset = (address = email) =>
      t.app.inject({ method: "POST", url: "/api/auth/request-password-reset", payload: { email: address }, remoteAddress: ip });
    const reset = (token: string, new_password: string) =>
      t.app.inject({ method: "POST", url: "/api/auth/reset-password", payload: { token, new_password }, remoteAddress: ip });
    const login = (password: string) =>
      t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password }, remoteAddress: ip });

    /** Asks for a reset and returns the token from the link in the newest mail. */
    async function resetToken(): Promise<string> {
      expect((await requestReset()).statusCode).toBe(200);
      const [mail] = await resetMails(email);
      const link = mail!.text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0];
      expect(link, mail!.text).toBeDefined();
      expect(link!.startsWith(`${t.config.publicUrl}/reset-password?token=`)).toBe(true);
      expect(mail!.text).toContain("expires in 1 hour");
      const token = new URL(link!).searchParams.get("token")!;
      // Stored by hash only: the database alone cannot be used to reset anyone's password.
      const stored = await t.database.db.select({ identifier: verifications.identifier }).from(verifications);
      expect(stored.some((v) => v.identifier.includes(token))).toBe(false);
      return token;
    }

    return { email, requestReset, reset, login, resetToken };
  }

  async function resetMails(to: string) {
    return t.database.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.toAddress, to), eq(mailMessages.kind, "password_reset")))
      .orderBy(desc(mailMessages.createdAt));
  }

  const me = (token: string) => t.app.inject({ method: "GET", url: "/api/auth/me", headers: { authorization: `Bearer ${token}` } });

  it("gives the same answer whether or not the account exists, and mails only a real account", async () => {
    const a = await account();
    const nobody = `nobody-${randomBytes(4).toString("hex")}@example.com`;
    const known = await a.requestReset();
    const unknown = await a.requestReset(nobody);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(await resetMails(nobody)).toHaveLength(0);
    expect(await resetMails(a.email)).toHaveLength(1);
  });

  it("resets the password through the mailed link and signs out every old session", async () => {
    const a = await account();
    const old = (await a.login(FIRST)).json().access_token as string;
    expect((await me(old)).statusCode).toBe(200);

    const token = await a.resetToken();
    const weak = await a.reset(token, "weakpass");
    expect(weak.statusCode).toBe(422);
    expect(weak.json().code).toBe("WEAK_PASSWORD");
    expect(weak.json().errors).toEqual([
      { field: "new_password", message: "Password must contain an uppercase letter" },
      { field: "new_password", message: "Password must contain a number" },
    ]);

    const same = await a.reset(token, FIRST);
    expect(same.statusCode).toBe(422);
    expect(same.json()).toMatchObject({ code: "PASSWORD_RECENTLY_USED", detail: "Password was used recently. Choose a different one." });

    const done = await a.reset(token, SECOND);
    expect(done.statusCode).toBe(200);

    expect((await me(old)).statusCode).toBe(401);
    expect((await a.login(FIRST)).statusCode).toBe(401);
    expect((await a.login(SECOND)).statusCode).toBe(200);

    const again = await a.reset(token, THIRD);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe("INVALID_TOKEN");
  });

  it("refuses any of the last passwords on a later reset, and accepts a new one", async () => {
    const a = await account();
    expect((await a.reset(await a.resetToken(), SECOND)).statusCode).toBe(200);

    const token = await a.resetToken();
    // FIRST is no longer the current password, only in the history: still refused.
    const reused = await a.reset(token, FIRST);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe("PASSWORD_RECENTLY_USED");
    expect((await a.reset(token, THIRD)).statusCode).toBe(200);
    expect((await a.login(THIRD)).statusCode).toBe(200);
  });

  it("revokes every API key of the account on reset, at once", async () => {
    const a = await account();
    const session = (await a.login(FIRST)).json().access_token as string;
    const created = await t.app.inject({
      method: "POST",
      url: "/api/user-settings/api-keys",
      headers: { authorization: `Bearer ${session}` },
      payload: { name: "made by whoever had the password", permissions: ["billing:update"] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const key = created.json().key as string;
    const useKey = () => t.app.inject({ method: "GET", url: "/api/user-settings/billing", headers: { "x-api-key": key } });
    expect((await useKey()).statusCode).toBe(200); // and now cached by the key authenticator

    const token = await a.resetToken();
    expect((await a.reset(token, "Reset-with-keys5")).statusCode).toBe(200);
    expect((await useKey()).statusCode).toBe(401);
    const signedIn = await a.login("Reset-with-keys5");
    expect(signedIn.statusCode).toBe(200);
    const keys = await t.app.inject({
      method: "GET",
      url: "/api/user-settings/api-keys",
      headers: { authorization: `Bearer ${signedIn.json().access_token}` },
    });
    expect(keys.json()).toEqual([]);
  });

  it("refuses an unknown token", async () => {
    const a = await account();
    const res = await a.reset("not-a-real-token", THIRD);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("INVALID_TOKEN");
    expect((await a.login(FIRST)).statusCode).toBe(200);
  });

  it("lifts a lockout once the password is reset", async () => {
    const a = await account();
    for (let i = 0; i < 5; i++) await a.login(`Wrong-guess-${i}A`);
    expect((await a.login(FIRST)).statusCode).toBe(423);
    const token = await a.resetToken();
    expect((await a.reset(token, "Fourth-password4")).statusCode).toBe(200);
    // The lock was kept per account and address; the reset lifts it for every address.
    expect((await a.login("Fourth-password4")).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, a.email));
    expect(row!.lockedUntil).toBeNull();
  });
});
