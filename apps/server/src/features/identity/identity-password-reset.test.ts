import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_SETUP_TOKEN, type TestApp } from "../../../test/create-test-app.ts";
import { mailMessages } from "../../platform/mailbox.table.ts";
import { users, verifications } from "./identity.table.ts";

const FIRST = "First-password1";
const SECOND = "Second-password2";
const THIRD = "Third-password3";
const EMAIL = "reset.me@example.com";

describe("password reset (/api/auth/request-password-reset, /api/auth/reset-password)", () => {
  let t: TestApp;
  beforeAll(async () => {
    // Several resets of one address in this file: the per-address email limit is not under test here.
    t = await createTestApp({ AUTH_EMAIL_RATE_LIMIT_PER_HOUR: "50" });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { email: EMAIL, password: FIRST, full_name: "Reset Me", setup_token: TEST_SETUP_TOKEN },
    });
    expect(res.statusCode).toBe(201);
  });
  afterAll(() => t.close());

  const requestReset = (email: string) => t.app.inject({ method: "POST", url: "/api/auth/request-password-reset", payload: { email } });
  const reset = (token: string, new_password: string) =>
    t.app.inject({ method: "POST", url: "/api/auth/reset-password", payload: { token, new_password } });
  const login = (password: string) => t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: EMAIL, password } });

  async function resetMails(to: string) {
    return t.database.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.toAddress, to), eq(mailMessages.kind, "password_reset")))
      .orderBy(desc(mailMessages.createdAt));
  }

  /** Asks for a reset and returns the token from the link in the newest mail. */
  async function resetToken(): Promise<string> {
    expect((await requestReset(EMAIL)).statusCode).toBe(200);
    const [mail] = await resetMails(EMAIL);
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

  it("gives the same answer whether or not the account exists, and mails only a real account", async () => {
    const known = await requestReset(EMAIL);
    const unknown = await requestReset("nobody@example.com");
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(await resetMails("nobody@example.com")).toHaveLength(0);
    expect((await resetMails(EMAIL)).length).toBeGreaterThan(0);
  });

  it("resets the password through the mailed link and signs out every old session", async () => {
    const old = (await login(FIRST)).json().access_token as string;
    const oldMe = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: { authorization: `Bearer ${old}` } });
    expect(oldMe.statusCode).toBe(200);

    const token = await resetToken();
    const weak = await reset(token, "weakpass");
    expect(weak.statusCode).toBe(422);
    expect(weak.json().code).toBe("WEAK_PASSWORD");
    expect(weak.json().errors).toEqual([
      { field: "new_password", message: "Password must contain an uppercase letter" },
      { field: "new_password", message: "Password must contain a number" },
    ]);

    const same = await reset(token, FIRST);
    expect(same.statusCode).toBe(422);
    expect(same.json()).toMatchObject({ code: "PASSWORD_RECENTLY_USED", detail: "Password was used recently. Choose a different one." });

    const done = await reset(token, SECOND);
    expect(done.statusCode).toBe(200);

    const afterMe = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: { authorization: `Bearer ${old}` } });
    expect(afterMe.statusCode).toBe(401);
    expect((await login(FIRST)).statusCode).toBe(401);
    expect((await login(SECOND)).statusCode).toBe(200);

    const again = await reset(token, THIRD);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe("INVALID_TOKEN");
  });

  it("refuses any of the last passwords on a later reset, and accepts a new one", async () => {
    const token = await resetToken();
    const reused = await reset(token, FIRST);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe("PASSWORD_RECENTLY_USED");
    expect((await reset(token, THIRD)).statusCode).toBe(200);
    expect((await login(THIRD)).statusCode).toBe(200);
  });

  it("revokes every API key of the account on reset, at once", async () => {
    const session = (await login(THIRD)).json().access_token as string;
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

    const token = await resetToken();
    expect((await reset(token, "Reset-with-keys5")).statusCode).toBe(200);
    expect((await useKey()).statusCode).toBe(401);
    expect((await login("Reset-with-keys5")).statusCode).toBe(200);
    const keys = await t.app.inject({
      method: "GET",
      url: "/api/user-settings/api-keys",
      headers: { authorization: `Bearer ${(await login("Reset-with-keys5")).json().access_token}` },
    });
    expect(keys.json()).toEqual([]);
  });

  it("refuses an unknown token", async () => {
    const res = await reset("not-a-real-token", THIRD.replace("3", "4"));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("INVALID_TOKEN");
  });

  it("lifts a lockout once the password is reset", async () => {
    for (let i = 0; i < 5; i++) await login(`Wrong-guess-${i}A`);
    expect((await login(THIRD)).statusCode).toBe(423);
    const token = await resetToken();
    expect((await reset(token, "Fourth-password4")).statusCode).toBe(200);
    // The lock was kept per account and address; the reset lifts it for every address.
    expect((await login("Fourth-password4")).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, EMAIL));
    expect(row!.lockedUntil).toBeNull();
  });
});
