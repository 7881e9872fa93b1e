import { sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { CATALOGUE, EDGE_CASE_LIMITS, type EdgeCaseLimits, edgeCases } from "./edge-cases.service.ts";

let t: TestApp;
let admin: TestUser;
let member: TestUser;
beforeAll(async () => {
  t = await createTestApp({}, { work: false });
  admin = await createUser(t.database.db, { instanceAdmin: true });
  member = await createUser(t.database.db);
});
afterAll(() => t.close());

/** This machine's free disk space is whatever it is: the "ok" runs ask for none. */
const ROOMY: EdgeCaseLimits = {
  ...EDGE_CASE_LIMITS,
  diskDegradedBytes: 0,
  diskDegradedRatio: 0,
  diskFailingBytes: 0,
  diskFailingRatio: 0,
  // A busy test machine may answer a ping slowly: "slow" is not what these tests look at.
  dbSlowMs: 10_000,
};
const auth = () => ({ userId: admin.id, isInstanceAdmin: true }) as AuthContext;
const statuses = async (limits = ROOMY, ctx = t.app.ctx) =>
  Object.fromEntries((await edgeCases(ctx, auth(), limits)).cases.map((c) => [c.id, c.status]));
const caseOf = async (id: string, limits = ROOMY, ctx = t.app.ctx) =>
  (await edgeCases(ctx, auth(), limits)).cases.find((c) => c.id === id)!;
const ws = () => admin.workspaceId;

describe("GET /api/system/edge-cases", () => {
  it("is for instance admins only", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/system/edge-cases", headers: member.headers });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("INSTANCE_ADMIN_REQUIRED");
    await expect(edgeCases(t.app.ctx, { ...auth(), isInstanceAdmin: false })).rejects.toMatchObject({ code: "INSTANCE_ADMIN_REQUIRED" });
  });

  it("lists the whole catalogue, each with what it does, how to recover, a page to fix it and a live status", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/system/edge-cases", headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.cases.map((c: { id: string }) => c.id)).toEqual(CATALOGUE.map((c) => c.id));
    for (const c of body.cases) {
      expect(c.system_response.length, c.id).toBeGreaterThan(40);
      expect(c.recovery.length, c.id).toBeGreaterThan(10);
      expect(c.fix_path, c.id).toMatch(/^\//);
      expect(["ok", "degraded", "failing", "unknown"]).toContain(c.status);
      expect(c.evidence.length, c.id).toBeGreaterThan(5);
    }
    expect(Object.values(body.summary).reduce((a, b) => (a as number) + (b as number), 0)).toBe(CATALOGUE.length);
  });

  it("reads ok everywhere on a quiet instance", async () => {
    const s = await statuses();
    expect(s).toEqual(Object.fromEntries(CATALOGUE.map((c) => [c.id, "ok"])));
  });
});

