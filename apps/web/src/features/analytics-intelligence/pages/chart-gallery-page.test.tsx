import type { ReportQuery, ReportResult } from "@prospector/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ME, mockServer, renderSignedIn } from "../../../test/kit.ts";
import { report } from "../test/intelligence-builders.ts";
import ChartGalleryPage from "./chart-gallery-page.tsx";

const PATH = "/test-charts";
const CARDS = [
  "Line: messages sent per day",
  "Multi-line: delivered, opened, clicked and replied per day",
  "Bar: messages sent by weekday",
  "Stacked bar: delivered and bounced per week",
  "Horizontal bar: reply rate by campaign",
  "Area: leads added, running total",
  "Donut: leads by source",
  "Scatter: sends against reply rate, per campaign",
  "Gauge: reply rate of the period",
  "Sparkline: replies per day",
  "Heatmap grid: reply rate by week and weekday",
  "Funnel bars: from sent to meetings",
  "Interval bars: reply rate by campaign with its 95 % interval",
];

const c = (value: number) => ({ value });
const rate = (value: number, n: number, low: number, high: number) => ({ value, n, low, high });

/** The engine's answers for a small workspace: two days, two campaigns, two lead sources. */
function answer(q: ReportQuery): ReportResult {
  const dims = q.dimensions ?? [];
  const key = dims.join("+");
  const mail = {
    sent: c(100),
    delivered: c(95),
    bounced: c(5),
    opened: c(40),
    clicked: c(8),
    replied: c(10),
    meetings: c(2),
    reply_rate: rate(0.1053, 95, 0.058, 0.182),
  };
  if (key === "day" && q.metrics.includes("leads_created"))
    return report([
      { keys: { day: "2026-01-05" }, labels: { day: "2026-01-05" }, values: { leads_created: c(30) } },
      { keys: { day: "2026-01-06" }, labels: { day: "2026-01-06" }, values: { leads_created: c(12) } },
    ]);
  if (key === "day")
    return report(
      [
        { keys: { day: "2026-01-05" }, labels: { day: "2026-01-05" }, values: mail },
        { keys: { day: "2026-01-06" }, labels: { day: "2026-01-06" }, values: { ...mail, replied: c(4) } },
      ],
      {
        sent: c(200),
        delivered: c(190),
        opened: c(80),
        clicked: c(16),
        replied: c(14),
        meetings: c(4),
        reply_rate: rate(0.0737, 190, 0.0443, 0.12),
      },
    );
  if (key === "weekday") return report([{ keys: { weekday: "1" }, labels: { weekday: "Monday" }, values: { sent: c(100) } }]);
  if (key === "week")
    return report([
      { keys: { week: "2026-01-05" }, labels: { week: "5 Jan" }, values: { sent: c(200), delivered: c(190), bounced: c(10) } },
    ]);
  if (key === "campaign")
    return report([
      { keys: { campaign: "c1" }, labels: { campaign: "Spring launch" }, values: { ...mail, reply_rate: rate(0.12, 95, 0.07, 0.2) } },
      { keys: { campaign: "c2" }, labels: { campaign: "Winter nurture" }, values: { ...mail, reply_rate: rate(0.03, 95, 0.01, 0.09) } },
    ]);
  if (key === "lead_source")
    return report([
      { keys: { lead_source: "import" }, labels: { lead_source: "CSV import" }, values: { leads_created: c(30) } },
      { keys: { lead_source: "manual" }, labels: { lead_source: "Manual" }, values: { leads_created: c(12) } },
    ]);
  if (key === "week+weekday")
    return report([
      {
        keys: { week: "2026-01-05", weekday: "1" },
        labels: { week: "5 Jan", weekday: "Monday" },
        values: { delivered: c(95), reply_rate: rate(0.1053, 95, 0.058, 0.182) },
      },
      // The engine keys weekdays as ISO days: Sunday is 7, drawn in the last column.
      {
        keys: { week: "2026-01-05", weekday: "7" },
        labels: { week: "5 Jan", weekday: "Sunday" },
        values: { delivered: c(40), reply_rate: rate(0.2, 40, 0.105, 0.348) },
      },
    ]);
  return report([]);
}

describe("/test-charts", () => {
  it("draws every chart type from the engine, each with its query and a table view", async () => {
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "POST /api/analytics/query": (req) => ({ body: answer(req.body as ReportQuery) }),
    });
    renderSignedIn(<ChartGalleryPage />, { path: PATH, at: `${PATH}?from=2026-01-01&to=2026-01-31` });
    expect(await screen.findByRole("heading", { name: "Chart Gallery" })).toBeTruthy();
    for (const title of CARDS) expect(await screen.findByRole("heading", { name: title })).toBeTruthy();
    await waitFor(() => expect(s.to("POST", "/api/analytics/query").length).toBe(7));
    for (const r of s.to("POST", "/api/analytics/query")) expect(r.body).toMatchObject({ from: "2026-01-01", to: "2026-01-31" });
    expect(
      screen.getAllByText(/Engine query: sent, replied and reply rate by campaign, the 10 with most sends, 2026-01-01 to 2026-01-31/)
        .length,
    ).toBe(3);

    // The heatmap draws Monday's and Sunday's cells (ISO weekdays 1 and 7), Sunday last.
    const grid = screen.getByRole("heading", { name: "Heatmap grid: reply rate by week and weekday" }).closest(".MuiCard-root")!;
    const cells = within(grid as HTMLElement).getAllByText(/^\d+(\.\d)?%$/);
    expect(cells.map((x) => x.textContent)).toEqual(["11%", "20%"]);

    // Every card switches to a table with the chart's figures.
    const switches = await screen.findAllByRole("button", { name: "Table" });
    expect(switches).toHaveLength(CARDS.length);
    await userEvent.click(
      screen
        .getByRole("group", { name: "Interval bars: reply rate by campaign with its 95 % interval: show as" })
        .querySelector("button[value=table]")!,
    );
    const intervals = screen.getByRole("table", { name: "Interval bars: reply rate by campaign with its 95 % interval" });
    expect(within(intervals).getByText("12% (95 % CI 7.0–20%, n = 95)")).toBeTruthy();
    await userEvent.click(
      screen.getByRole("group", { name: "Area: leads added, running total: show as" }).querySelector("button[value=table]")!,
    );
    const area = screen.getByRole("table", { name: "Area: leads added, running total" });
    expect(within(area).getAllByRole("row").at(-1)!.textContent).toBe("2026-01-061242");
    await userEvent.click(
      screen.getByRole("group", { name: "Funnel bars: from sent to meetings: show as" }).querySelector("button[value=table]")!,
    );
    const funnel = screen.getByRole("table", { name: "Funnel bars: from sent to meetings" });
    expect(within(funnel).getByText("Replied").closest("tr")!.textContent).toBe("Replied147.4%");
  });

  it("shows an empty state per chart when the workspace has no data in the period", async () => {
    mockServer({
      "GET /api/auth/me": { body: ME },
      "POST /api/analytics/query": { body: report([]) },
    });
    renderSignedIn(<ChartGalleryPage />, { path: PATH, at: `${PATH}?from=2026-01-01&to=2026-01-31` });
    await waitFor(() => expect(screen.getAllByText(/No messages sent in this period: launch a campaign/).length).toBe(11));
    expect(screen.getAllByText(/No leads added in this period: add or import leads/)).toHaveLength(2);
    expect(screen.queryAllByRole("button", { name: "Table" })).toHaveLength(0);
  });
});
