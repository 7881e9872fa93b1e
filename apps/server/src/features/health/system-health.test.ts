import { SystemHistory, SystemInfrastructure, SystemSample, SystemStatus } from "@prospector/contracts";
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import { systemSamples } from "./health.table.ts";
import { metricsTokenMatches } from "./metrics.part.ts";
import { minuteOf, sampleTick } from "./sampler.ts";
import { bucketSecondsFor, MAX_HISTORY_POINTS } from "./system-health.service.ts";

const TOKEN = "metrics-token-0123456789abcdef";

let t: TestApp;
let admin: TestUser;
let member: TestUser;
beforeAll(async () => {
  t = await createTestApp({}, { work: false });
  admin = await createUser(t.database.db, { instanceAdmin: true });
  member = await createUser(t.database.db);
});
afterAll(() => t.close());

const get = (url: string, headers?: Record<string, string>) => t.app.inject({ method: "GET", url, headers });

describe("liveness and readiness", () => {
  it("answers live without checking anything, and ready with the database and job checks", async () => {
    const live = await get("/api/health/live");
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ status: "ok" });
    const ready = await get("/api/health/ready");
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: "ready", failed: [], checks: { database: { status: "ok" }, jobs: { status: "ok" } } });
  });
});

describe("GET /metrics", () => {
  it("is 404 while METRICS_TOKEN is unset", async () => {
    expect(t.config.METRICS_TOKEN).toBeUndefined();
    const res = await get("/metrics", { authorization: `Bearer ${TOKEN}` });
    expect(res.statusCode).toBe(404);
  });

  describe("with METRICS_TOKEN set", () => {
    beforeAll(() => {
      t.app.ctx.config.METRICS_TOKEN = TOKEN;
    });
    afterAll(() => {
      t.app.ctx.config.METRICS_TOKEN = undefined;
    });

    it("refuses a missing or wrong token with 401", async () => {
      expect((await get("/metrics")).statusCode).toBe(401);
      expect((await get("/metrics", { authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(401);
      expect((await get("/metrics", { authorization: TOKEN })).statusCode).toBe(401);
      expect(metricsTokenMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
      expect(metricsTokenMatches("Bearer short", TOKEN)).toBe(false);
    });

    it("prints Prometheus text with the http, process, event loop, database, job, socket, redis and error families", async () => {
      // A request whose route pattern (not its URL) must appear in the histogram.
      await get("/api/health/live");
      const res = await get("/metrics", { authorization: `Bearer ${TOKEN}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toContain("text/plain; version=0.0.4");
      const families = parsePrometheusTextFormat(res.body);
      const byName = new Map(families.map((f) => [f.name, f]));
      for (const name of [
        "http_request_duration_seconds",
        "process_cpu_user_seconds_total",
        "process_resident_memory_bytes",
        "nodejs_heap_size_used_bytes",
        "prospector_event_loop_delay_seconds",
        "prospector_db_up",
        "prospector_db_latency_seconds",
        "prospector_db_size_bytes",
        "prospector_job_queue_depth",
        "prospector_job_failed_last_hour",
        "prospector_socket_connections",
        "prospector_error_reports_last_hour",
        "prospector_disk_free_bytes",
      ]) {
        expect(byName.has(name), name).toBe(true);
      }
      const http = byName.get("http_request_duration_seconds")!;
      expect(http.type).toBe("HISTOGRAM");
      expect(http.metrics.length).toBeGreaterThan(0);
      // The parser keeps a histogram's buckets but not its labels: read the route's count from the text.
      const count = /^http_request_duration_seconds_count\{route="\/api\/health\/live",method="GET",status_class="2xx"\} (\d+)$/m.exec(
        res.body,
      );
      expect(Number(count?.[1])).toBeGreaterThanOrEqual(1);
      // Route patterns, never raw URLs with ids.
      expect(res.body).not.toMatch(/route="[^"]*\?/);
      expect(Number((byName.get("prospector_db_up")!.metrics[0] as { value: string }).value)).toBe(1);
      expect(Number((byName.get("prospector_db_size_bytes")!.metrics[0] as { value: string }).value)).toBeGreaterThan(0);
      // One series per defined queue.
      expect(byName.get("prospector_job_queue_depth")!.metrics.length).toBeGreaterThanOrEqual(t.app.ctx.jobs.names().length);
      // Present only with REDIS_URL, so that "0" always means Redis failed.
      expect(byName.has("prospector_redis_up")).toBe(Boolean(process.env.REDIS_URL));
      if (process.env.REDIS_URL) expect(Number((byName.get("prospector_redis_up")!.metrics[0] as { value: string }).value)).toBe(1);
    });
  });
});

describe("the sampler", () => {
  it("writes one valid SystemSample a minute and prunes samples older than 30 days", async () => {
    const now = new Date();
    // Traffic in the window: one 404 and two answers.
    await get("/api/health/live");
    await get("/api/health/live");
    const old = new Date(now.getTime() - 31 * 86_400_000);
    const keep = new Date(now.getTime() - 29 * 86_400_000);
    const first = await sampleTick(t.app.ctx, now);
    await t.database.db.insert(systemSamples).values([
      { takenAt: minuteOf(old), sample: first.sample },
      { takenAt: minuteOf(keep), sample: first.sample },
    ]);
    expect(first.written).toBe(true);
    expect(SystemSample.parse(first.sample)).toEqual(first.sample);
    expect(first.sample.taken_at).toBe(minuteOf(now).toISOString());
    expect(first.sample.http.requests).toBeGreaterThanOrEqual(2);
    expect(first.sample.database.latency_ms).toEqual(expect.any(Number));
    expect(first.sample.database.size_bytes).toBeGreaterThan(0);
    expect(first.sample.process.rss_bytes).toBeGreaterThan(0);
    expect(first.sample.redis.status).toBe(process.env.REDIS_URL ? "ok" : "disabled");
    expect(first.sample.disk.free_bytes).toBeGreaterThan(0);

    // Another process (or tick) in the same minute writes nothing; the pass prunes the 31-day-old row.
    const second = await sampleTick(t.app.ctx, now);
    expect(second.written).toBe(false);
    expect(second.pruned).toBe(1);
    const rows = await t.database.db.select({ takenAt: systemSamples.takenAt }).from(systemSamples);
    expect(rows.map((r) => r.takenAt.toISOString()).sort()).toEqual([minuteOf(keep).toISOString(), minuteOf(now).toISOString()]);
    await t.database.db.delete(systemSamples);
  });
});

describe("the instance admin's APIs", () => {
  it("answers INSTANCE_ADMIN_REQUIRED (403) to anyone else", async () => {
    for (const url of ["/api/system-health/status", "/api/system-health/history?range=1h", "/api/system-health/infrastructure"]) {
      const res = await get(url, member.headers);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe("INSTANCE_ADMIN_REQUIRED");
      expect((await get(url)).statusCode).toBe(401);
    }
  });

  it("refuses an unknown range naming the field", async () => {
    const res = await get("/api/system-health/history?range=2d", admin.headers);
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json())).toContain("range");
  });

  it("shows each component with its status and figure", async () => {
    await t.database.db.delete(systemSamples);
    const before = SystemStatus.parse((await get("/api/system-health/status", admin.headers)).json());
    expect(before.last_sample_at).toBeNull();
    expect(before.components.find((c) => c.key === "sampler")).toMatchObject({ status: "degraded", figure: "no sample yet" });
    await sampleTick(t.app.ctx);
    const res = await get("/api/system-health/status", admin.headers);
    expect(res.statusCode).toBe(200);
    const status = SystemStatus.parse(res.json());
    const keys = status.components.map((c) => c.key);
    expect(keys).toEqual(
      expect.arrayContaining(["database", "jobs", "redis", "http", "event_loop", "memory", "disk", "sockets", "errors", "sampler"]),
    );
    expect(status.components.find((c) => c.key === "database")).toMatchObject({ status: "ok", reason: null });
    expect(status.components.find((c) => c.key === "database")!.figure).toMatch(/ms ping$/);
    expect(status.components.find((c) => c.key === "sampler")).toMatchObject({ status: "ok" });
    expect(status.last_sample_at).not.toBeNull();
    await t.database.db.delete(systemSamples);
  });

  it("marks requests and the event loop degraded past their limits, with the reason", async () => {
    await t.database.db.delete(systemSamples);
    const { sample } = await sampleTick(t.app.ctx);
    await t.database.db.delete(systemSamples);
    const now = new Date();
    await t.database.db.insert(systemSamples).values({
      takenAt: minuteOf(now),
      sample: {
        ...sample,
        http: { requests: 100, errors_5xx: 10, p50_ms: 20, p95_ms: 300 },
        process: { ...sample.process, event_loop_delay_p99_ms: 450 },
      },
    });
    const status = SystemStatus.parse((await get("/api/system-health/status", admin.headers)).json());
    const http = status.components.find((c) => c.key === "http")!;
    expect(http).toMatchObject({ status: "degraded", figure: "100/min · p95 300 ms · 10 5xx", reason: "10% of requests answered 5xx" });
    expect(status.components.find((c) => c.key === "event_loop")).toMatchObject({ status: "degraded", figure: "p99 delay 450 ms" });
    expect(status.status).not.toBe("ok");
    await t.database.db.delete(systemSamples);
  });

  it("downsamples the history to at most 300 points, summing counts and averaging gauges", async () => {
    const base = SystemSample.parse((await sampleTick(t.app.ctx)).sample);
    await t.database.db.delete(systemSamples);
    // Two days of minutes: 2,880 samples with known figures.
    const now = new Date();
    const end = minuteOf(now).getTime();
    const rows = Array.from({ length: 2 * 1440 }, (_, i) => {
      const at = new Date(end - i * 60_000);
      return {
        takenAt: at,
        sample: {
          ...base,
          taken_at: at.toISOString(),
          http: { requests: 6, errors_5xx: i % 2, p50_ms: 10, p95_ms: 20 + (i % 10) },
          database: { latency_ms: i % 2 ? 1 : 3, size_bytes: 1000 },
        },
      };
    });
    for (let i = 0; i < rows.length; i += 500) await t.database.db.insert(systemSamples).values(rows.slice(i, i + 500));

    for (const range of ["1h", "24h", "7d", "30d"] as const) {
      const res = await get(`/api/system-health/history?range=${range}`, admin.headers);
      expect(res.statusCode).toBe(200);
      const h = SystemHistory.parse(res.json());
      expect(h.bucket_seconds).toBe(bucketSecondsFor(range));
      expect(h.points.length).toBeGreaterThan(0);
      expect(h.points.length).toBeLessThanOrEqual(MAX_HISTORY_POINTS);
      const samples = h.points.reduce((a, p) => a + p.samples, 0);
      // Every counted request is kept by the sums, whatever the bucket width.
      expect(h.points.reduce((a, p) => a + p.requests, 0)).toBe(samples * 6);
      for (const p of h.points) {
        expect(p.requests_per_second).toBeCloseTo(0.1, 5);
        if (p.samples % 2 === 0) expect(p.db_latency_ms).toBeCloseTo(2, 5);
        expect(p.http_p95_ms).toBeLessThanOrEqual(29);
      }
      const times = h.points.map((p) => p.t);
      expect([...times].sort()).toEqual(times);
      if (range === "1h") expect(samples).toBe(60);
      if (range === "24h") {
        expect(samples).toBeGreaterThanOrEqual(1435);
        expect(samples).toBeLessThanOrEqual(1440);
        expect(h.points.some((p) => p.http_p95_ms === 29)).toBe(true);
      }
      if (range === "7d") expect(samples).toBe(2880);
    }
    expect(bucketSecondsFor("30d") * MAX_HISTORY_POINTS).toBeGreaterThanOrEqual(30 * 86_400);
    await t.database.db.delete(systemSamples);
  });

  it("describes the infrastructure: mode, versions, database size and biggest tables, disk", async () => {
    const res = await get("/api/system-health/infrastructure", admin.headers);
    expect(res.statusCode).toBe(200);
    const infra = SystemInfrastructure.parse(res.json());
    expect(infra.mode).toBe(process.env.DATABASE_URL ? "scale-out" : "embedded");
    expect(infra.node_version).toBe(process.version);
    expect(infra.postgres_version).toMatch(/^\d+/);
    expect(infra.database.size_bytes).toBeGreaterThan(0);
    expect(infra.database.tables.length).toBeGreaterThan(5);
    const sizes = infra.database.tables.map((x) => x.total_bytes);
    expect([...sizes].sort((a, b) => b - a)).toEqual(sizes);
    expect(infra.data_dir.free_bytes).toBeGreaterThan(0);
    expect(infra.jobs.queues).toBeGreaterThan(0);
  });
});
