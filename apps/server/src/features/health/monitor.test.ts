import { sql } from "drizzle-orm";
import fc from "fast-check";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import { waitFor } from "../../../test/wait.ts";
import { createJobs, type Jobs } from "../../platform/jobs.ts";

// One app for the file (the migrations are the slow part). A second job runner on the same
// database, as a worker process would be, defines a queue whose handler really throws.
let t: TestApp;
let admin: TestUser;
let member: TestUser;
let runner: Jobs;
const QUEUE = "monitor-test.flaky";
/** Jobs to fail once (then succeed on retry), or always. */
const seen = new Map<string, number>();
beforeAll(async () => {
  t = await createTestApp({}, { work: false });
  admin = await createUser(t.database.db, { instanceAdmin: true });
  member = await createUser(t.database.db);
  runner = createJobs(t.database, pino({ level: "silent" }));
  runner.define<{ mode: "once" | "always" }>(
    QUEUE,
    async (data, meta) => {
      const n = (seen.get(meta.id) ?? 0) + 1;
      seen.set(meta.id, n);
      if (data.mode === "always" || n === 1) {
        throw new Error("SMTP refused: password=hunter2 via smtp://ann:s3cret@mail.example.com for ann.lee@example.com");
      }
    },
    // One job per fetch: platform/jobs.ts fails a whole fetched batch when one of its jobs throws.
    { retryLimit: 0, batchSize: 1 },
  );
  await runner.start({ work: true });
});
afterAll(async () => {
  await runner.stop();
  await t.close();
});

const get = (url: string, user: TestUser = admin) => t.app.inject({ method: "GET", url, headers: user.headers });
const post = (url: string, payload: object, user: TestUser = admin) =>
  t.app.inject({ method: "POST", url, payload, headers: user.headers });
const failures = async (limit = 20, cursor?: string) =>
  (await get(`/api/system-monitor/queues/${encodeURIComponent(QUEUE)}/failures?limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`)).json();
const queue = async () => (await get("/api/system-monitor/queues")).json().queues.find((q: { name: string }) => q.name === QUEUE);
const stateOf = async (id: string) =>
  ((await t.database.db.execute(sql`select state from pgboss.job where id = ${id}::uuid`)) as unknown as { rows: { state: string }[] })
    .rows[0]?.state;

describe("/api/system-monitor access", () => {
  it("refuses anyone but an instance admin on every route", async () => {
    for (const url of [
      "/api/system-monitor/queues",
      `/api/system-monitor/queues/${QUEUE}/failures`,
      "/api/system-monitor/history",
      "/api/system-monitor/errors",
      "/api/system-monitor/errors/abc",
      "/api/system/edge-cases",
    ]) {
      const res = await get(url, member);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code, url).toBe("INSTANCE_ADMIN_REQUIRED");
      expect((await t.app.inject({ method: "GET", url })).statusCode, url).toBe(401);
    }
    const retry = await post(`/api/system-monitor/queues/${QUEUE}/retry`, {}, member);
    expect(retry.statusCode).toBe(403);
    expect(retry.json().code).toBe("INSTANCE_ADMIN_REQUIRED");
  });
});

