import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ME, me, mockServer, renderSignedIn } from "../../../test/kit.ts";
import { COST_MODEL, ROI } from "../test/optimization-builders.ts";
import RoiPage from "./roi-page.tsx";

describe("ROI page", () => {
  it("shows cost, return and ROI per campaign with the allocation, and saves the cost model", async () => {
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/analytics/optimization/roi": { body: ROI },
      "GET /api/analytics/optimization/cost-model": { body: COST_MODEL },
      "PUT /api/analytics/optimization/cost-model": (req) => ({ body: { ...COST_MODEL, ...(req.body as object) } }),
    });
    renderSignedIn(<RoiPage />, { path: "/business-optimizer/roi" });
    const table = await screen.findByRole("table", { name: "ROI by campaign" });
    const row = within(table).getByText("Autumn push").closest("tr")!;
    expect(within(row).getByText("913%")).toBeTruthy();
    expect(within(row).getByText(/2 · €8,000/)).toBeTruthy();
    expect(screen.getByText("Inbox cost: shared by sends.")).toBeTruthy();

    const inbox = screen.getByLabelText("Cost per sending inbox, per month");
    await userEvent.clear(inbox);
    await userEvent.type(inbox, "-5");
    await userEvent.click(screen.getByRole("button", { name: "Save cost model" }));
    expect(await screen.findByText("Monthly cost per inbox cannot be negative")).toBeTruthy();
    expect(s.to("PUT", "/api/analytics/optimization/cost-model")).toHaveLength(0);

    await userEvent.clear(inbox);
    await userEvent.type(inbox, "45");
    await userEvent.type(screen.getByLabelText("manual"), "0.25");
    await userEvent.click(screen.getByRole("button", { name: "Save cost model" }));
    await waitFor(() => expect(s.to("PUT", "/api/analytics/optimization/cost-model")).toHaveLength(1));
    expect(s.to("PUT", "/api/analytics/optimization/cost-model")[0]!.body).toEqual({
      currency: "EUR",
      inbox_monthly_cost: 45,
      tooling_monthly_cost: 100,
      default_lead_cost: 0.5,
      lead_cost_by_source: { import: 1, manual: 0.25 },
    });
  });

  it("keeps the cost model read-only without analytics:update, and says how to get data", async () => {
    mockServer({
      "GET /api/auth/me": { body: me({ role: "viewer", permissions: ["analytics:read"] }) },
      "GET /api/analytics/optimization/roi": { body: { ...ROI, campaigns: [] } },
      "GET /api/analytics/optimization/cost-model": { body: COST_MODEL },
    });
    renderSignedIn(<RoiPage />, { path: "/optimization/roi-analytics" });
    expect(await screen.findByText(/Changing the cost model needs the analytics:update permission/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Save cost model" })).toBeNull();
    expect(await screen.findByText("No campaign sent, got replies or produced deals in this period")).toBeTruthy();
  });
});
