import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";

// One app for the file (PGlite migrations are the slow part); the last describe takes its database down.
let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: "error" }, { work: false, logStream: { write: (line) => void lines.push(line) } });
});
afterAll(async () => {
  // The database is already closed by the outage test: close the rest (and drop it on PostgreSQL).
  t.database.close = async () => {};
  await t.close();
});

describe("GET /api/health", () => {
  it("reports the database and job queue as ok", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe("ok");
    expect(body.checks.database.status).toBe("ok");
    expect(body.checks.jobs.status).toBe("ok");
    expect(body.checks.redis.status).toBe(process.env.REDIS_URL ? "ok" : "disabled");
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: "ROUTE_NOT_FOUND" });
  });
});

describe("GET /api/health when the database is down", () => {
  let instanceAdmin: TestUser;
  let orgAdmin: TestUser;
  beforeAll(async () => {
    instanceAdmin = await createUser(t.database.db, { instanceAdmin: true });
    orgAdmin = await createUser(t.database.db);
    // Each caller's session is now cached by the authenticator, so it is still known without a database.
    for (const user of [instanceAdmin, orgAdmin]) {
      expect((await t.app.inject({ method: "GET", url: "/api/health", headers: user.headers })).statusCode).toBe(200);
    }
    // A real outage: the driver's own error text (PGlite or pg) is what used to be shown to anyone.
    await t.database.close();
  });
  const health = (headers?: Record<string, string>) => t.app.inject({ method: "GET", url: "/api/health", headers });

  it("tells anyone and any organization admin only that the database check failed", async () => {
    for (const headers of [undefined, orgAdmin.headers]) {
      const res = await health(headers);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: "degraded", checks: { database: { status: "error" } } });
      expect(res.json().checks.database).toEqual({ status: "error" });
      expect(res.json().checks.jobs.detail).toBeUndefined();
    }
  });

  it("gives the instance admin, and the log, the reason", async () => {
    const res = await health(instanceAdmin.headers);
    expect(res.statusCode).toBe(503);
    const detail = res.json().checks.database.detail;
    expect(detail).toEqual(expect.any(String));
    expect(detail.length).toBeGreaterThan(0);
    const logged = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === "health check failed" && l.check === "database");
    expect(logged.length).toBeGreaterThan(0);
    expect(JSON.stringify(logged[0].err)).toContain(detail.slice(0, 20));
  });
});
