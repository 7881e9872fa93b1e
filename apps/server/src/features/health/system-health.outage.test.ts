/**
 * Readiness through a real database outage, without restarting the app: a private PostgreSQL
 * cluster (never the shared one other tests use) is stopped under a running app, then started
 * again. Runs where DATABASE_URL is set (CI's PostgreSQL job), as root with the postgres user.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { PG_TEMPLATE_ENV } from "../../../test/database-template.ts";
import { createPgCluster, type PgCluster, pgClusterProblem } from "../../../test/pg-cluster.ts";
import { waitFor } from "../../../test/wait.ts";

const reason = !process.env.DATABASE_URL ? "needs DATABASE_URL (the PostgreSQL run)" : pgClusterProblem();
const canRun = !reason;

describe.skipIf(!canRun)(`readiness through a database outage (PostgreSQL)${canRun ? "" : `: skipped, ${reason}`}`, () => {
  let cluster: PgCluster;
  let t: TestApp;
  const pgCtl = (action: "start" | "stop") => (action === "start" ? cluster.start() : cluster.stop("fast"));

  beforeAll(async () => {
    cluster = await createPgCluster();
    // The test app's database on the private cluster: migrated there (the shared template lives elsewhere).
    const saved = { url: process.env.DATABASE_URL, template: process.env[PG_TEMPLATE_ENV] };
    process.env.DATABASE_URL = cluster.url;
    delete process.env[PG_TEMPLATE_ENV];
    try {
      t = await createTestApp({}, { work: true });
    } finally {
      process.env.DATABASE_URL = saved.url;
      if (saved.template) process.env[PG_TEMPLATE_ENV] = saved.template;
    }
  }, 180_000);

  afterAll(async () => {
    try {
      await t?.close();
    } finally {
      cluster?.destroy();
    }
  }, 60_000);

  const ready = () => t.app.inject({ method: "GET", url: "/api/health/ready" });

  it("turns unready when the database stops, stays alive, and is ready again when it is back", async () => {
    expect((await ready()).statusCode).toBe(200);

    pgCtl("stop");
    const down = await ready();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ status: "unready", checks: { database: { status: "error" } } });
    expect(down.json().failed).toContain("database");
    // The process itself answers, and the instance's other endpoints do not crash it.
    expect((await t.app.inject({ method: "GET", url: "/api/health/live" })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(503);
    // Let the pool's idle clients and pg-boss notice the outage (their errors must not crash the process).
    await new Promise((r) => setTimeout(r, 2500));
    expect((await ready()).statusCode).toBe(503);

    const t0 = Date.now();
    pgCtl("start");
    await waitFor(async () => (await ready()).statusCode === 200, {
      what: "readiness after the database restarted",
      timeoutMs: 30_000,
      intervalMs: 250,
    });
    const body = (await ready()).json();
    expect(body).toEqual(expect.objectContaining({ status: "ready", failed: [] }));
    console.info(`ready again ${Date.now() - t0} ms after the database started`);
  }, 120_000);
});
