/** Test helpers of account security: real sign-ups and sign-ins through the API, as a browser would. */
import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { TEST_SETUP_TOKEN, type TestApp } from "../../../test/create-test-app.ts";

export const PASSWORD = "Correct-Horse7!";
export const CHROME_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
export const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
export const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

export interface Account {
  id: string;
  email: string;
  token: string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function accountApi(t: TestApp) {
  async function signUp(password = PASSWORD): Promise<Account> {
    const email = `sec-${randomBytes(4).toString("hex")}@example.com`;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      // The token is needed by the instance's first sign-up only, and ignored afterwards.
      payload: { email, password, full_name: "Security Tester", setup_token: TEST_SETUP_TOKEN },
      headers: { "user-agent": CHROME_MAC },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    return { id: body.user.id, email, token: body.access_token };
  }

  const login = (email: string, password = PASSWORD, opts: { userAgent?: string; ip?: string } = {}) =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password },
      headers: opts.userAgent ? { "user-agent": opts.userAgent } : {},
      remoteAddress: opts.ip,
    });

  async function signIn(email: string, password = PASSWORD, opts: { userAgent?: string; ip?: string } = {}): Promise<string> {
    const res = await login(email, password, opts);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().access_token;
  }

  const me = (token: string) => t.app.inject({ method: "GET", url: "/api/auth/me", headers: bearer(token) });
  const get = (token: string, path: string) => t.app.inject({ method: "GET", url: `/api/user-settings${path}`, headers: bearer(token) });
  const post = (token: string, path: string, payload?: object) =>
    t.app.inject({ method: "POST", url: `/api/user-settings${path}`, headers: bearer(token), payload });

  return { signUp, login, signIn, me, get, post };
}
