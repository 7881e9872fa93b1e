import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/create-test-app.ts";
import { createUser } from "../../test/factories.ts";
import { SECURITY_HEADERS } from "./security-headers.ts";

describe("security headers", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { work: false });
  });
  afterAll(() => t.close());

  const expectAll = (headers: Record<string, unknown>) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(headers[name], name).toBe(value);
    expect(headers["content-security-policy"]).toBeUndefined();
    expect(headers["x-powered-by"]).toBeUndefined();
  };

  it("are on a successful API answer, with the answer's own headers beside them", async () => {
    const user = await createUser(t.database.db);
    const res = await t.app.inject({ url: "/api/auth/me", headers: { authorization: `Bearer ${user.token}` } });
    expect(res.statusCode).toBe(200);
    expectAll(res.headers);
    expect(res.headers["x-ratelimit-limit"]).toBeDefined();
    expect(res.headers["content-type"]).toMatch(/application\/json/);
  });

  it("are on refusals and on unknown paths", async () => {
    const unauthenticated = await t.app.inject({ url: "/api/auth/me" });
    expect(unauthenticated.statusCode).toBe(401);
    expectAll(unauthenticated.headers);
    const missing = await t.app.inject({ url: "/api/no-such-route" });
    expect(missing.statusCode).toBe(404);
    expectAll(missing.headers);
  });

  it("leave CORS to the CORS layer: only the configured origin is ever allowed", async () => {
    const res = await t.app.inject({
      method: "OPTIONS",
      url: "/api/auth/me",
      headers: { origin: t.config.publicUrl, "access-control-request-method": "GET" },
    });
    expect(res.headers["access-control-allow-origin"]).toBe(t.config.publicUrl);
    const other = await t.app.inject({ url: "/api/health", headers: { origin: "https://evil.example" } });
    expect(other.headers["access-control-allow-origin"]).toBe(t.config.publicUrl);
  });
});
