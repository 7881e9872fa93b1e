/**
 * Single sign-on against a real OpenID Connect provider (`oidc-provider`) on 127.0.0.1, driving
 * the authorization-code flow the way a browser would: our start route, the provider's sign-in and
 * consent forms, our callback, then the cookie-for-token exchange the /sso/complete page makes.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import Provider from "oidc-provider";
import { generate, generateSecret } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_SETUP_TOKEN, type TestApp } from "../../../test/create-test-app.ts";
import { loadAuthSecret } from "../../platform/secrets.ts";
import { twoFactorCredentials } from "../account-security/account-security.table.ts";
import { createTwoFactorCrypto } from "../account-security/two-factor.crypto.ts";
import { users } from "./identity.table.ts";

const CLIENT_ID = "prospector";
const CLIENT_SECRET = "prospector-test-client-secret";
const PEOPLE: Record<string, { email: string; name: string }> = {
  alice: { email: "alice@corp.example", name: "Alice Idp" },
  bob: { email: "bob@corp.example", name: "Bob Idp" },
  carol: { email: "carol@corp.example", name: "Carol Idp" },
  owner: { email: "owner@corp.example", name: "Owner Idp" },
};

async function startIdp(redirectUri: string): Promise<{ issuer: string; close(): Promise<void> }> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [{ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uris: [redirectUri], response_types: ["code"] }],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    findAccount: async (_ctx, id) => {
      const person = PEOPLE[id];
      if (!person) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, email: person.email, email_verified: true, name: person.name }) };
    },
    cookies: { keys: ["idp-test-cookie-key"] },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
  });
  server.on("request", provider.callback());
  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A tiny cookie jar: name → value, from Set-Cookie headers. */