describe("job queues", () => {
  let onceId: string;
  it("shows a job that really failed, with its error sanitised and its data summarised", async () => {
    onceId = (await runner.send(QUEUE, {
      mode: "once",
      leadId: "0191a1b2-0000-7000-8000-000000000001",
      apiKey: "sk-live-XYZ",
      count: 3,
      tags: ["a", "b"],
    }))!;
    await waitFor(async () => (await stateOf(onceId)) === "failed", { what: "the job to fail" });
    const q = await queue();
    expect(q).toMatchObject({ failed_24h: 1, completed_24h: 0, active: 0, defined_here: false });
    expect(q.last_failed_at).toEqual(expect.any(String));
    expect(q.avg_run_seconds).toEqual(expect.any(Number));
    // Queues this process defines are listed too, with zero figures.
    const all = (await get("/api/system-monitor/queues")).json().queues;
    for (const name of t.app.ctx.jobs.names()) expect(all.find((x: { name: string }) => x.name === name)?.defined_here).toBe(true);

    const page = await failures();
    expect(page.jobs).toHaveLength(1);
    const [job] = page.jobs;
    expect(job).toMatchObject({ id: onceId, queue: QUEUE, attempts: 1, retry_limit: 0 });
    expect(job.error).toContain("SMTP refused");
    const text = JSON.stringify(job);
    for (const secret of ["hunter2", "s3cret", "sk-live-XYZ", "ann.lee@"]) expect(text).not.toContain(secret);
    expect(job.data_summary).toEqual({
      mode: "once",
      leadId: "0191a1b2-0000-7000-8000-000000000001",
      apiKey: "[redacted]",
      count: "3",
      tags: "[2 items]",
    });
    expect(job.stack_head).toMatch(/^Error: SMTP refused/);
    expect(job.stack_head).not.toMatch(/\/work\//);
  });

  it("retries one failed job, which then completes, and refuses to retry it twice", async () => {
    const res = await post(`/api/system-monitor/queues/${QUEUE}/retry`, { job_id: onceId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ retried: 1 });
    await waitFor(async () => (await stateOf(onceId)) === "completed", { what: "the retried job to complete", timeoutMs: 30_000 });
    expect(seen.get(onceId)).toBe(2);
    expect((await failures()).jobs).toHaveLength(0);
    const q = await queue();
    // It needed two attempts: counted among the retried jobs.
    expect(q).toMatchObject({ failed_24h: 0, completed_24h: 1, retried_jobs_24h: 1, retries_24h: 1 });
    const again = await post(`/api/system-monitor/queues/${QUEUE}/retry`, { job_id: onceId });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("MONITOR_JOB_NOT_FAILED");
  });

  it("pages the failures by keyset and retries all of a queue's failed jobs at once", async () => {
    const ids = await Promise.all([1, 2, 3].map(() => runner.send(QUEUE, { mode: "always" })));
    await waitFor(async () => (await Promise.all(ids.map((id) => stateOf(id!)))).every((s) => s === "failed"), { what: "three failures" });
    const walked: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await failures(2, cursor);
      expect(page.jobs.length).toBeLessThanOrEqual(2);
      walked.push(...page.jobs.map((j: { id: string }) => j.id));
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    expect(walked.sort()).toEqual([...ids].sort());
    expect((await queue()).failed_24h).toBe(3);

    const res = await post(`/api/system-monitor/queues/${QUEUE}/retry`, {});
    expect(res.json()).toEqual({ retried: 3 });
    // They fail again (mode always) after a second attempt each.
    await waitFor(
      async () => {
        const states = await Promise.all(ids.map((id) => stateOf(id!)));
        return states.every((s) => s === "failed") && ids.every((id) => seen.get(id!) === 2);
      },
      { what: "three second failures", timeoutMs: 30_000, intervalMs: 2000 },
    );
    const q = await queue();
    // The three, and the one retried before.
    expect(q.retried_jobs_24h).toBe(4);
    expect(q.retries_24h).toBe(4);
    expect((await failures()).jobs.every((j: { attempts: number }) => j.attempts === 2)).toBe(true);
  });

  it("answers 404 for an unknown queue and 422 for a cursor it did not hand out", async () => {
    const missing = await get("/api/system-monitor/queues/no-such-queue/failures");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe("MONITOR_QUEUE_NOT_FOUND");
    expect((await post("/api/system-monitor/queues/no-such-queue/retry", {})).statusCode).toBe(404);
    const bad = await get(`/api/system-monitor/queues/${QUEUE}/failures?cursor=nope`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].field).toBe("cursor");
    const badId = await post(`/api/system-monitor/queues/${QUEUE}/retry`, { job_id: "x" });
    expect(badId.statusCode).toBe(422);
    expect(badId.json().errors[0].field).toBe("job_id");
  });
});

describe("history", () => {
  it("buckets the sampled queue and error figures of the range", async () => {
    const sample = (minutesAgo: number, queued: number, failed: number, reports: number) => ({
      taken_at: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
      jobs: { queued, active: 0, failed, completed: 1, oldest_queued_seconds: queued ? 30 : null, by_queue: {} },
      errors: { reports },
    });
    for (const [m, q, f, r] of [
      [5, 4, 1, 2],
      [4, 2, 0, 1],
      [90, 10, 3, 0],
      [60 * 24 * 3, 7, 7, 7],
    ] as const) {
      const s = sample(m, q, f, r);
      await t.database.db.execute(
        sql`insert into system_samples (taken_at, sample) values (${s.taken_at}::timestamptz, ${JSON.stringify(s)}::jsonb)`,
      );
    }
    const h1 = (await get("/api/system-monitor/history?range=1h")).json();
    expect(h1).toMatchObject({ range: "1h", bucket_seconds: 60, samples: 2 });
    expect(h1.points.reduce((s: number, p: { failed: number }) => s + p.failed, 0)).toBe(1);
    expect(h1.points.reduce((s: number, p: { error_reports: number }) => s + p.error_reports, 0)).toBe(3);
    const d1 = (await get("/api/system-monitor/history?range=24h")).json();
    expect(d1.samples).toBe(3);
    expect(Math.max(...d1.points.map((p: { queued_max: number }) => p.queued_max))).toBe(10);
    expect((await get("/api/system-monitor/history?range=7d")).json().samples).toBe(4);
    const bad = await get("/api/system-monitor/history?range=2d");
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].field).toBe("range");
  });
});

