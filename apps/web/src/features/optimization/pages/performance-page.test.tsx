import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ME, mockServer, renderSignedIn } from "../../../test/kit.ts";
import { performance } from "../test/optimization-builders.ts";
import PerformancePage from "./performance-page.tsx";

describe("performance trends", () => {
  it("flags the weeks beyond the control limits and asks again for another metric", async () => {
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/analytics/optimization/performance": {
        body: performance([
          { n: 200, x: 20 },
          { n: 200, x: 40, signal: "above" },
          { n: 0, x: 0 },
          { n: 200, x: 4, signal: "below" },
        ]),
      },
    });
    renderSignedIn(<PerformancePage />, { path: "/optimization/performance" });
    const table = await screen.findByRole("table", { name: "Weeks" });
    expect(within(table).getByText("Above the upper limit")).toBeTruthy();
    expect(within(table).getByText("Below the lower limit")).toBeTruthy();
    expect(within(table).getByText("no messages")).toBeTruthy();
    expect(within(table).getByText("40 of 200")).toBeTruthy();
    expect(screen.getByText(/10\.0% overall/)).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Bounce rate" }));
    await waitFor(() => expect(s.to("GET", "/api/analytics/optimization/performance").at(-1)!.query.get("metric")).toBe("bounce_rate"));
  });

  it("says how to get data when nothing was sent", async () => {
    mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/analytics/optimization/performance": { body: { ...performance([{ n: 0, x: 0 }]), centre: null } },
    });
    renderSignedIn(<PerformancePage />, { path: "/optimization/performance" });
    expect(await screen.findByText("No campaign messages were sent in these weeks")).toBeTruthy();
  });
});