class Jar {
  private readonly cookies = new Map<string, string>();
  take(setCookies: string[]): void {
    for (const c of setCookies) {
      const [pair] = c.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === "" || /max-age=0/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

const asList = (h: string | string[] | undefined): string[] => (h === undefined ? [] : Array.isArray(h) ? h : [h]);

describe("single sign-on with an OIDC provider", () => {
  let t: TestApp;
  let idp: Awaited<ReturnType<typeof startIdp>>;
  const publicUrl = "http://localhost:8000";

  beforeAll(async () => {
    idp = await startIdp(`${publicUrl}/api/identity/callback/oidc`);
    t = await createTestApp({
      PUBLIC_URL: publicUrl,
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      OIDC_NAME: "Corp Login",
    });
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  /** Signs `who` in at the provider and returns where it sends the browser back to us. */
  async function throughIdp(authorizeUrl: string, who: string): Promise<string> {
    const jar = new Jar();
    let url = authorizeUrl;
    for (let hop = 0; hop < 12; hop++) {
      if (url.startsWith(publicUrl)) return url;
      const res = await fetch(url, { redirect: "manual", headers: { cookie: jar.header() } });
      jar.take(res.headers.getSetCookie());
      if (res.status >= 300 && res.status < 400) {
        url = new URL(res.headers.get("location")!, url).toString();
        continue;
      }
      const html = await res.text();
      expect(res.status, html).toBe(200);
      // The provider's development forms: sign in as `who`, then grant consent.
      const prompt = html.includes('name="login"') ? "login" : "consent";
      const body = new URLSearchParams(prompt === "login" ? { prompt, login: who, password: "any" } : { prompt });
      const submit = await fetch(url, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
        body,
      });
      jar.take(submit.headers.getSetCookie());
      expect(submit.status).toBeGreaterThanOrEqual(300);
      url = new URL(submit.headers.get("location")!, url).toString();
    }
    throw new Error("too many redirects at the identity provider");
  }

  /** The browser round trip up to our callback: its answer and the cookies the browser then holds. */
  async function ssoCallback(who: string, redirect = "/dashboard") {
    const app = new Jar();
    const start = await t.app.inject({ method: "GET", url: `/api/auth/sso/start?redirect=${encodeURIComponent(redirect)}` });
    expect(start.statusCode).toBe(302);
    app.take(asList(start.headers["set-cookie"]));
    const authorize = new URL(start.headers.location as string);
    expect(authorize.origin).toBe(idp.issuer);
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${publicUrl}/api/identity/callback/oidc`);

    const back = new URL(await throughIdp(authorize.toString(), who));
    expect(back.pathname).toBe("/api/identity/callback/oidc");
    const callback = await t.app.inject({ method: "GET", url: back.pathname + back.search, headers: { cookie: app.header() } });
    expect(callback.statusCode).toBe(302);
    app.take(asList(callback.headers["set-cookie"]));
    return { location: String(callback.headers.location), cookie: app.header() };
  }

  /** The whole browser round trip; returns the response of POST /api/auth/sso/token. */
  async function signInWithSso(who: string, redirect = "/dashboard") {
    const { location, cookie } = await ssoCallback(who, redirect);
    expect(location).toBe(`${publicUrl}/sso/complete?redirect=${encodeURIComponent(redirect)}`);
    return t.app.inject({ method: "POST", url: "/api/auth/sso/token", headers: { cookie }, payload: {} });
  }

  const register = (email: string, setup_token?: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { email, password: "Correct-Horse7", full_name: "Pre Registered", setup_token },
    });

  it("shows the SSO button's name", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/auth/config" });
    expect(res.json().sso).toEqual({ enabled: true, name: "Corp Login" });
  });

  it("does not let single sign-on create the first account of a fresh instance: that needs the setup token", async () => {
    const { location, cookie } = await ssoCallback("owner");
    const error = new URL(location);
    expect(`${error.origin}${error.pathname}`).toBe(`${publicUrl}/sign-in`);
    expect(error.searchParams.get("error")).toBe("SETUP_TOKEN_REQUIRED");
    expect(await t.database.db.select().from(users)).toEqual([]);
    expect((await t.app.inject({ method: "POST", url: "/api/auth/sso/token", headers: { cookie }, payload: {} })).statusCode).toBe(401);
    expect((await register("owner@corp.example", TEST_SETUP_TOKEN)).statusCode).toBe(201);
  });

  it("signs a new user in through the provider and gives them their own organization", async () => {
    const res = await signInWithSso("alice", "/leads");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token_type).toBe("bearer");
    expect(body.user).toMatchObject({ email: "alice@corp.example", full_name: "Alice Idp", role: "admin", is_instance_admin: false });
    // The cookie copy of the session is dropped once the bearer token is handed over.
    expect(asList(res.headers["set-cookie"]).some((c) => /session_token=;.*Max-Age=0/.test(c))).toBe(true);

    const me = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: { authorization: `Bearer ${body.access_token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe("alice@corp.example");

    const bob = (await signInWithSso("bob")).json();
    expect(bob.user.is_instance_admin).toBe(false);
    expect(bob.user.organization.id).not.toBe(body.user.organization.id);
  });

  it("signs a returning user into the same account", async () => {
    const first = (await signInWithSso("alice")).json();
    const again = (await signInWithSso("alice")).json();
    expect(again.user.id).toBe(first.user.id);
    expect(again.access_token).not.toBe(first.access_token);
  });

  it("does not hand a pre-registered account of the same email to the SSO user (no implicit linking)", async () => {
    // Someone signed up as carol@corp.example first (verified at once: no SMTP here).
    const squatter = await register("carol@corp.example");
    expect(squatter.statusCode).toBe(201);
    const { location, cookie } = await ssoCallback("carol");
    const error = new URL(location);
    expect(error.pathname).toBe("/sign-in");
    expect(error.searchParams.get("error")).toBe("account_not_linked");
    const exchange = await t.app.inject({ method: "POST", url: "/api/auth/sso/token", headers: { cookie }, payload: {} });
    expect(exchange.statusCode).toBe(401);
    const [carol] = await t.database.db.select().from(users).where(eq(users.email, "carol@corp.example"));
    expect(carol!.id).toBe(squatter.json().user.id);
  });

  it("asks a user who turned two-factor on for the code after SSO, and the SSO session is useless before that", async () => {
    const bob = (await signInWithSso("bob")).json();
    // Turn two-factor on for bob as the settings page would leave it (an SSO-only user has no
    // password to confirm there, so it is written directly).
    const secret = generateSecret();
    const crypto = createTwoFactorCrypto(loadAuthSecret(t.config));
    await t.database.db
      .insert(twoFactorCredentials)
      .values({ userId: bob.user.id, secretEncrypted: crypto.encrypt(secret), enabledAt: new Date() });
    await t.database.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, bob.user.id));

    const { location, cookie } = await ssoCallback("bob");
    expect(new URL(location).pathname).toBe("/sso/complete");
    // The callback's session cannot be used as it is: not as a bearer, not on better-auth's endpoints.
    const raw = decodeURIComponent(/session_token=([^;]+)/.exec(cookie)![1]!);
    for (const bearer of [raw, raw.split(".")[0]!]) {
      const me = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: { authorization: `Bearer ${bearer}` } });
      expect(me.statusCode).toBe(401);
    }
    const viaCookie = await t.app.inject({ method: "GET", url: "/api/identity/list-sessions", headers: { cookie } });
    expect(viaCookie.statusCode).toBe(401);

    const exchange = await t.app.inject({ method: "POST", url: "/api/auth/sso/token", headers: { cookie }, payload: {} });
    expect(exchange.statusCode).toBe(401);
    expect(exchange.json()).toMatchObject({ code: "TWO_FACTOR_REQUIRED", two_factor_token: expect.any(String) });
    // The exchange is one-shot: the SSO session is gone.
    expect((await t.app.inject({ method: "POST", url: "/api/auth/sso/token", headers: { cookie }, payload: {} })).statusCode).toBe(401);

    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) });
    const done = await t.app.inject({
      method: "POST",
      url: "/api/auth/login/two-factor",
      payload: { two_factor_token: exchange.json().two_factor_token, code },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().user.email).toBe("bob@corp.example");
  });

  it("refuses the token exchange without the callback's cookie", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/auth/sso/token", payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it("refuses a redirect to another site", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/auth/sso/start?redirect=${encodeURIComponent("//evil.example/x")}` });
    expect(res.statusCode).toBe(422);
  });
});

describe("single sign-on when not configured", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("says so", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/auth/sso/start" });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("SSO_NOT_CONFIGURED");
  });
});
