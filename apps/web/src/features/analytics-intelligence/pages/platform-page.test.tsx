import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ME, mockServer, renderSignedIn } from "../../../test/kit.ts";
import { leadSources, sourceRow } from "../test/intelligence-builders.ts";
import PlatformPage from "./platform-page.tsx";

const PATH = "/analytics-intelligence/platform";
const URL = "GET /api/analytics/intelligence/lead-sources";

describe("/analytics-intelligence/platform", () => {
  it("shows each source's funnel, revenue and reply rate with its interval, and the totals", async () => {
    mockServer({
      "GET /api/auth/me": { body: ME },
      [URL]: {
        body: leadSources([
          sourceRow("import", "CSV import", {
            leads: 1200,
            contacted: 800,
            replied: 64,
            meetings: 12,
            deals: 6,
            deals_won: 2,
            revenue: 18000,
          }),
          sourceRow("website", "Website crawler", {
            leads: 300,
            contacted: 0,
            replied: 0,
            meetings: 0,
            deals: 0,
            deals_won: 0,
            revenue: 0,
          }),
        ]),
      },
    });
    renderSignedIn(<PlatformPage />, { path: PATH });
    expect(await screen.findByRole("heading", { name: "Lead Source Intelligence" })).toBeTruthy();
    expect(screen.getByText("Which lead sources turn into replies, meetings and revenue?")).toBeTruthy();
    const table = await screen.findByRole("table", { name: "Funnel by lead source" });
    const imp = within(table).getByText("CSV import").closest("tr")!;
    expect(within(imp).getByText("1,200")).toBeTruthy();
    expect(within(imp).getByText("$18,000")).toBeTruthy();
    expect(within(imp).getByText("8.0% (95 % CI 3.0–13%, n = 800)")).toBeTruthy();
    const web = within(table).getByText("Website crawler").closest("tr")!;
    expect(within(web).getByText("— (n = 0)")).toBeTruthy();
    const all = within(table).getByText("All sources").closest("tr")!;
    expect(within(all).getByText("1,500")).toBeTruthy();
    // The chart's table view lists only contacted sources.
    await (await import("@testing-library/user-event")).default.click(screen.getByRole("button", { name: "Table" }));
    const chartTable = screen.getByRole("table", { name: "Reply and meeting rate by lead source" });
    expect(within(chartTable).getByText("CSV import")).toBeTruthy();
    expect(within(chartTable).queryByText("Website crawler")).toBeNull();
  });

  it("says how to get leads when there are none", async () => {
    mockServer({ "GET /api/auth/me": { body: ME }, [URL]: { body: leadSources([]) } });
    renderSignedIn(<PlatformPage />, { path: PATH });
    expect(await screen.findByText("No leads in this range")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to leads" }).getAttribute("href")).toBe("/leads");
  });
});
