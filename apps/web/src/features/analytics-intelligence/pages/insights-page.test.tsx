import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ME, mockServer, renderSignedIn } from "../../../test/kit.ts";
import { finding, insights, run } from "../test/intelligence-builders.ts";
import InsightsPage from "./insights-page.tsx";

const PATH = "/analytics-intelligence/insights";
const URL = "GET /api/analytics/intelligence/insights";

describe("/analytics-intelligence/insights", () => {
  it("lists each measurable change with its evidence, the number of tests and the periods", async () => {
    mockServer({
      "GET /api/auth/me": { body: ME },
      [URL]: {
        body: insights(
          run({
            findings: [
              finding(),
              finding({
                metric: "bounce_rate",
                scope: "inbox",
                key: "i1",
                label: "sales@acme.test",
                link: "/inboxes",
                direction: "up",
                good: false,
                delta: 0.031,
                previous: { successes: 4, n: 500, rate: 0.008, low: 0.003, high: 0.02 },
                current: { successes: 20, n: 500, rate: 0.04, low: 0.026, high: 0.061 },
                p_value: 0.0004,
                q_value: 0.012,
              }),
            ],
          }),
        ),
      },
    });
    renderSignedIn(<InsightsPage />, { path: PATH });
    expect(await screen.findByRole("heading", { name: "Insights" })).toBeTruthy();
    expect(screen.getByText("What changed measurably in our results, and where?")).toBeTruthy();
    const table = await screen.findByRole("table", { name: "Measurable changes" });
    const spring = within(table).getByRole("link", { name: "Spring launch" });
    expect(spring.getAttribute("href")).toBe("/campaigns/018f0000-0000-7000-8000-0000000000c1");
    const row = spring.closest("tr")!;
    expect(within(row).getByText("12 of 400")).toBeTruthy();
    expect(within(row).getByText("60 of 400")).toBeTruthy();
    expect(within(row).getByText("15% (95 % CI 12–19%)")).toBeTruthy();
    expect(within(row).getByText("3.0% (95 % CI 1.7–5.2%)")).toBeTruthy();
    expect(within(row).getByText("+12.0 pts")).toBeTruthy();
    expect(within(row).getAllByText("< 0.001")).toHaveLength(2);
    const bounce = within(table).getByText("sales@acme.test").closest("tr")!;
    expect(within(bounce).getByText("+3.1 pts")).toBeTruthy();
    expect(within(bounce).getByText("0.012")).toBeTruthy();
    expect(screen.getByTestId("insights-freshness").textContent).toMatch(
      /8 Nov – 21 Nov 2026 against 25 Oct – 7 Nov 2026, whole days in UTC.*126 tests made, 40 cells skipped \(fewer than 30 delivered in a period\)\. Benjamini–Hochberg correction at a 5 % false discovery rate/,
    );
  });

  it("says so when nothing changed beyond chance", async () => {
    mockServer({ "GET /api/auth/me": { body: ME }, [URL]: { body: insights(run({ tests: 88 })) } });
    renderSignedIn(<InsightsPage />, { path: PATH });
    expect(await screen.findByText("No measurable change")).toBeTruthy();
    expect(screen.getByText(/None of the 88 tests shows a change beyond chance/)).toBeTruthy();
  });

  it("starts a run from the empty state and follows its progress", async () => {
    let reads = 0;
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      [URL]: () => {
        reads++;
        if (reads === 1) return { body: insights(null) };
        if (reads === 2) return { body: insights(run({ status: "running", progress: 40, step: "Counting by inbox", finished_at: null })) };
        return { body: insights(run({ findings: [finding()] })) };
      },
      "POST /api/analytics/intelligence/insights/recompute": {
        status: 202,
        body: run({ status: "queued", progress: 0, finished_at: null }),
      },
    });
    renderSignedIn(<InsightsPage />, { path: PATH });
    expect(await screen.findByText("No insights computed yet")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Compute insights" }));
    expect(s.to("POST", "/api/analytics/intelligence/insights/recompute")[0]!.body).toEqual({ period_days: 14 });
    expect(await screen.findByText("Counting by inbox (40%)")).toBeTruthy();
    expect(screen.getByRole("progressbar", { name: "Insights progress" })).toBeTruthy();
    expect(await screen.findByRole("table", { name: "Measurable changes" }, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("progressbar", { name: "Insights progress" })).toBeNull());
  });
});
