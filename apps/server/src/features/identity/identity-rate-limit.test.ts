/**
 * Limits of the public sign-in endpoints, through real HTTP: per client address, per email
 * address, and the lockout per account and address. Runs on Redis too when REDIS_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPeerApp, createTestApp, TEST_SETUP_TOKEN, type TestApp } from "../../../test/create-test-app.ts";

const PASSWORD = "Correct-Horse7";
// Per run: with REDIS_URL the counts outlive the test database.
const OWNER = `owner-${Math.random().toString(36).slice(2, 10)}@example.com`;

describe("limits on the public sign-in endpoints", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      AUTH_RATE_LIMIT_PER_MINUTE: "5",
      AUTH_EMAIL_RATE_LIMIT_PER_HOUR: "2",
      LOGIN_MAX_ATTEMPTS: "3",
      LOGIN_LOCKOUT_SECONDS: "2",
    });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { email: OWNER, password: PASSWORD, full_name: "Owner", setup_token: TEST_SETUP_TOKEN },
      remoteAddress: "192.0.2.1",
    });
    expect(res.statusCode, res.body).toBe(201);
  });
  afterAll(() => t.close());

  // A distinct address per test (and run), so counts never carry over, in memory or in Redis.
  let n = 0;
  const run = Math.floor(Math.random() * 200) + 20;
  const nextIp = () => `10.${run}.${Math.floor(++n / 250)}.${n % 250}`;

  const post = (url: string, payload: object, ip: string) => t.app.inject({ method: "POST", url, payload, remoteAddress: ip });
  const login = (email: string, password: string, ip: string) => post("/api/auth/login", { email, password }, ip);

  const endpoints: [string, (i: number) => object][] = [
    ["/api/auth/login", (i) => ({ email: `who${i}@example.com`, password: "Wrong-password9" })],
    ["/api/auth/register", (i) => ({ email: `new${i}-${run}@example.com`, password: "x", full_name: "New" })],
    ["/api/auth/request-password-reset", (i) => ({ email: `reset${i}@example.com` })],
    ["/api/auth/resend-verification", (i) => ({ email: `verify${i}@example.com` })],
    ["/api/auth/login/two-factor", () => ({ two_factor_token: "no-such-challenge", code: "123456" })],
  ];

  it.each(endpoints)("answers 429 with Retry-After once one address goes over the limit on %s", async (url, body) => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await post(url, body(i), ip)).statusCode, `request ${i + 1}`).not.toBe(429);
    const over = await post(url, body(5), ip);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: "RATE_LIMITED", detail: expect.stringMatching(/Too many requests from your network/) });
    const retryAfter = Number(over.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another address is not affected.
    expect((await post(url, body(6), nextIp())).statusCode).not.toBe(429);
  });

  it("limits reset and verification emails per email address, from any address", async () => {
    for (const url of ["/api/auth/request-password-reset", "/api/auth/resend-verification"]) {
      expect((await post(url, { email: OWNER }, nextIp())).statusCode).toBe(200);
      expect((await post(url, { email: OWNER }, nextIp())).statusCode).toBe(200);
      const third = await post(url, { email: OWNER.toUpperCase() }, nextIp());
      expect(third.statusCode, url).toBe(429);
      expect(Number(third.headers["retry-after"])).toBeGreaterThan(60);
      expect(third.json().detail).toMatch(/already sent several emails to this address/);
    }
  });

  it("locks out a guessing address only: the owner signs in from elsewhere, and the guesser again after the wait", async () => {
    const stranger = nextIp();
    expect((await login(OWNER, "Wrong-guess-1", stranger)).statusCode).toBe(401);
    expect((await login(OWNER, "Wrong-guess-2", stranger)).statusCode).toBe(401);
    const third = await login(OWNER, "Wrong-guess-3", stranger);
    expect(third.statusCode).toBe(423);
    expect(third.json().code).toBe("ACCOUNT_LOCKED");
    // Not even the right password from there, but the owner elsewhere is not affected.
    expect((await login(OWNER, PASSWORD, stranger)).statusCode).toBe(423);
    expect((await login(OWNER, PASSWORD, nextIp())).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 2100));
    expect((await login(OWNER, PASSWORD, stranger)).statusCode).toBe(200);
  });
});

// Scale-out: two API processes on one PostgreSQL and one Redis share the counts.
describe.runIf(process.env.REDIS_URL && process.env.DATABASE_URL)("limits across API processes (Redis)", () => {
  const env = { AUTH_RATE_LIMIT_PER_MINUTE: "4", LOGIN_MAX_ATTEMPTS: "3", LOGIN_LOCKOUT_SECONDS: "60" };
  let a: TestApp;
  let b: Awaited<ReturnType<typeof createPeerApp>>;
  beforeAll(async () => {
    a = await createTestApp(env);
    b = await createPeerApp(a, env);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const ip = () => `172.${16 + Math.floor(Math.random() * 16)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
  const login = (app: TestApp["app"], email: string, password: string, remoteAddress: string) =>
    app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password }, remoteAddress });

  it("counts one client address over both processes, and a lockout from one holds on the other", async () => {
    const from = ip();
    const email = `peer-${Math.random().toString(36).slice(2, 10)}@example.com`;
    expect((await login(a.app, email, "Wrong-guess-1", from)).statusCode).toBe(401);
    expect((await login(b.app, email, "Wrong-guess-2", from)).statusCode).toBe(401);
    expect((await login(a.app, email, "Wrong-guess-3", from)).statusCode).toBe(423);
    expect((await login(b.app, email, "Wrong-guess-4", from)).statusCode).toBe(423);
    const fifth = await login(a.app, email, "Wrong-guess-5", from);
    expect(fifth.statusCode).toBe(429);
    expect(Number(fifth.headers["retry-after"])).toBeGreaterThanOrEqual(1);
  });
});