describe("each failure mode flips on its real condition", () => {
  it("SMTP down: an inbox whose latest delivery could not connect", async () => {
    await t.database.db.execute(sql`
      with i as (insert into inboxes (id, workspace_id, kind, email) values (gen_random_uuid(), ${ws()}, 'smtp', 'sales@acme.test') returning id),
      c as (insert into campaigns (id, workspace_id, name, steps, schedule) values (gen_random_uuid(), ${ws()}, 'C', '[]', '{}') returning id)
      insert into campaign_messages (id, workspace_id, campaign_id, step, inbox_id, status, error, attempts)
      select gen_random_uuid(), ${ws()}, c.id, 0, i.id, 'queued', 'connect ECONNREFUSED 127.0.0.1:2525', 1 from i, c`);
    const c = await caseOf("smtp-down");
    expect(c.status).toBe("failing");
    expect(c.details[0]).toContain("sales@acme.test: connect ECONNREFUSED");
    // A later successful send from that inbox means the latest attempt worked.
    await t.database.db.execute(sql`update inboxes set last_sent_at = now() + interval '1 second' where email = 'sales@acme.test'`);
    expect((await caseOf("smtp-down")).status).toBe("ok");
  });

  it("IMAP auth fails: an inbox whose last poll was refused the login", async () => {
    await t.database.db.execute(sql`
      insert into inboxes (id, workspace_id, kind, email, imap, imap_error)
      values (gen_random_uuid(), ${ws()}, 'smtp', 'replies@acme.test', '{"host":"imap.acme.test","port":993}', 'Invalid credentials (Failure): AUTHENTICATIONFAILED')`);
    const c = await caseOf("imap-auth");
    expect(c.status).toBe("failing");
    expect(c.details[0]).toContain("replies@acme.test");
    await t.database.db.execute(sql`update inboxes set imap_error = null where email = 'replies@acme.test'`);
    expect((await caseOf("imap-auth")).status).toBe("ok");
  });

  it("Redis lost: a Redis that does not answer (a closed port)", async () => {
    const dead = new Redis("redis://127.0.0.1:1", { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    dead.on("error", () => {});
    try {
      const c = await caseOf("redis-lost", ROOMY, { ...t.app.ctx, redis: dead });
      expect(c.status).toBe("failing");
      expect(c.evidence).toMatch(/^Redis did not answer/);
    } finally {
      dead.disconnect();
    }
    expect((await caseOf("redis-lost")).status).toBe("ok");
  });

  it("disk full: free space under the threshold", async () => {
    const c = await caseOf("disk-full", { ...ROOMY, diskFailingBytes: Number.MAX_SAFE_INTEGER });
    expect(c.status).toBe("failing");
    expect(c.evidence).toMatch(/GB free of .* GB/);
    expect((await caseOf("disk-full", { ...ROOMY, diskDegradedRatio: 1.01 })).status).toBe("degraded");
  });

  it("provider rate limited: a scraping job that stopped on a 429", async () => {
    await t.database.db.execute(sql`
      insert into scraping_jobs (id, workspace_id, source, parameters, status, error, finished_at)
      values (gen_random_uuid(), ${ws()}, 'google_maps', '{}', 'failed', 'Google Places rate limit reached; try again later (Quota exceeded)', now())`);
    const c = await caseOf("provider-rate-limited");
    expect(c.status).toBe("failing");
    expect(c.details[0]).toContain("scraping: Google Places rate limit reached");
    await t.database.db.execute(
      sql`update scraping_jobs set updated_at = now() - interval '3 hours', finished_at = now() - interval '3 hours'`,
    );
    expect((await caseOf("provider-rate-limited")).status).toBe("degraded");
    await t.database.db.execute(sql`delete from scraping_jobs`);
    expect((await caseOf("provider-rate-limited")).status).toBe("ok");
  });

  it("language model: the latest call failed, or a workspace hit its cap", async () => {
    await t.database.db.execute(sql`
      insert into ai_actions (id, workspace_id, kind, engine, model, input, outcome, error)
      values (gen_random_uuid(), ${ws()}, 'email.draft', 'llm', 'm', '{}', 'error', 'The language model at llm.test could not be reached: ECONNREFUSED')`);
    expect((await caseOf("llm-unreachable")).status).toBe("failing");
    await t.database.db.execute(sql`delete from ai_actions`);
    await t.database.db.execute(sql`
      insert into ai_actions (id, workspace_id, kind, engine, model, input, outcome, error)
      values (gen_random_uuid(), ${ws()}, 'email.draft', 'llm', 'm', '{}', 'refused', 'This workspace has spent $5.00 of its $5.00 monthly language-model cap')`);
    const capped = await caseOf("llm-unreachable");
    expect(capped.status).toBe("degraded");
    expect(capped.evidence).toContain("1 workspace hit the monthly cap");
    await t.database.db.execute(sql`delete from ai_actions`);
  });

  it("DNS timeouts and the kill switch read degraded while they last", async () => {
    await t.database.db.execute(sql`
      insert into deliverability_checks (id, workspace_id, domain, kind, status, summary)
      values (gen_random_uuid(), ${ws()}, 'acme.test', 'spf', 'unknown', 'Could not check: the DNS server did not answer in time')`);
    await t.database.db.execute(sql`
      insert into sending_holds (id, workspace_id, scope, target_id, target_label, reason)
      values (gen_random_uuid(), ${ws()}, 'workspace', ${ws()}, 'Acme', 'Complaint spike')`);
    const s = await statuses();
    expect(s["dns-timeouts"]).toBe("degraded");
    expect(s["kill-switch"]).toBe("degraded");
    await t.database.db.execute(sql`update sending_holds set released_at = now()`);
    await t.database.db.execute(sql`update deliverability_checks set status = 'pass'`);
    const after = await statuses();
    expect(after["dns-timeouts"]).toBe("ok");
    expect(after["kill-switch"]).toBe("ok");
  });

  it("job backlog: a ready job waiting past the threshold", async () => {
    const name = t.app.ctx.jobs.names()[0]!;
    await t.app.ctx.jobs.send(name, { probe: true });
    await new Promise((r) => setTimeout(r, 1100));
    const c = await caseOf("job-backlog", { ...ROOMY, backlogDegradedSeconds: 0.5, backlogFailingSeconds: 0.9 });
    expect(c.status).toBe("failing");
    expect(c.details.join("\n")).toContain(name);
    expect((await caseOf("job-backlog")).status).toBe("ok");
  });

  it("database: failing when it does not answer, and every database-backed check says unknown", async () => {
    const broken = {
      ...t.app.ctx,
      db: { execute: () => Promise.reject(new Error("connection terminated")) } as unknown as typeof t.app.ctx.db,
    };
    const s = await statuses(ROOMY, broken);
    expect(s.database).toBe("failing");
    expect(s["imap-auth"]).toBe("unknown");
    expect(s["smtp-down"]).toBe("unknown");
    expect(s["disk-full"]).toBe("ok");
  });
});
