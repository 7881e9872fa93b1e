import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import { settledWithin } from "../../../test/wait.ts";

/** Found by the fuzz suite: a filter the database refused left GET /api/leads/export.csv hanging. */
describe("lead CSV export with a filter the database refuses", () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp({}, { work: false });
    user = await createUser(t.database.db);
  });
  afterAll(() => t.close());

  it("answers 422 at once instead of a CSV stream that never ends", async () => {
    const res = await settledWithin(t.app.inject({ method: "GET", url: "/api/leads/export.csv?tag=a%00b", headers: user.headers }), 10_000);
    expect(res).not.toBe("hung");
    if (res === "hung") return;
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe("VALIDATION_FAILED");
  });

  it("still streams the CSV for a valid filter", async () => {
    await t.app.inject({ method: "POST", url: "/api/leads", headers: user.headers, payload: { email: "csv@example.com", tags: ["vip"] } });
    const res = await t.app.inject({ method: "GET", url: "/api/leads/export.csv?tag=vip", headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.body).toContain("csv@example.com");
  });
});
