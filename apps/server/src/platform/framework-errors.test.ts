import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/create-test-app.ts";

describe("URLs Fastify refuses before routing", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { work: false });
  });
  afterAll(() => t.close());

  it("answers a path parameter over the length limit with the error envelope", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/leads/${"x".repeat(5000)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: "BAD_REQUEST", detail: "A path segment of the URL is too long" });
  });

  it("answers malformed percent-encoding in a path parameter with the error envelope", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/leads/%E0%A4%A" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: "BAD_REQUEST", detail: "The URL is not valid (malformed percent-encoding)" });
  });
});
