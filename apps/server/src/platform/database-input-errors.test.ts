import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../test/factories.ts";

/** Values that only the database refuses (found by the fuzz suite): a 422, never a 500. */
describe("client values the database refuses", () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp({}, { work: false });
    user = await createUser(t.database.db);
  });
  afterAll(() => t.close());

  it("answers 422 to a text id where the column is a uuid (a cursor, a path id)", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/analytics/intelligence/benchmarks?cursor=v", headers: user.headers });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe("VALIDATION_FAILED");
    const send = await t.app.inject({ method: "POST", url: "/api/reports/schedules/null/send", headers: user.headers });
    expect(send.statusCode).toBe(422);
  });

  it("answers 422 to a lone surrogate or NUL in a value stored as JSON", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/errors/report",
      headers: { ...user.headers, "content-type": "application/json" },
      payload: '{"type":"network","message":"m","severity":"high","context":{"x":"\\ud800"}}',
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().code).toBe("VALIDATION_FAILED");
  });
});
