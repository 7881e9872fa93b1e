import type { AnalyticsSummary, CampaignPeriodTotals, TrendPoint, WorkspaceTrends } from "@prospector/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ME, metrics, mockServer, renderSignedIn, uuid } from "../../../test/kit.ts";
import AnalyticsPage from "./analytics-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const { campaign_id: _c, queued: _q, failed: _f, leads: _l, computed_at: _t, ...zero } = metrics();

const summary = (over: Partial<AnalyticsSummary> = {}): AnalyticsSummary => ({
  ...zero,
  sent: 300,
  delivered: 290,
  days: 30,
  since: "2026-10-03T00:00:00.000Z",
  campaigns: { total: 3, by_status: { draft: 0, scheduled: 0, active: 2, paused: 0, stopped: 0, completed: 1 } },
  top_campaigns: [],
  computed_at: "2026-11-02T00:00:00.000Z",
  ...over,
});

const row = (over: Partial<CampaignPeriodTotals>): CampaignPeriodTotals => ({
  ...zero,
  id: uuid(),
  name: "Campaign",
  status: "active",
  ...over,
});

const alpha = row({
  id: uuid(801),
  name: "Alpha founders",
  sent: 200,
  delivered: 196,
  unique_opens: 98,
  replies: 4,
  bounces: 4,
  rates: { open_rate: 50, click_rate: 5, reply_rate: 2, bounce_rate: 2, unsubscribe_rate: 0, meeting_rate: 0 },
});
const beta = row({
  id: uuid(802),
  name: "Beta CTOs",
  status: "completed",
  sent: 100,
  delivered: 100,
  unique_opens: 40,
  replies: 12,
  meetings: 3,
  rates: { open_rate: 40, click_rate: 3, reply_rate: 12, bounce_rate: 0, unsubscribe_rate: 0, meeting_rate: 3 },
});

const day = (date: string, sent: number, replies = 0): TrendPoint => ({
  date,
  sent,
  delivered: sent,
  opens: 0,
  unique_opens: 0,
  clicks: 0,
  replies,
  bounces: 0,
  unsubscribes: 0,
  meetings: 0,
});

const trends = (over: Partial<WorkspaceTrends> = {}): WorkspaceTrends => ({
  timezone: "Europe/Paris",
  from: "2026-10-04",
  to: "2026-11-02",
  series: [day("2026-11-01", 120, 4), day("2026-11-02", 180, 12)],
  campaigns: [alpha, beta],
  active_campaigns: 2,
  computed_at: "2026-11-02T00:00:00.000Z",
  ...over,
});

const rowsOf = () =>
  within(screen.getByRole("table", { name: "Campaign comparison" }))
    .getAllByRole("row")
    .slice(1);

describe("/analytics", () => {
  it("compares the period's campaigns side by side, sortable, with links to their pages", async () => {
    mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/campaigns/analytics/summary": { body: summary() },
      "GET /api/campaigns/analytics/trends": { body: trends({ active_campaigns: 14 }) },
    });
    renderSignedIn(<AnalyticsPage />, { path: "/analytics" });
    expect(await screen.findByText("All campaigns, day by day")).toBeTruthy();
    expect(screen.getByText("Days in Europe/Paris")).toBeTruthy();
    await screen.findByText("Alpha founders");
    expect(
      screen.getByText("The 2 that sent most, of 14 active campaigns · opens and clicks by people, rates over delivered"),
    ).toBeTruthy();
    let rows = rowsOf();
    expect(within(rows[0]!).getByRole("link", { name: "Alpha founders" }).getAttribute("href")).toBe(`/campaigns/${alpha.id}`);
    expect(within(rows[0]!).getByText("196")).toBeTruthy();
    expect(within(rows[0]!).getByText("50%")).toBeTruthy();
    expect(within(rows[1]!).getByText("Completed")).toBeTruthy();

    // Most replies first, then fewest.
    await userEvent.click(screen.getByRole("button", { name: "Replied" }));
    rows = rowsOf();
    expect(within(rows[0]!).getByText("Beta CTOs")).toBeTruthy();
    expect(within(rows[0]!).getByText("12%")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Replied" }));
    expect(within(rowsOf()[0]!).getByText("Alpha founders")).toBeTruthy();
  });

  it("asks the summary and the trends for the period chosen", async () => {
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/campaigns/analytics/summary": { body: summary() },
      "GET /api/campaigns/analytics/trends": (req) => ({
        body: trends({ campaigns: req.query.get("days") === "90" ? [alpha, beta, row({ name: "Gamma" })] : [alpha] }),
      }),
    });
    renderSignedIn(<AnalyticsPage />, { path: "/analytics" });
    await screen.findByText("Alpha founders");
    expect(s.to("GET", "/api/campaigns/analytics/trends")[0]!.query.get("days")).toBe("30");
    await userEvent.click(screen.getByLabelText("Period"));
    await userEvent.click(await screen.findByRole("option", { name: "Last 90 days" }));
    expect(await screen.findByText("Gamma")).toBeTruthy();
    await waitFor(() => expect(s.to("GET", "/api/campaigns/analytics/summary").at(-1)!.query.get("days")).toBe("90"));
  });

  it("shows names without links to analysts, and says when no campaign was active", async () => {
    mockServer({
      "GET /api/auth/me": { body: { ...ME, role: "analyst", role_label: "Analyst", permissions: ["analytics:read"] } },
      "GET /api/campaigns/analytics/summary": { body: summary() },
      "GET /api/campaigns/analytics/trends": { body: trends() },
    });
    const view = renderSignedIn(<AnalyticsPage />, { path: "/analytics" });
    expect(await screen.findByText("Alpha founders")).toBeTruthy();
    expect(within(rowsOf()[0]!).queryByRole("link")).toBeNull();
    view.unmount();

    mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/campaigns/analytics/summary": { body: summary({ sent: 0, delivered: 0 }) },
      "GET /api/campaigns/analytics/trends": { body: trends({ series: [day("2026-11-02", 0)], campaigns: [], active_campaigns: 0 }) },
    });
    renderSignedIn(<AnalyticsPage />, { path: "/analytics" });
    expect(await screen.findByText("No campaign sent anything or had opens, clicks or replies in this period.")).toBeTruthy();
    expect(screen.getByText("Nothing sent or tracked in this period yet.")).toBeTruthy();
  });
});