describe("error groups", () => {
  const TYPES = ["validation", "network", "server"] as const;
  const report = (r: { type: string; field?: string; component?: string; message: string }, ip: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/errors/report",
      remoteAddress: ip,
      payload: {
        type: r.type,
        message: r.message,
        ...(r.field ? { field: r.field } : {}),
        context: r.component ? { component: r.component } : {},
      },
    });

  it("counts exactly what a direct recount of the stored reports gives, for any mix of reports", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            type: fc.constantFrom(...TYPES),
            field: fc.constantFrom(undefined, "email", "name"),
            component: fc.constantFrom(undefined, "LeadForm", "Dashboard"),
          }),
          { minLength: 1, maxLength: 25 },
        ),
        async (reports) => {
          run++;
          await t.database.db.execute(sql`delete from error_reports`);
          for (const [i, r] of reports.entries()) {
            const res = await report({ ...r, message: `case ${run} #${i}` }, `10.${run % 250}.${Math.floor(i / 50)}.${i % 50}`);
            expect(res.statusCode, res.body).toBe(201);
          }
          const expected = new Map<string, number>();
          const recount = (await t.database.db.execute(
            sql`select type, field, component, count(*)::int as n from error_reports group by 1, 2, 3`,
          )) as unknown as { rows: { type: string; field: string; component: string; n: number }[] };
          for (const r of recount.rows) expected.set(JSON.stringify([r.type, r.field, r.component]), Number(r.n));
          // And the recount matches what was sent.
          const sent = new Map<string, number>();
          for (const r of reports) {
            const k = JSON.stringify([r.type, r.field ?? "", r.component ?? ""]);
            sent.set(k, (sent.get(k) ?? 0) + 1);
          }
          expect(expected).toEqual(sent);
          // Walk every page of 2.
          const got = new Map<string, number>();
          let cursor: string | undefined;
          let total = 0;
          do {
            const page = (await get(`/api/system-monitor/errors?range=1h&limit=2${cursor ? `&cursor=${cursor}` : ""}`)).json();
            total = page.total_reports;
            expect(page.total_groups).toBe(sent.size);
            for (const g of page.groups) {
              expect(got.has(g.id)).toBe(false);
              got.set(JSON.stringify([g.type, g.field, g.component]), g.count);
              expect(g.trend.reduce((s: number, p: { count: number }) => s + p.count, 0)).toBe(g.count);
            }
            cursor = page.next_cursor ?? undefined;
          } while (cursor);
          expect(got).toEqual(sent);
          expect(total).toBe(reports.length);
        },
      ),
      { numRuns: 8 },
    );
  });

  it("orders groups by count, filters by type and range, and shows a group with its latest examples", async () => {
    await t.database.db.execute(sql`delete from error_reports`);
    for (let i = 0; i < 3; i++)
      await report({ type: "validation", field: "email", component: "LeadForm", message: `Email is invalid ${i}` }, `10.9.0.${i}`);
    await report({ type: "server", component: "Dashboard", message: "Boom" }, "10.9.1.1");
    // An old report: in 30 days, not in 24 hours.
    await t.database.db.execute(sql`
      insert into error_reports (id, type, severity, message, field, component, created_at)
      values (gen_random_uuid(), 'server', 'high', 'Old boom', '', 'Dashboard', now() - interval '3 days')`);
    const day = (await get("/api/system-monitor/errors?range=24h")).json();
    expect(day).toMatchObject({ bucket: "hour", total_reports: 4, total_groups: 2 });
    expect(day.groups.map((g: { count: number }) => g.count)).toEqual([3, 1]);
    expect(day.groups[0]).toMatchObject({ type: "validation", field: "email", component: "LeadForm" });
    expect(day.groups[0].latest.message).toBe("Email is invalid 2");
    expect(day.groups[0].trend).toHaveLength(25);
    const month = (await get("/api/system-monitor/errors?range=30d&type=server")).json();
    expect(month).toMatchObject({ bucket: "day", total_reports: 2, total_groups: 1 });
    expect(month.groups[0]).toMatchObject({ type: "server", field: "", component: "Dashboard", count: 2 });
    expect(month.groups[0].trend.filter((p: { count: number }) => p.count > 0)).toHaveLength(2);

    const detail = (await get(`/api/system-monitor/errors/${month.groups[0].id}?range=30d`)).json();
    expect(detail).toMatchObject({ count: 2, by_severity: { high: 2 }, bucket: "day" });
    expect(detail.examples.map((e: { message: string }) => e.message)).toEqual(["Boom", "Old boom"]);
    expect(detail.latest.message).toBe("Boom");
    const hour = (await get(`/api/system-monitor/errors/${month.groups[0].id}?range=1h`)).json();
    expect(hour).toMatchObject({ count: 1, bucket: "hour" });
    const missing = await get(`/api/system-monitor/errors/${Buffer.from('["network","x","y"]').toString("base64url")}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe("MONITOR_ERROR_GROUP_NOT_FOUND");
    expect((await get("/api/system-monitor/errors?cursor=zzz")).statusCode).toBe(422);
  });
});
