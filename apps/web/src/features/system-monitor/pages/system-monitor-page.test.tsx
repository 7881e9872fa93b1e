import type { ErrorGroup, ErrorGroupDetail, FailedJob, MonitorHistory, QueueSummary } from "@prospector/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { me, mockServer, renderSignedIn, uuid } from "../../../test/kit.ts";
import SystemMonitorPage from "./system-monitor-page.tsx";

const QUESTION = "What is failing in the background, job queues and error reports, and since when?";
const ADMIN = me({ is_instance_admin: true });
const NOW = new Date().toISOString();
const AGO = (min: number) => new Date(Date.now() - min * 60_000).toISOString();

function queue(over: Partial<QueueSummary> = {}): QueueSummary {
  return {
    name: "campaign.schedule",
    queued: 0,
    deferred: 0,
    active: 0,
    failed_24h: 0,
    completed_24h: 12,
    retried_jobs_24h: 0,
    retries_24h: 0,
    avg_wait_seconds: 0.4,
    avg_run_seconds: 1.5,
    oldest_queued_seconds: null,
    last_failed_at: null,
    defined_here: true,
    ...over,
  };
}

function failure(over: Partial<FailedJob> = {}): FailedJob {
  return {
    id: uuid(7),
    queue: "export.run",
    created_at: AGO(30),
    failed_at: AGO(20),
    attempts: 4,
    retry_limit: 3,
    error: "ENOSPC: no space left on device",
    stack_head: "Error: ENOSPC\n    at write (storage.ts:10:3)",
    data_summary: { workspaceId: uuid(1), apiKey: "[redacted]" },
    ...over,
  };
}

function group(over: Partial<ErrorGroup> = {}): ErrorGroup {
  return {
    id: "g1",
    type: "validation",
    field: "email",
    component: "LeadForm",
    count: 7,
    first_seen: AGO(600),
    last_seen: AGO(5),
    trend: [
      { t: AGO(120), count: 3 },
      { t: AGO(60), count: 4 },
    ],
    latest: {
      id: uuid(2),
      severity: "low",
      message: "Email is invalid",
      stack_head: null,
      url: "http://localhost/leads",
      user_agent: "Firefox",
      created_at: AGO(5),
    },
    ...over,
  };
}

const history = (over: Partial<MonitorHistory> = {}): MonitorHistory => ({
  range: "24h",
  bucket_seconds: 900,
  samples: 30,
  points: [
    { t: AGO(30), queued: 2, queued_max: 4, active: 1, failed: 1, completed: 9, oldest_queued_seconds: 12, error_reports: 3 },
    { t: AGO(15), queued: 0, queued_max: 1, active: 0, failed: 0, completed: 5, oldest_queued_seconds: null, error_reports: 0 },
  ],
  ...over,
});

