import { randomBytes } from "node:crypto";
import { count, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import { errorReports } from "./error-reports.table.ts";

describe("client error reports", () => {
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;
  /**
   * A fresh address per request unless one is given: the per-IP throttle must not leak between
   * tests, nor between runs sharing one Redis (IPv6 is throttled per /64, hence random prefixes).
   */
  const randomIp = () => `2001:db8:${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}::1`;
  const report = (body: unknown, opts: { headers?: Record<string, string>; ip?: string } = {}) =>
    t.app.inject({
      method: "POST",
      url: "/api/errors/report",
      payload: body as object,
      headers: { "x-forwarded-for": opts.ip ?? randomIp(), ...opts.headers },
    });
  const stored = async (id: string) => (await t.database.db.select().from(errorReports).where(sql`${errorReports.id} = ${id}`))[0];

  beforeAll(async () => {
    // Clients are told apart by X-Forwarded-For, as behind a load balancer the operator trusts.
    t = await createTestApp({ TRUST_PROXY: "true" });
    admin = await createUser(t.database.db, { instanceAdmin: true });
    user = await createUser(t.database.db);
  });
  afterAll(() => t.close());

  it("stores a report from an anonymous visitor and derives severity per shell §8", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ type: "validation", message: "Email is invalid", field: "email", retryable: false }, "low"],
      [{ type: "permission", message: "No access", status: 403, retryable: false }, "high"],
      [{ type: "server", message: "Boom", status: 503, retryable: true }, "critical"],
      [{ type: "server", message: "Odd", status: 418, retryable: true }, "high"],
      [{ type: "network", message: "Offline", retryable: true }, "medium"],
      [{ type: "timeout", message: "Slow", timeout: 30000, retryable: true }, "medium"],
      [{ type: "network", message: "Explicit", severity: "critical", retryable: true }, "critical"],
    ];
    for (const [body, severity] of cases) {
      const res = await report({ ...body, timestamp: new Date().toISOString() });
      expect(res.statusCode, JSON.stringify(body)).toBe(201);
      expect(res.json().severity).toBe(severity);
    }
    const res = await report({ type: "validation", message: "Email is invalid", field: "email", retryable: false, timestamp: 1 });
    const row = await stored(res.json().id);
    expect(row).toMatchObject({ type: "validation", severity: "low", userId: null, workspaceId: null });
    expect(row?.context).toMatchObject({ error: { field: "email", retryable: false, timestamp: 1 } });
  });

  it("accepts the web app's tracker payload and attaches the signed-in caller", async () => {
    const res = await report(
      {
        type: "server",
        severity: "critical",
        message: "Server error occurred. Please try again later.",
        stack: "Error: x\n    at y",
        url: "http://localhost:8000/dashboard",
        user_agent: "Mozilla/5.0 test",
        timestamp: new Date().toISOString(),
        context: { status: 500, http: "HTTP 500: Internal Server Error", component: "Dashboard" },
      },
      { headers: user.headers },
    );
    expect(res.statusCode).toBe(201);
    const row = await stored(res.json().id);
    expect(row).toMatchObject({
      userId: user.id,
      workspaceId: user.workspaceId,
      url: "http://localhost:8000/dashboard",
      userAgent: "Mozilla/5.0 test",
      stack: "Error: x\n    at y",
    });
    expect(row?.context).toMatchObject({ component: "Dashboard", status: 500 });
  });

  it("accepts the spec's wrapped body {error, context, stackTrace} as well as the flat one", async () => {
    const res = await report(
      {
        error: { type: "server", message: "Dashboard failed to load", status: 502, retryable: true, context: { from: "error" } },
        context: { component: "Dashboard", route: "/dashboard" },
        stackTrace: "Error: Dashboard failed to load\n    at load (dashboard.tsx:10:3)",
        url: "http://localhost:8000/dashboard",
      },
      { headers: user.headers },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().severity).toBe("critical");
    const row = await stored(res.json().id);
    expect(row).toMatchObject({
      type: "server",
      severity: "critical",
      message: "Dashboard failed to load",
      stack: "Error: Dashboard failed to load\n    at load (dashboard.tsx:10:3)",
      url: "http://localhost:8000/dashboard",
      userId: user.id,
    });
    expect(row?.context).toMatchObject({
      component: "Dashboard",
      route: "/dashboard",
      from: "error",
      error: { status: 502, retryable: true },
    });
    // The same rules hold inside the wrapper: a bad type is a 422 naming the field, and nothing is stored.
    const bad = await report({ error: { type: "cosmic", message: "x" }, context: {}, stackTrace: "s" });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].field).toBe("type");
    const noMessage = await report({ error: { type: "network" }, stackTrace: "s" });
    expect(noMessage.statusCode).toBe(422);
    expect(noMessage.json().errors[0].field).toBe("message");
  });

  it("stores no token from a report's URL, message, stack or context", async () => {
    const res = await report({
      type: "server",
      message: "Failed: GET /api/auth/verify-email?token=verify-tok-1",
      stack: "Error\n    at http://localhost:8000/reset-password?token=reset-tok-2:1:1",
      url: "http://localhost:8000/reset-password?token=reset-tok-3&email=ann%40example.com#frag-tok-4",
      context: { request: "/api/auth/reset-password?token=reset-tok-5", nested: { href: "/sso/complete?code=sso-6" } },
    });
    expect(res.statusCode).toBe(201);
    const row = await stored(res.json().id);
    expect(row?.url).toBe("http://localhost:8000/reset-password?token=[redacted]&email=[redacted]");
    expect(row?.message).toBe("Failed: GET /api/auth/verify-email?token=[redacted]");
    expect(row?.context).toMatchObject({
      request: "/api/auth/reset-password?token=[redacted]",
      nested: { href: "/sso/complete?code=[redacted]" },
    });
    const listed = JSON.stringify(
      (await t.app.inject({ method: "GET", url: "/api/errors/reports?per_page=100", headers: admin.headers })).json(),
    );
    for (const secret of ["verify-tok-1", "reset-tok-2", "reset-tok-3", "ann%40example.com", "frag-tok-4", "reset-tok-5", "sso-6"]) {
      expect(JSON.stringify(row)).not.toContain(secret);
      expect(listed).not.toContain(secret);
    }
  });

  it("refuses invalid and oversized reports with a clear message, storing nothing", async () => {
    const [before] = await t.database.db.select({ n: count() }).from(errorReports);
    const badType = await report({ type: "cosmic", message: "x" });
    expect(badType.statusCode).toBe(422);
    expect(badType.json().errors[0].field).toBe("type");
    const longMessage = await report({ type: "unknown", message: "x".repeat(2001) });
    expect(longMessage.statusCode).toBe(422);
    expect(longMessage.json().detail).toBe("message must be at most 2000 characters");
    const bigContext = await report({ type: "unknown", message: "x", context: { blob: "y".repeat(17_000) } });
    expect(bigContext.statusCode).toBe(422);
    expect(bigContext.json().detail).toBe("context must be at most 16384 characters of JSON");
    const huge = await report({ type: "unknown", message: "x", extra: "z".repeat(70_000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ code: "ERROR_REPORT_TOO_LARGE", detail: "Error report too large: at most 64 KB" });
    const [after] = await t.database.db.select({ n: count() }).from(errorReports);
    expect(after?.n).toBe(before?.n);
  });

  it("throttles one address to 60 reports a minute", async () => {
    const ip = randomIp();
    for (let i = 0; i < 60; i++) expect((await report({ type: "unknown", message: `loop ${i}` }, { ip })).statusCode).toBe(201);
    const res = await report({ type: "unknown", message: "loop 61" }, { ip });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: "RATE_LIMITED", detail: expect.stringMatching(/^Too many error reports from this address/) });
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    // Another address is unaffected.
    expect((await report({ type: "unknown", message: "other" }, { ip: randomIp() })).statusCode).toBe(201);
  });

  it("keeps at most 10,000 reports and none older than 30 days", async () => {
    await t.database.db.execute(sql`delete from error_reports`);
    await t.database.db.execute(sql`
      insert into error_reports (id, type, severity, message, created_at)
      select gen_random_uuid(), 'network', 'medium', 'bulk ' || g, now() - interval '1 day' - make_interval(secs => g)
      from generate_series(1, 10000) g`);
    await t.database.db.execute(sql`
      insert into error_reports (id, type, severity, message, created_at)
      values (gen_random_uuid(), 'server', 'high', 'ancient', now() - interval '31 days')`);
    const res = await report({ type: "timeout", message: "newest" });
    expect(res.statusCode).toBe(201);
    const [total] = await t.database.db.select({ n: count() }).from(errorReports);
    expect(total?.n).toBe(10_000);
    const kept = await t.database.db
      .select({ message: errorReports.message })
      .from(errorReports)
      .where(inArray(errorReports.message, ["newest", "ancient", "bulk 10000", "bulk 9999", "bulk 1"]));
    // The newest report stays; the 31-day-old one and the oldest bulk one are gone.
    expect(kept.map((r) => r.message).sort()).toEqual(["bulk 1", "bulk 9999", "newest"]);
  });

  it("lists reports with counts by type to instance administrators only", async () => {
    const denied = await t.app.inject({ method: "GET", url: "/api/errors/reports", headers: user.headers });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe("INSTANCE_ADMIN_REQUIRED");
    expect((await t.app.inject({ method: "GET", url: "/api/errors/reports" })).statusCode).toBe(401);

    const res = await t.app.inject({ method: "GET", url: "/api/errors/reports?per_page=5&type=timeout", headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 1, page: 1, per_page: 5, counts_by_type: { network: 9999, timeout: 1 } });
    expect(body.counts_by_severity).toEqual({ medium: 10_000 });
    expect(body.reports).toEqual([expect.objectContaining({ type: "timeout", message: "newest", severity: "medium" })]);
  });
});
