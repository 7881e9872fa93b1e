import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ME, mockServer, renderSignedIn } from "../../../test/kit.ts";
import { FUNNEL, FUNNEL_COMPARE } from "../test/optimization-builders.ts";
import FunnelPage from "./funnel-page.tsx";

const campaigns = { campaigns: [], total: 0, page: 1, per_page: 100, total_pages: 0 };

describe("funnel page", () => {
  it("shows each stage with its conversion interval and highlights the biggest loss", async () => {
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/campaigns/": { body: campaigns },
      "GET /api/analytics/optimization/funnel": { body: FUNNEL },
    });
    renderSignedIn(<FunnelPage variant="current" />, { path: "/optimization/dashboard" });
    expect(await screen.findByRole("heading", { name: "Where in the funnel from lead to won deal are we losing the most?" })).toBeTruthy();
    expect(await screen.findByText(/Biggest loss: Opened → Replied/)).toBeTruthy();
    expect(screen.getByText(/10\.0% \(95% interval 5\.0%–18\.0%\) of 40 went on; 36 stopped here/)).toBeTruthy();
    const table = screen.getByRole("table", { name: "Funnel stages" });
    const replied = within(table).getByText("Replied").closest("tr")!;
    expect(within(replied).getByText("Biggest loss")).toBeTruthy();
    expect(within(replied).getByText("Source of Replied")).toBeTruthy();
    expect(screen.getByText(/Leads added 2026-10-27 to 2026-11-25 \(UTC days\)/)).toBeTruthy();
    const q = s.to("GET", "/api/analytics/optimization/funnel")[0]!.query;
    expect(q.get("from")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(q.get("campaign_id")).toBeNull();
  });

  it("compares with the previous period and says which changes are beyond chance", async () => {
    mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/campaigns/": { body: campaigns },
      "GET /api/analytics/optimization/funnel/compare": { body: FUNNEL_COMPARE },
    });
    renderSignedIn(<FunnelPage variant="compare" />, { path: "/business-optimizer/dashboard-new" });
    const table = await screen.findByRole("table", { name: "Funnel stages" });
    const replied = within(table).getByText("Replied").closest("tr")!;
    expect(within(replied).getByText(/-20\.0 pts · p = 0\.012 · worse, beyond chance/)).toBeTruthy();
    const opened = within(table).getByText("Opened").closest("tr")!;
    expect(within(opened).getByText(/within chance/)).toBeTruthy();
  });

  it("says how to get data when no lead was added", async () => {
    const empty = {
      ...FUNNEL,
      current: { ...FUNNEL.current, biggest_drop: null, stages: FUNNEL.current.stages.map((st) => ({ ...st, count: 0, lost: 0 })) },
    };
    mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/campaigns/": { body: campaigns },
      "GET /api/analytics/optimization/funnel": { body: empty },
    });
    renderSignedIn(<FunnelPage variant="current" />, { path: "/optimization/dashboard" });
    expect(await screen.findByText("No leads were added in this period")).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/Biggest loss/)).toBeNull());
  });
});
