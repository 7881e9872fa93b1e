/**
 * Two-factor end to end through the API: setup with a QR code, confirmation, sign-in with a code
 * and with single-use recovery codes, replay and lockout, new recovery codes, turning it off.
 * Codes come from otplib as an authenticator app would make them; the clock is set per 30 s step.
 */
import { count, eq } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { sessions, users } from "../identity/identity.table.ts";
import { type Account, accountApi, FIREFOX_WINDOWS, PASSWORD } from "./account-security.fixtures.ts";
import { recoveryCodes, twoFactorCredentials } from "./account-security.table.ts";

describe("two-factor authentication", () => {
  let t: TestApp;
  let api: ReturnType<typeof accountApi>;
  let a: Account;
  let secret: string;
  let clock: number;

  beforeAll(async () => {
    t = await createTestApp();
    api = accountApi(t);
    a = await api.signUp();
    vi.useFakeTimers({ toFake: ["Date"] });
    clock = Math.ceil(Date.now() / 30_000) * 30_000 + 1_000;
    vi.setSystemTime(clock);
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t.close();
  });

  /** Moves to the next 30-second step, so each code below is a fresh one. */
  function nextStep(): void {
    clock += 30_000;
    vi.setSystemTime(clock);
  }
  const codeNow = () => generate({ secret, epoch: Math.floor(Date.now() / 1000) });
  const challenge = async (): Promise<string> => {
    const res = await api.login(a.email, PASSWORD);
    expect(res.statusCode, res.body).toBe(401);
    return res.json().two_factor_token;
  };
  const secondStep = (payload: object) => t.app.inject({ method: "POST", url: "/api/auth/login/two-factor", payload });
  const sessionCount = async () =>
    Number((await t.database.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, a.id)))[0]?.n);

  it("starts a setup after the password is confirmed: otpauth URI, QR code and secret, nothing enforced yet", async () => {
    const wrong = await api.post(a.token, "/two-factor", { enable: true, password: "Wrong-Password1!" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe("INVALID_CURRENT_PASSWORD");

    const res = await api.post(a.token, "/two-factor", { enable: true, password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const body = res.json();
    secret = body.secret;
    expect(body.status).toBe("pending");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(body.otpauth_uri);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.host).toBe("totp");
    expect(decodeURIComponent(uri.pathname)).toBe(`/Prospector:${a.email}`);
    expect(uri.searchParams.get("secret")).toBe(secret);
    expect(uri.searchParams.get("issuer")).toBe("Prospector");
    expect(body.qr_code).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(body.qr_code.split(",")[1], "base64");
    expect(png.subarray(1, 4).toString()).toBe("PNG");

    const [stored] = await t.database.db.select().from(twoFactorCredentials).where(eq(twoFactorCredentials.userId, a.id));
    expect(stored?.secretEncrypted).not.toContain(secret);
    expect((await api.get(a.token, "/security")).json()).toMatchObject({ two_factor_enabled: false, two_factor_pending: true });
    // Until a code confirms the setup, signing in needs the password only.
    expect((await api.login(a.email, PASSWORD)).statusCode).toBe(200);
  });

  it("wants a 6-digit code and says when it is wrong", async () => {
    for (const token of ["12345", "1234567", "abcdef", ""]) {
      const res = await api.post(a.token, "/two-factor/verify", { token });
      expect(res.statusCode, token).toBe(422);
      expect(res.json().errors[0].field).toBe("token");
    }
    const right = await codeNow();
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, "0");
    const res = await api.post(a.token, "/two-factor/verify", { token: wrong });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "INVALID_TOTP_CODE", detail: "Invalid verification code. Please try again." });
  });

  it("turns on with a right code, returns 10 recovery codes once, and signs out the other devices", async () => {
    const laptop = await api.signIn(a.email, PASSWORD, { userAgent: FIREFOX_WINDOWS });
    expect((await api.me(laptop)).statusCode).toBe(200);
    nextStep();
    const res = await api.post(a.token, "/two-factor/verify", { token: await codeNow() });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: "enabled", other_sessions_revoked: 2 });
    expect(new Set(body.recovery_codes).size).toBe(10);
    expect(body.recovery_codes[0]).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect((await api.me(laptop)).statusCode).toBe(401);
    expect((await api.me(a.token)).statusCode).toBe(200);

    const stored = await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, a.id));
    expect(stored).toHaveLength(10);
    const dump = JSON.stringify(stored);
    for (const code of body.recovery_codes) expect(dump).not.toContain(code.replaceAll("-", ""));
    expect((await api.get(a.token, "/security")).json()).toMatchObject({
      two_factor_enabled: true,
      two_factor_pending: false,
      recovery_codes_remaining: 10,
    });
    expect((await api.get(a.token, "/settings")).json().two_factor_enabled).toBe(true);
    recovery = body.recovery_codes;
  });
  let recovery: string[] = [];

  it("answers TOTP_ALREADY_ENABLED to a second setup or confirmation", async () => {
    nextStep();
    const verify = await api.post(a.token, "/two-factor/verify", { token: await codeNow() });
    expect(verify.statusCode).toBe(409);
    expect(verify.json().code).toBe("TOTP_ALREADY_ENABLED");
    const start = await api.post(a.token, "/two-factor", { enable: true, password: PASSWORD });
    expect(start.json().code).toBe("TOTP_ALREADY_ENABLED");
  });

  it("asks for a code after the password, with no session until it is given", async () => {
    const before = await sessionCount();
    const res = await api.login(a.email, PASSWORD);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: "TWO_FACTOR_REQUIRED", expires_in: 300 });
    expect(res.json().two_factor_token).toMatch(/^[\w-]{40,}$/);
    expect(await sessionCount()).toBe(before);
    // A wrong password still says so, without revealing that two-factor is on.
    const wrong = await api.login(a.email, "Wrong-Password1!");
    expect(wrong.json()).toEqual({ code: "INVALID_CREDENTIALS", detail: "Incorrect email or password" });
  });

  it("signs in with a code; the same code and the same challenge never work twice", async () => {
    nextStep();
    const code = await codeNow();
    const token = await challenge();
    const res = await secondStep({ two_factor_token: token, code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.email).toBe(a.email);
    expect((await api.me(res.json().access_token)).statusCode).toBe(200);

    const again = await secondStep({ two_factor_token: token, code });
    expect(again.json().code).toBe("TWO_FACTOR_CHALLENGE_EXPIRED");
    const replay = await secondStep({ two_factor_token: await challenge(), code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe("INVALID_TOTP_CODE");
    nextStep();
    const fresh = await secondStep({ two_factor_token: await challenge(), code: await codeNow() });
    expect(fresh.statusCode).toBe(200);
  });

  it("signs in once with each recovery code, typed loosely", async () => {
    const code = recovery[0] as string;
    const typed = ` ${code.toLowerCase().replaceAll("-", " ")} `;
    const res = await secondStep({ two_factor_token: await challenge(), recovery_code: typed });
    expect(res.statusCode, res.body).toBe(200);
    const reused = await secondStep({ two_factor_token: await challenge(), recovery_code: code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe("INVALID_RECOVERY_CODE");
    expect((await api.get(a.token, "/security")).json().recovery_codes_remaining).toBe(9);
  });

  it("validates the second step: one of code or recovery code, and a live challenge", async () => {
    const token = await challenge();
    expect((await secondStep({ two_factor_token: token })).statusCode).toBe(422);
    expect((await secondStep({ two_factor_token: token, code: "123456", recovery_code: "X" })).statusCode).toBe(422);
    expect((await secondStep({ two_factor_token: token, code: "12a456" })).statusCode).toBe(422);
    const bogus = await secondStep({ two_factor_token: "not-a-challenge", code: "123456" });
    expect(bogus.statusCode).toBe(401);
    expect(bogus.json().code).toBe("TWO_FACTOR_CHALLENGE_EXPIRED");
    clock += 6 * 60_000;
    vi.setSystemTime(clock);
    const late = await secondStep({ two_factor_token: token, code: await codeNow() });
    expect(late.json()).toMatchObject({
      code: "TWO_FACTOR_CHALLENGE_EXPIRED",
      detail: "This sign-in attempt has expired. Please sign in again.",
    });
  });

  it("locks the account after 5 wrong codes, and a right password in between does not reset the count", async () => {
    // A completed sign-in starts the count from zero.
    nextStep();
    expect((await secondStep({ two_factor_token: await challenge(), code: await codeNow() })).statusCode).toBe(200);
    const wrong = { code: "000000" };
    if ((await codeNow()) === "000000") wrong.code = "111111";
    for (let i = 0; i < 2; i++) {
      expect((await secondStep({ two_factor_token: await challenge(), ...wrong })).json().code).toBe("INVALID_TOTP_CODE");
    }
    const token = await challenge();
    for (let i = 0; i < 2; i++) expect((await secondStep({ two_factor_token: token, ...wrong })).json().code).toBe("INVALID_TOTP_CODE");
    const fifth = await secondStep({ two_factor_token: token, ...wrong });
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json().code).toBe("ACCOUNT_LOCKED");
    nextStep();
    expect((await secondStep({ two_factor_token: token, code: await codeNow() })).json().code).toBe("TWO_FACTOR_CHALLENGE_EXPIRED");
    expect((await api.login(a.email, PASSWORD)).json().code).toBe("ACCOUNT_LOCKED");

    clock += (t.config.LOGIN_LOCKOUT_SECONDS + 30) * 1000;
    vi.setSystemTime(clock);
    const res = await secondStep({ two_factor_token: await challenge(), code: await codeNow() });
    expect(res.statusCode, res.body).toBe(200);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, a.id));
    expect(user?.failedLoginCount).toBe(0);
  });

  it("renews recovery codes after the password: the old ones stop working", async () => {
    const wrong = await api.post(a.token, "/two-factor/recovery-codes", { password: "Wrong-Password1!" });
    expect(wrong.json().code).toBe("INVALID_CURRENT_PASSWORD");
    const res = await api.post(a.token, "/two-factor/recovery-codes", { password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const fresh: string[] = res.json().recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recovery[1]);
    expect((await secondStep({ two_factor_token: await challenge(), recovery_code: recovery[1] })).json().code).toBe(
      "INVALID_RECOVERY_CODE",
    );
    expect((await secondStep({ two_factor_token: await challenge(), recovery_code: fresh[0] })).statusCode).toBe(200);
  });

  it("turns off with the password, signs out other devices, and sign-in needs the password only", async () => {
    nextStep();
    const other = (await secondStep({ two_factor_token: await challenge(), code: await codeNow() })).json().access_token;
    const wrong = await api.post(a.token, "/two-factor/disable", { password: "Wrong-Password1!" });
    expect(wrong.statusCode).toBe(401);

    const res = await api.post(a.token, "/two-factor", { enable: false, password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "disabled" });
    expect(res.json().other_sessions_revoked).toBeGreaterThanOrEqual(1);
    expect((await api.me(other)).statusCode).toBe(401);
    expect((await api.me(a.token)).statusCode).toBe(200);
    expect((await api.login(a.email, PASSWORD)).statusCode).toBe(200);
    expect((await api.get(a.token, "/security")).json()).toMatchObject({ two_factor_enabled: false, recovery_codes_remaining: 0 });
    const left = await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, a.id));
    expect(left).toHaveLength(0);

    const again = await api.post(a.token, "/two-factor/disable", { password: PASSWORD });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("TWO_FACTOR_NOT_ENABLED");
    const verify = await api.post(a.token, "/two-factor/verify", { token: "123456" });
    expect(verify.statusCode).toBe(409);
    expect(verify.json().code).toBe("TWO_FACTOR_SETUP_NOT_STARTED");
  });
});
