import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ME, mockServer, renderSignedIn } from "../../../test/kit.ts";
import { cmp, ID, rate } from "../test/ci-builders.ts";
import CampaignIntelligenceAutomationPage from "./automation-page.tsx";

const PATH = "/campaign-intelligence/automation";

describe("/campaign-intelligence/automation", () => {
  it("shows each rule's leads, actions, and outcomes against the campaigns' other members", async () => {
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/campaign-intelligence/automation": {
        body: {
          days: 30,
          since: "2026-10-25T10:00:00.000Z",
          computed_at: "2026-11-24T10:00:00.000Z",
          rules: [
            {
              owner: `rule:${ID.rule}`,
              kind: "rule",
              id: ID.rule,
              name: "Tag openers",
              runs: 31,
              failed_runs: 1,
              leads_acted_on: 30,
              campaigns: 1,
              actions: { add_tag: 30 },
              acted_reply: rate(30, 30),
              acted_meeting: rate(0, 30),
              comparison_reply: rate(0, 70),
              comparison_meeting: rate(0, 70),
              reply_effect: cmp("above", 1),
              meeting_effect: cmp("too_few"),
              last_run_at: "2026-11-23T10:00:00.000Z",
            },
          ],
        },
      },
    });
    renderSignedIn(<CampaignIntelligenceAutomationPage />, { path: PATH });
    const table = await screen.findByRole("table", { name: "Automation on campaign leads" });
    const row = within(table).getByText("Tag openers").closest("tr")!;
    expect(within(row).getByText("add tag 30")).toBeTruthy();
    expect(within(row).getByText("1 failed or partial")).toBeTruthy();
    expect(within(row).getByText("30/30 · 88.6%–100.0%")).toBeTruthy();
    expect(within(row).getAllByText("0/70 · 0.0%–5.2%")).toHaveLength(2);
    expect(within(row).getByText("above +100.0 pts")).toBeTruthy();
    expect(within(row).getByText("too few to tell")).toBeTruthy();
    await userEvent.click(screen.getByRole("combobox", { name: "Period" }));
    await userEvent.click(await screen.findByRole("option", { name: "Last 90 days" }));
    await waitFor(() => expect(s.to("GET", "/api/campaign-intelligence/automation").at(-1)!.query.get("days")).toBe("90"));
  });

  it("says how to get data when automation did nothing", async () => {
    mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/campaign-intelligence/automation": {
        body: { days: 30, since: "2026-10-25T10:00:00.000Z", computed_at: "2026-11-24T10:00:00.000Z", rules: [] },
      },
    });
    renderSignedIn(<CampaignIntelligenceAutomationPage />, { path: PATH });
    expect(await screen.findByText("Automation has not acted on campaign leads in this period")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to automation" }).getAttribute("href")).toBe("/automation");
  });
});