describe("/system-monitor", () => {
  it("shows the queues, opens a queue's sanitised failures and retries one and all", async () => {
    const failed = queue({
      name: "export.run",
      failed_24h: 2,
      retries_24h: 6,
      retried_jobs_24h: 2,
      last_failed_at: AGO(20),
      queued: 3,
      deferred: 1,
    });
    const other = failure({ id: uuid(8), error: "Timeout" });
    const s = mockServer({
      "GET /api/auth/me": { body: ADMIN },
      "GET /api/system-monitor/queues": {
        body: {
          checked_at: NOW,
          queues: [queue(), failed, queue({ name: "worker.only", defined_here: false }), queue({ name: "idle.queue", completed_24h: 0 })],
        },
      },
      "GET /api/system-monitor/history": { body: history() },
      "GET /api/system-monitor/errors": {
        body: { range: "24h", bucket: "hour", total_reports: 7, total_groups: 1, groups: [group()], next_cursor: null },
      },
      "GET /api/system-monitor/queues/export.run/failures": (req) =>
        req.query.get("cursor") ? { body: { jobs: [other], next_cursor: null } } : { body: { jobs: [failure()], next_cursor: "c2" } },
      "POST /api/system-monitor/queues/export.run/retry": (req) => ({
        body: { retried: (req.body as { job_id?: string } | undefined)?.job_id ? 1 : 2 },
      }),
    });
    renderSignedIn(<SystemMonitorPage />, { path: "/system-monitor" });
    expect(await screen.findByRole("heading", { name: QUESTION })).toBeTruthy();
    const table = await screen.findByRole("table", { name: "Job queues" });
    const rows = within(table).getAllByRole("row");
    // Failing queues first.
    expect(within(rows[1]!).getByText("export.run")).toBeTruthy();
    expect(within(rows[1]!).getByText("2")).toBeTruthy();
    expect(within(rows[1]!).getByText("6 (2 jobs)")).toBeTruthy();
    expect(within(rows[1]!).getByText("(1 later)")).toBeTruthy();
    expect(screen.getByText("other process")).toBeTruthy();
    expect(screen.getByText(/1 with failures in 24 h/)).toBeTruthy();
    // Queues with nothing in 24 h are listed on request.
    expect(screen.queryByText("idle.queue")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Show 1 idle queues (nothing in 24 h)" }));
    expect(screen.getByText("idle.queue")).toBeTruthy();

    await userEvent.click(within(rows[1]!).getByRole("button", { name: "Failures of export.run" }));
    const drawer = await screen.findByRole("presentation");
    expect(await within(drawer).findByText("ENOSPC: no space left on device")).toBeTruthy();
    expect(within(drawer).getByText("apiKey: [redacted]")).toBeTruthy();
    expect(within(drawer).getByText(/4 of 4 attempts/)).toBeTruthy();
    await userEvent.click(within(drawer).getByRole("button", { name: "Load older failures" }));
    expect(await within(drawer).findByText("Timeout")).toBeTruthy();
    expect(s.to("GET", "/api/system-monitor/queues/export.run/failures").at(-1)!.query.get("cursor")).toBe("c2");

    await userEvent.click(within(drawer).getByRole("button", { name: `Retry job ${uuid(7)}` }));
    await waitFor(() => expect(s.to("POST", "/api/system-monitor/queues/export.run/retry")[0]!.body).toEqual({ job_id: uuid(7) }));
    expect(await screen.findByText("1 job is back in the queue")).toBeTruthy();

    await userEvent.click(within(drawer).getByRole("button", { name: "Retry all" }));
    const dialog = await screen.findByRole("dialog", { name: "Retry every failed job of export.run?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Retry all" }));
    await waitFor(() => expect(s.to("POST", "/api/system-monitor/queues/export.run/retry")[1]!.body).toEqual({}));
    expect(await screen.findByText("2 jobs are back in the queue")).toBeTruthy();
  });

  it("groups error reports, filters by type and range, pages, and opens a group with its examples", async () => {
    const detail: ErrorGroupDetail = {
      ...group(),
      range: "24h",
      bucket: "hour",
      by_severity: { low: 7 },
      examples: [
        {
          id: uuid(3),
          severity: "low",
          message: "Email is invalid",
          stack_head: "Error: x\n    at submit (lead-form.tsx:3:1)",
          url: "http://localhost/leads",
          user_agent: "Firefox 140",
          created_at: AGO(5),
        },
      ],
    };
    const s = mockServer({
      "GET /api/auth/me": { body: ADMIN },
      "GET /api/system-monitor/queues": { body: { checked_at: NOW, queues: [queue()] } },
      "GET /api/system-monitor/history": (req) => ({ body: history({ range: (req.query.get("range") ?? "24h") as "24h" }) }),
      "GET /api/system-monitor/errors": (req) => ({
        body: req.query.get("cursor")
          ? {
              range: "24h",
              bucket: "hour",
              total_reports: 9,
              total_groups: 2,
              groups: [group({ id: "g2", type: "server", field: "", component: "Dashboard", count: 2 })],
              next_cursor: null,
            }
          : { range: "24h", bucket: "hour", total_reports: 9, total_groups: 2, groups: [group()], next_cursor: "n1" },
      }),
      "GET /api/system-monitor/errors/g1": { body: detail },
    });
    renderSignedIn(<SystemMonitorPage />, { path: "/system-monitor" });
    const table = await screen.findByRole("table", { name: "Error groups, most reports first" });
    expect(within(table).getByText("LeadForm")).toBeTruthy();
    expect(within(table).getByText("7")).toBeTruthy();
    expect(screen.getByText(/9 reports in 2 groups, last 24 hours/)).toBeTruthy();
    expect(screen.getByRole("img", { name: "Trend: 3, 4" })).toBeTruthy();
    // Charts of the sampled history, each with a table view.
    expect(screen.getByRole("heading", { name: "Queue depth" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Failures and error reports" })).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Dashboard")).toBeTruthy();
    expect(s.to("GET", "/api/system-monitor/errors").at(-1)!.query.get("cursor")).toBe("n1");
    await userEvent.click(screen.getByRole("button", { name: "Previous" }));

    await userEvent.click(screen.getByRole("combobox", { name: "Type" }));
    await userEvent.click(await screen.findByRole("option", { name: "server" }));
    await waitFor(() => expect(s.to("GET", "/api/system-monitor/errors").at(-1)!.query.get("type")).toBe("server"));
    await userEvent.click(screen.getByRole("combobox", { name: "Range" }));
    await userEvent.click(await screen.findByRole("option", { name: "Last 7 days" }));
    await waitFor(() => expect(s.to("GET", "/api/system-monitor/errors").at(-1)!.query.get("range")).toBe("7d"));
    expect(s.to("GET", "/api/system-monitor/history").at(-1)!.query.get("range")).toBe("7d");
    expect(s.to("GET", "/api/system-monitor/errors").at(-1)!.query.get("cursor")).toBeNull();

    await userEvent.click(screen.getByRole("combobox", { name: "Range" }));
    await userEvent.click(await screen.findByRole("option", { name: "Last 24 hours" }));
    await userEvent.click(screen.getByRole("combobox", { name: "Type" }));
    await userEvent.click(await screen.findByRole("option", { name: "All types" }));
    await userEvent.click(await screen.findByRole("button", { name: "Open the group validation email LeadForm" }));
    const drawer = await screen.findByRole("presentation");
    expect(await within(drawer).findByText("low: 7")).toBeTruthy();
    expect(within(drawer).getByText("Browser: Firefox 140")).toBeTruthy();
    expect(within(drawer).getByText(/at submit \(lead-form.tsx:3:1\)/)).toBeTruthy();
  });

  it("says honestly when there is nothing yet, and refuses non-admins with the server's reason", async () => {
    mockServer({
      "GET /api/auth/me": { body: ADMIN },
      "GET /api/system-monitor/queues": { body: { checked_at: NOW, queues: [queue()] } },
      "GET /api/system-monitor/history": { body: history({ samples: 0, points: [] }) },
      "GET /api/system-monitor/errors": {
        body: { range: "24h", bucket: "hour", total_reports: 0, total_groups: 0, groups: [], next_cursor: null },
      },
    });
    const { unmount } = renderSignedIn(<SystemMonitorPage />, { path: "/system-monitor" });
    expect(await screen.findByText(/no failed jobs in 24 h/)).toBeTruthy();
    expect(await screen.findByText("No error reports last 24 hours")).toBeTruthy();
    expect((await screen.findAllByText(/No samples in this range yet/)).length).toBe(2);
    unmount();

    const FORBIDDEN = { status: 403, body: { detail: "Only an instance administrator can see this.", code: "INSTANCE_ADMIN_REQUIRED" } };
    mockServer({
      "GET /api/auth/me": { body: me({ is_instance_admin: false }) },
      "GET /api/system-monitor/queues": FORBIDDEN,
      "GET /api/system-monitor/history": FORBIDDEN,
      "GET /api/system-monitor/errors": FORBIDDEN,
    });
    renderSignedIn(<SystemMonitorPage />, { path: "/system-monitor" });
    expect((await screen.findAllByText(/You do not have permission/)).length).toBeGreaterThan(0);
  });
});
