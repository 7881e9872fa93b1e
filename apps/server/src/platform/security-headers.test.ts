import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/create-test-app.ts";
import { createUser } from "../../test/factories.ts";
import { API_SECURITY_HEADERS, CONTENT_SECURITY_POLICY, PAGE_SECURITY_HEADERS } from "./security-headers.ts";

describe("security headers", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { work: false });
  });
  afterAll(() => t.close());

  const expectAll = (headers: Record<string, unknown>, set: Record<string, string> = API_SECURITY_HEADERS) => {
    for (const [name, value] of Object.entries(set)) expect(headers[name], name).toBe(value);
    if (set === API_SECURITY_HEADERS) expect(headers["content-security-policy"]).toBeUndefined();
    expect(headers["x-powered-by"]).toBeUndefined();
  };

  it("give pages the full set and API answers the part that applies to them", async () => {
    const docs = await t.app.inject({ url: "/docs/json" });
    expect(docs.statusCode).toBe(200);
    expectAll(docs.headers, PAGE_SECURITY_HEADERS);
    expect(docs.headers["content-security-policy"]).toBe(CONTENT_SECURITY_POLICY);
    const api = await t.app.inject({ url: "/api/health" });
    expectAll(api.headers);
    expect(api.headers["x-frame-options"]).toBe("DENY");
    expect(api.headers["x-xss-protection"]).toBeUndefined();
    expect(api.headers["x-dns-prefetch-control"]).toBeUndefined();
  });

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

  it("send no CORS headers by default: the web app shares the API's origin", async () => {
    const res = await t.app.inject({ url: "/api/health", headers: { origin: "https://evil.example" } });
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
  });
});

describe("CORS_ORIGINS", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CORS_ORIGINS: "https://crm.example.com, https://other.example.org/" }, { work: false });
  });
  afterAll(() => t.close());

  it("lets the listed origins call the API from a browser, and only them", async () => {
    const preflight = await t.app.inject({
      method: "OPTIONS",
      url: "/api/auth/me",
      headers: { origin: "https://crm.example.com", "access-control-request-method": "GET" },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe("https://crm.example.com");
    expect(preflight.headers["access-control-allow-credentials"]).toBe("true");
    const second = await t.app.inject({ url: "/api/health", headers: { origin: "https://other.example.org" } });
    expect(second.headers["access-control-allow-origin"]).toBe("https://other.example.org");
    const other = await t.app.inject({ url: "/api/health", headers: { origin: "https://evil.example" } });
    expect(other.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("refuses a value that is not a list of origins", async () => {
    const { parseConfig } = await import("../config.ts");
    expect(() => parseConfig({ CORS_ORIGINS: "https://crm.example.com/app" })).toThrow(/CORS_ORIGINS must be comma-separated origins/);
  });
});
