import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { newsletterSubscribers } from "./newsletter.table.ts";

describe("POST /api/newsletter/subscribe", () => {
  let t: TestApp;
  // Random /64 prefixes: the per-IP throttle is shared through Redis between runs.
  const randomIp = () => `2001:db8:${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}::1`;
  const subscribe = (payload: unknown, ip = randomIp()) =>
    t.app.inject({ method: "POST", url: "/api/newsletter/subscribe", payload: payload as object, headers: { "x-forwarded-for": ip } });

  beforeAll(async () => {
    // Clients are told apart by X-Forwarded-For, as behind a load balancer the operator trusts.
    t = await createTestApp({ TRUST_PROXY: "true" });
  });
  afterAll(() => t.close());

  it("stores the address once, however often it is submitted", async () => {
    const first = await subscribe({ email: "Reader@Example.com" });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toMatch(/Thanks for subscribing/);
    const again = await subscribe({ email: "reader@example.com" });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const rows = await t.database.db.select().from(newsletterSubscribers);
    expect(rows.map((r) => r.email)).toEqual(["reader@example.com"]);
  });

  it("rejects an invalid address with the landing page's message", async () => {
    for (const payload of [{ email: "not-an-email" }, { email: "" }, {}]) {
      const res = await subscribe(payload);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ detail: "Please enter a valid email address", errors: [{ field: "email" }] });
    }
  });

  it("throttles one address after 10 sign-ups a minute", async () => {
    const ip = randomIp();
    for (let i = 0; i < 10; i++) expect((await subscribe({ email: `r${i}@example.com` }, ip)).statusCode).toBe(200);
    const res = await subscribe({ email: "r10@example.com" }, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe("RATE_LIMITED");
  });
});

describe("newsletter throttle without a trusted proxy (the default)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("ignores X-Forwarded-For, so a client cannot dodge the limit by inventing addresses", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/newsletter/subscribe",
        payload: { email: `spoof${i}@example.com` },
        headers: { "x-forwarded-for": `203.0.113.${i + 1}` },
        remoteAddress: "198.51.100.7",
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
