import type { SystemHistory, SystemHistoryPoint, SystemInfrastructure, SystemStatus } from "@prospector/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ME, me, mockServer, renderSignedIn } from "../../../test/kit.ts";
import SystemHealthPage from "./system-health-page.tsx";
import SystemInfrastructurePage from "./system-infrastructure-page.tsx";
import SystemPerformancePage from "./system-performance-page.tsx";

const ADMIN = me({ is_instance_admin: true });
const FORBIDDEN = { status: 403, body: { detail: "Only the instance administrator can do this.", code: "INSTANCE_ADMIN_REQUIRED" } };

function status(over: Partial<SystemStatus> = {}): SystemStatus {
  return {
    status: "degraded",
    checked_at: new Date().toISOString(),
    last_sample_at: new Date(Date.now() - 60_000).toISOString(),
    components: [
      { key: "database", label: "Database", status: "ok", figure: "1.2 ms ping", reason: null },
      {
        key: "jobs",
        label: "Job queue",
        status: "degraded",
        figure: "3 waiting · 2 failed (1 h)",
        reason: "2 jobs failed in the last hour",
      },
      { key: "redis", label: "Redis", status: "disabled", figure: "not configured (REDIS_URL unset)", reason: null },
    ],
    ...over,
  };
}

function point(i: number, over: Partial<SystemHistoryPoint> = {}): SystemHistoryPoint {
  return {
    t: new Date(Date.UTC(2026, 10, 25, 8, i * 5)).toISOString(),
    samples: 5,
    rss_bytes: 200 * 1024 * 1024,
    heap_used_bytes: 80 * 1024 * 1024,
    cpu_percent: 12,
    event_loop_p50_ms: 1,
    event_loop_p99_ms: 12,
    db_latency_ms: 1.5,
    db_size_bytes: 50_000_000,
    jobs_queued: 2,
    jobs_active: 0,
    jobs_failed: 0,
    jobs_completed: 4,
    oldest_queued_seconds: 3,
    sockets: 1,
    redis_latency_ms: null,
    requests: 300,
    requests_per_second: 1,
    errors_5xx: i === 1 ? 3 : 0,
    http_p50_ms: 8,
    http_p95_ms: 40 + i,
    error_reports: 0,
    disk_free_bytes: 10e9,
    ...over,
  };
}

const history = (range: SystemHistory["range"], points: SystemHistoryPoint[]): SystemHistory => ({
  range,
  from: "2026-11-24T09:00:00.000Z",
  to: "2026-11-25T09:00:00.000Z",
  bucket_seconds: range === "1h" ? 60 : 300,
  points,
});

const infrastructure: SystemInfrastructure = {
  mode: "embedded",
  node_version: "v22.11.0",
  postgres_version: "17.4",
  database: {
    kind: "pglite",
    size_bytes: 52_428_800,
    tables: [
      { name: "leads", total_bytes: 20_971_520, rows_estimate: 12000 },
      { name: "pgboss.job", total_bytes: 1_048_576, rows_estimate: null },
    ],
  },
  data_dir: { path: "/var/lib/prospector", free_bytes: 5 * 1024 ** 3, total_bytes: 50 * 1024 ** 3 },
  uploads: { bytes: 3_145_728, files: 12, truncated: false },
  redis: { status: "disabled", version: null, used_memory_bytes: null, connected_clients: null },
  jobs: { mode: "inline", queues: 31 },
  process: {
    pid: 4242,
    uptime_seconds: 93_780,
    rss_bytes: 250 * 1024 * 1024,
    heap_used_bytes: 90 * 1024 * 1024,
    heap_total_bytes: 120 * 1024 * 1024,
    platform: "linux",
    arch: "x64",
    cpus: 2,
    host_total_memory_bytes: 8 * 1024 ** 3,
    host_free_memory_bytes: 2 * 1024 ** 3,
  },
  samples: { count: 1440, oldest_at: "2026-11-24T09:00:00.000Z" },
};

describe("/system-health/dashboard", () => {
  it("shows each component's state with its figure and why, and the last 24 hours", async () => {
    const s = mockServer({
      "GET /api/auth/me": { body: ADMIN },
      "GET /api/system-health/status": { body: status() },
      "GET /api/system-health/history": { body: history("24h", [point(0), point(1), point(2)]) },
    });
    renderSignedIn(<SystemHealthPage />, { path: "/system-health/dashboard" });
    expect(await screen.findByRole("heading", { name: "Is this instance healthy right now, and was it over the last day?" })).toBeTruthy();
    const jobs = await screen.findByRole("group", { name: "Job queue: Degraded" });
    expect(within(jobs).getByText("3 waiting · 2 failed (1 h)")).toBeTruthy();
    expect(within(jobs).getByText("2 jobs failed in the last hour")).toBeTruthy();
    expect(screen.getByRole("group", { name: "Database: OK" })).toBeTruthy();
    expect(screen.getByRole("group", { name: "Redis: Not configured" })).toBeTruthy();
    expect(screen.getByText("Needs attention: Job queue.")).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "Response time p95" })).toBeTruthy();
    expect(s.to("GET", "/api/system-health/history")[0]!.query.get("range")).toBe("24h");
    // Every chart reads as a table too.
    const card = screen.getByRole("heading", { name: "Response time p95" }).closest(".MuiCard-root") as HTMLElement;
    await userEvent.click(within(card).getByRole("button", { name: "Table" }));
    const table = within(card).getByRole("table", { name: "Response time p95" });
    expect(within(table).getByText("42 ms")).toBeTruthy();
  });

  it("says how samples come when there are none yet", async () => {
    mockServer({
      "GET /api/auth/me": { body: ADMIN },
      "GET /api/system-health/status": { body: status({ status: "ok", last_sample_at: null, components: [] }) },
      "GET /api/system-health/history": { body: history("24h", []) },
    });
    renderSignedIn(<SystemHealthPage />, { path: "/system-health/dashboard" });
    expect((await screen.findAllByText(/No samples yet: the sampler records one every minute/)).length).toBe(6);
    expect(screen.getByText(/no sample recorded yet/)).toBeTruthy();
  });

  it("tells anyone but the instance administrator that the page is theirs", async () => {
    mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/system-health/status": FORBIDDEN,
      "GET /api/system-health/history": FORBIDDEN,
    });
    renderSignedIn(<SystemHealthPage />, { path: "/system-health/dashboard" });
    expect(await screen.findByText("Instance administrators only")).toBeTruthy();
    expect(screen.queryByRole("group")).toBeNull();
  });
});

