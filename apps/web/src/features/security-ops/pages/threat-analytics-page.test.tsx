import type { ThreatAnalytics } from "@prospector/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ME, mockServer, renderSignedIn } from "../../../test/kit.ts";
import ThreatAnalyticsPage from "./threat-analytics-page.tsx";

const QUESTION = "Where do attacks come from, what do they target, and is it getting worse?";

const empty = (days: number): ThreatAnalytics => ({
  days,
  alerts_by_day: [],
  failed_sign_ins_by_day: [],
  top_sources: [],
  targeted_accounts: [],
  api_key_denials: [],
});

describe("/security/threat-analytics", () => {
  it("draws each chart with a table view and changes the period", async () => {
    const data: ThreatAnalytics = {
      days: 30,
      alerts_by_day: [
        { day: "2026-11-19", rule: "brute_force", count: 2 },
        { day: "2026-11-20", rule: "credential_stuffing", count: 1 },
      ],
      failed_sign_ins_by_day: [{ day: "2026-11-20", failed: 17, succeeded: 4 }],
      top_sources: [{ ip: "100.64.0.9", failed: 11, accounts: 11, country: "US" }],
      targeted_accounts: [{ email: "ada@example.com", failed: 8, sources: 3 }],
      api_key_denials: [{ api_key_id: "k1", name: "integration", denied: 6, requests: 66 }],
    };
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/security/analytics": (req) => ({ body: req.query.get("days") === "7" ? empty(7) : data }),
    });
    renderSignedIn(<ThreatAnalyticsPage />, { path: "/security/threat-analytics" });
    expect(await screen.findByRole("heading", { name: QUESTION })).toBeTruthy();
    expect(await screen.findByText("Top source addresses of failed sign-ins")).toBeTruthy();
    expect(s.to("GET", "/api/security/analytics")[0]!.query.get("days")).toBe("30");
    // Every chart reads as a table too.
    for (const button of screen.getAllByRole("button", { name: "Table" })) await userEvent.click(button);
    const tables = screen.getAllByRole("table");
    expect(tables.some((t) => within(t).queryByText("100.64.0.9"))).toBe(true);
    expect(tables.some((t) => within(t).queryByText("ada@example.com"))).toBe(true);
    expect(tables.some((t) => within(t).queryByText("integration"))).toBe(true);
    expect(tables.some((t) => within(t).queryByText("17"))).toBe(true);

    await userEvent.click(screen.getByRole("button", { name: "7 days" }));
    await waitFor(() => expect(s.to("GET", "/api/security/analytics").at(-1)!.query.get("days")).toBe("7"));
    expect(await screen.findByText(/No sign-ins recorded yet/)).toBeTruthy();
    expect(screen.getByText(/No alerts in this period/)).toBeTruthy();
  });
});
