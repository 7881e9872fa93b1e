import type { Forecast } from "@prospector/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ME, mockServer, renderSignedIn } from "../../../test/kit.ts";
import ForecastingPage from "./forecasting-page.tsx";

const AT = "2026-11-24T16:00:00.000Z";
const forecast = (over: Partial<Forecast> = {}): Forecast => ({
  scope: "all",
  computed_at: AT,
  from_cache: false,
  method: "monte_carlo",
  months_ahead: 6,
  runs: 10000,
  open_deals: 6,
  duration_ms: 12,
  months: [{ month: "2026-12", p10: 0, p50: 10000, p90: 30000, expected: 10000 }],
  total: { p10: 8000, p50: 15000, p90: 42000, expected: 16000 },
  basis: "10,000 runs over 6 open deals' probabilities and expected close dates",
  ...over,
});

describe("forecasting", () => {
  it("shows the pipeline's forecast with its spread and explains the method; the switch asks for another method", async () => {
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/pipeline/health/overview": { status: 500, body: { code: "INTERNAL", detail: "Server error. Please try again later." } },
      "GET /api/pipeline/forecasts/precomputed": (req) => ({
        body: forecast({ method: (req.query.get("method") as Forecast["method"]) ?? "monte_carlo" }),
      }),
    });
    renderSignedIn(<ForecastingPage />, { path: "/optimization/forecasting" });
    expect(await screen.findByRole("heading", { name: "How much revenue will the pipeline bring in, and how sure is that?" })).toBeTruthy();
    const fc = await screen.findByRole("region", { name: "Revenue forecast" });
    await within(fc).findByText("10,000 runs over 6 open deals' probabilities and expected close dates");
    const totals = within(fc).getByRole("group", { name: "Total over 6 months" });
    expect(within(totals).getByText(/42,000/)).toBeTruthy();
    expect(screen.getByRole("region", { name: "How the forecast is made" })).toBeTruthy();
    await userEvent.click(within(fc).getByRole("button", { name: "Weighted" }));
    await waitFor(() => expect(s.to("GET", "/api/pipeline/forecasts/precomputed").at(-1)!.query.get("method")).toBe("weighted"));
  });

  it("says how to get data when there is no open deal", async () => {
    mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/pipeline/health/overview": { status: 500, body: { code: "INTERNAL", detail: "Server error. Please try again later." } },
      "GET /api/pipeline/forecasts/precomputed": { body: forecast({ open_deals: 0, total: { p10: 0, p50: 0, p90: 0, expected: 0 } }) },
    });
    renderSignedIn(<ForecastingPage />, { path: "/optimization/forecasting" });
    expect(await screen.findByText("No open deals to forecast")).toBeTruthy();
  });
});
