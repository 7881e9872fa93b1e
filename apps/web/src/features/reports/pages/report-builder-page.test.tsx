import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ME, me, mockServer, type Route, renderSignedIn } from "../../../test/kit.ts";
import { CATALOG, delivery, savedReport, schedule, weeklyResult } from "../test/report-builders.ts";
import ReportBuilderPage from "./report-builder-page.tsx";

const PATH = "/report-builder";
const members = { members: [{ id: "018f0000-0000-7000-8000-000000000001", email: "owner@example.com", name: "Olivia Owner" }] };
const base = (over: Record<string, Route> = {}): Record<string, Route> => ({
  "GET /api/auth/me": { body: ME },
  "GET /api/analytics/catalog": { body: CATALOG },
  "POST /api/analytics/query": { body: weeklyResult() },
  "GET /api/reports": { body: { reports: [], next_cursor: null } },
  "GET /api/reports/deliveries": { body: { deliveries: [], next_cursor: null } },
  "GET /api/reports/recipients": { body: members },
  "GET /api/campaigns/": { body: { campaigns: [], total: 0, page: 1, per_page: 100, total_pages: 0 } },
  "GET /api/inboxes": { body: { inboxes: [], total: 0 } },
  ...over,
});

describe("/report-builder", () => {
  it("previews the engine's answer with intervals and sources, and explains why a dimension is unavailable", async () => {
    const s = mockServer(base());
    renderSignedIn(<ReportBuilderPage />, { path: PATH });
    expect(await screen.findByRole("heading", { name: "What do my own numbers say, cut the way I choose?" })).toBeTruthy();
    expect(await screen.findByText(/Source: Sent: Messages the sender handed to SMTP/)).toBeTruthy();
    expect(screen.getByText(/2026-10-27 to 2026-11-25 \(UTC days\)/)).toBeTruthy();
    const query = s.to("POST", "/api/analytics/query")[0]!.body as { metrics: string[]; dimensions: string[]; from: string; to: string };
    expect(query).toMatchObject({ metrics: ["sent", "reply_rate"], dimensions: ["week"] });
    // "last 30 days" ends today, UTC.
    expect(query.to).toBe(new Date().toISOString().slice(0, 10));

    await userEvent.click(within(screen.getByRole("group", { name: "Preview: show as" })).getByRole("button", { name: "Table" }));
    const table = screen.getByRole("table", { name: "Preview" });
    const row = within(table).getByText("Week of 9 Nov 2026").closest("tr")!;
    expect(within(row).getByText("40")).toBeTruthy();
    expect(within(row).getByText("15.0 % (95 % 7.1 %–29.1 %, n = 40)")).toBeTruthy();
    expect(within(within(table).getByText("Total").closest("tr")!).getByText("9.0 % (95 % 4.8 %–16.2 %, n = 100)")).toBeTruthy();

    const leadSource = screen.getByRole("checkbox", { name: "Lead source" });
    expect((leadSource as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText("Sent, Reply rate cannot be cut by this")).toBeTruthy();

    await userEvent.click(screen.getByRole("checkbox", { name: "Campaign" }));
    await waitFor(() =>
      expect((s.to("POST", "/api/analytics/query").at(-1)!.body as { dimensions: string[] }).dimensions).toEqual(["week", "campaign"]),
    );
  });

  it("says how to get data when the workspace has sent nothing", async () => {
    mockServer(base({ "POST /api/analytics/query": { body: weeklyResult({ empty: true }) } }));
    renderSignedIn(<ReportBuilderPage />, { path: PATH });
    expect(await screen.findByText(/Nothing to count in this period: no messages were sent/)).toBeTruthy();
    expect(screen.queryByRole("group", { name: "Preview: show as" })).toBeNull();
  });

  it("saves the definition, and shows the server's refusal naming the field", async () => {
    let saved = false;
    const report = savedReport({ name: "Replies by week" });
    const s = mockServer(
      base({
        "GET /api/reports": () => ({ body: { reports: saved ? [report] : [], next_cursor: null } }),
        "POST /api/reports": (req) => {
          if ((req.body as { name: string }).name === "Taken") {
            return {
              status: 409,
              body: {
                code: "REPORT_NAME_TAKEN",
                detail: "A report with this name already exists in this workspace",
                errors: [{ field: "name", message: "A report with this name already exists" }],
              },
            };
          }
          saved = true;
          return { status: 201, body: report };
        },
      }),
    );
    renderSignedIn(<ReportBuilderPage />, { path: PATH });
    expect(await screen.findByText(/No saved reports yet/)).toBeTruthy();
    const name = screen.getByRole("textbox", { name: "Report name" });
    await userEvent.type(name, "Taken");
    await userEvent.click(screen.getByRole("button", { name: "Save report" }));
    expect(await screen.findByText("A report with this name already exists in this workspace")).toBeTruthy();

    await userEvent.clear(name);
    await userEvent.type(name, "Replies by week");
    await userEvent.click(screen.getByRole("button", { name: "Save report" }));
    await waitFor(() => expect(s.to("POST", "/api/reports")).toHaveLength(2));
    expect(s.to("POST", "/api/reports")[1]!.body).toEqual({
      name: "Replies by week",
      definition: { metrics: ["sent", "reply_rate"], dimensions: ["week"], filters: {}, period: { last_days: 30 }, chart: "line" },
    });
    const list = await screen.findByRole("list", { name: "Saved reports" });
    expect(within(list).getByText("Replies by week")).toBeTruthy();
    expect(within(list).getByText(/2 metrics · last 30 days/)).toBeTruthy();
  });

  it("schedules a saved report to members, sends it now, and shows the delivery log", async () => {
    const report = savedReport();
    let scheduled = false;
    let sent = false;
    const s1 = schedule({ report_id: report.id });
    const s = mockServer(
      base({
        "GET /api/reports": { body: { reports: [report], next_cursor: null } },
        [`GET /api/reports/${report.id}/schedules`]: () => ({ body: { schedules: scheduled ? [s1] : [] } }),
        [`POST /api/reports/${report.id}/schedules`]: () => {
          scheduled = true;
          return { status: 201, body: s1 };
        },
        [`POST /api/reports/schedules/${s1.id}/send`]: () => {
          sent = true;
          return {
            status: 202,
            body: delivery({
              schedule_id: s1.id,
              report_id: report.id,
              manual: true,
              status: "preparing",
              rows: null,
              period_from: null,
              period_to: null,
            }),
          };
        },
        "GET /api/reports/deliveries": () => ({
          body: {
            deliveries: sent ? [delivery({ schedule_id: s1.id, report_id: report.id, manual: true, slot: new Date().toISOString() })] : [],
            next_cursor: null,
          },
        }),
      }),
    );
    renderSignedIn(<ReportBuilderPage />, { path: PATH });
    expect(await screen.findByText(/No report has been emailed yet/)).toBeTruthy();
    await userEvent.click(await screen.findByRole("button", { name: "Schedule Weekly replies" }));
    const dialog = await screen.findByRole("dialog", { name: "Email “Weekly replies”" });
    await userEvent.click(within(dialog).getByRole("combobox", { name: "Recipients" }));
    await userEvent.click(await screen.findByRole("option", { name: "Olivia Owner <owner@example.com>" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Add schedule" }));
    await waitFor(() => expect(s.to("POST", `/api/reports/${report.id}/schedules`)).toHaveLength(1));
    expect(s.to("POST", `/api/reports/${report.id}/schedules`)[0]!.body).toMatchObject({
      frequency: "weekly",
      weekday: 1,
      hour: 8,
      monthday: null,
      recipients: ["owner@example.com"],
      format: "pdf",
    });
    expect(await within(dialog).findByText(/Every Monday at 08:00 Europe\/Paris · PDF/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: "Send now" }));
    await waitFor(() => expect(s.to("POST", `/api/reports/schedules/${s1.id}/send`)).toHaveLength(1));
    await userEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    const log = await screen.findByRole("table", { name: "Delivery log" });
    expect(within(log).getByText(/\(Send now\)/)).toBeTruthy();
    expect(within(log).getByText("Sent")).toBeTruthy();
    expect(within(log).getByText("owner@example.com (sent)")).toBeTruthy();
  });

  it("lets a reader preview and export but not save or schedule", async () => {
    mockServer(
      base({
        "GET /api/auth/me": { body: me({ permissions: ["analytics:read"], role: "viewer" }) },
        "GET /api/reports": { body: { reports: [savedReport()], next_cursor: null } },
      }),
    );
    renderSignedIn(<ReportBuilderPage />, { path: PATH });
    expect(await screen.findByRole("button", { name: "Open Weekly replies" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Save report" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Schedule Weekly replies" })).toBeNull();
    expect(screen.getByRole("button", { name: "PDF" })).toBeTruthy();
  });
});
