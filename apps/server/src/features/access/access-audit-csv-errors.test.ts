import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import { settledWithin } from "../../../test/wait.ts";

/** The lead export's bug (found by the fuzz suite) in the audit CSV: a failing query left the answer open. */
describe("audit log CSV with a filter the database refuses", () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp({}, { work: false });
    user = await createUser(t.database.db);
  });
  afterAll(() => t.close());

  it("answers 422 at once instead of a CSV stream that never ends", async () => {
    const res = await settledWithin(
      t.app.inject({ method: "GET", url: "/api/v1/rbac/audit/logs.csv?resource=a%00b", headers: user.headers }),
      10_000,
    );
    expect(res).not.toBe("hung");
    if (res === "hung") return;
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe("VALIDATION_FAILED");
  });

  it("still streams the CSV for a valid filter", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/v1/rbac/audit/logs.csv?resource=leads", headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.body.split("\n")[0]).toContain("event");
  });
});