describe("/system-health/performance", () => {
  it("charts latency, throughput, 5xx, event loop and database latency over the chosen range", async () => {
    const s = mockServer({
      "GET /api/auth/me": { body: ADMIN },
      "GET /api/system-health/history": (req) => ({
        body: history(req.query.get("range") as SystemHistory["range"], [point(0), point(1, { http_p95_ms: 77 })]),
      }),
    });
    renderSignedIn(<SystemPerformancePage />, { path: "/system-health/performance" });
    expect(await screen.findByRole("heading", { name: "Request latency" })).toBeTruthy();
    for (const title of ["Requests per second", "Server errors (5xx)", "Event-loop delay", "Database latency", "CPU"]) {
      expect(screen.getByRole("heading", { name: title })).toBeTruthy();
    }
    expect(s.to("GET", "/api/system-health/history")[0]!.query.get("range")).toBe("24h");
    await userEvent.click(screen.getByRole("combobox", { name: "Range" }));
    await userEvent.click(await screen.findByRole("option", { name: "Last 7 days" }));
    await waitFor(() => expect(s.to("GET", "/api/system-health/history").at(-1)!.query.get("range")).toBe("7d"));
    const card = screen.getByRole("heading", { name: "Server errors (5xx)" }).closest(".MuiCard-root") as HTMLElement;
    await userEvent.click(within(card).getByRole("button", { name: "Table" }));
    const rows = within(within(card).getByRole("table")).getAllByRole("row");
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining("5xx answers"),
      expect.stringMatching(/0$/),
      expect.stringMatching(/3$/),
    ]);
    const latency = screen.getByRole("heading", { name: "Request latency" }).closest(".MuiCard-root") as HTMLElement;
    await userEvent.click(within(latency).getByRole("button", { name: "Table" }));
    expect(within(latency).getByText("77 ms")).toBeTruthy();
  });

  it("shows the administrators-only message on 403", async () => {
    mockServer({ "GET /api/auth/me": { body: ME }, "GET /api/system-health/history": FORBIDDEN });
    renderSignedIn(<SystemPerformancePage />, { path: "/system-health/performance" });
    expect(await screen.findByText("Instance administrators only")).toBeTruthy();
  });
});

describe("/system-health/infrastructure", () => {
  it("shows mode, versions, memory, disk, uploads, Redis and the biggest tables", async () => {
    mockServer({ "GET /api/auth/me": { body: ADMIN }, "GET /api/system-health/infrastructure": { body: infrastructure } });
    renderSignedIn(<SystemInfrastructurePage />, { path: "/system-health/infrastructure" });
    expect(await screen.findByText("Embedded (PGlite in the data folder, one process)")).toBeTruthy();
    expect(screen.getByText("v22.11.0")).toBeTruthy();
    expect(screen.getByText("17.4")).toBeTruthy();
    expect(screen.getByText("1 d 2 h")).toBeTruthy();
    expect(screen.getByText("Disk: 90% used")).toBeTruthy();
    expect(screen.getByText("3.0 MB in 12 files")).toBeTruthy();
    expect(screen.getByText(/Not configured: set REDIS_URL/)).toBeTruthy();
    const card = screen.getByRole("heading", { name: "Biggest tables" }).closest(".MuiCard-root") as HTMLElement;
    await userEvent.click(within(card).getByRole("button", { name: "Table" }));
    const rows = within(within(card).getByRole("table", { name: "Biggest tables" })).getAllByRole("row");
    expect(rows[1]!.textContent).toContain("leads");
    expect(rows[1]!.textContent).toContain("20 MB");
    expect(rows[1]!.textContent).toContain("12,000");
    expect(rows[2]!.textContent).toContain("pgboss.job");
  });

  it("shows the administrators-only message on 403", async () => {
    mockServer({ "GET /api/auth/me": { body: ME }, "GET /api/system-health/infrastructure": FORBIDDEN });
    renderSignedIn(<SystemInfrastructurePage />, { path: "/system-health/infrastructure" });
    expect(await screen.findByText("Instance administrators only")).toBeTruthy();
  });
});
