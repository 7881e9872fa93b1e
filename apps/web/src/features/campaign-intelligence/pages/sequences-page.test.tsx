import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ME, mockServer, renderSignedIn } from "../../../test/kit.ts";
import { ID, rate } from "../test/ci-builders.ts";
import CampaignIntelligenceSequencesPage from "./sequences-page.tsx";

const PATH = "/campaign-intelligence/sequences";
const left = (o: Partial<Record<"replied" | "bounced" | "unsubscribed" | "removed" | "finished" | "stopped", number>>) => ({
  replied: 0,
  bounced: 0,
  unsubscribed: 0,
  removed: 0,
  finished: 0,
  stopped: 0,
  ...o,
});
const campaigns = [
  { id: ID.alpha, name: "Alpha", status: "completed", steps: 2 },
  { id: ID.beta, name: "Beta", status: "active", steps: 1 },
];

describe("/campaign-intelligence/sequences", () => {
  it("shows each step's funnel, replies with intervals, exits, and flags the weakest step", async () => {
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/campaign-intelligence/sequences": {
        body: {
          campaigns,
          campaign: campaigns[0],
          steps: [
            {
              step: 0,
              subject: "Hello {{first_name}}",
              reached: 40,
              sent: 40,
              replies: 12,
              bounces: 0,
              unsubscribes: 0,
              reply: rate(12, 40),
              left: left({ replied: 12 }),
              waiting: 0,
              variants: [
                { variant: 0, sent: 20, replies: 8, reply: rate(8, 20) },
                { variant: 1, sent: 20, replies: 4, reply: rate(4, 20) },
              ],
            },
            {
              step: 1,
              subject: "",
              reached: 28,
              sent: 28,
              replies: 0,
              bounces: 0,
              unsubscribes: 3,
              reply: rate(0, 28),
              left: left({ finished: 25, unsubscribed: 3 }),
              waiting: 0,
              variants: [],
            },
          ],
          weakest_step: 1,
          weakest_reason: "Step 2 earns 0.0 %; step 1 earns 30.0 %: the intervals do not overlap.",
        },
      },
    });
    renderSignedIn(<CampaignIntelligenceSequencesPage />, { path: PATH });
    expect(await screen.findByText(/Weakest step: step 2\./)).toBeTruthy();
    const table = screen.getByRole("table", { name: "Steps" });
    const two = within(table).getByText("Step 2").closest("tr")!;
    expect(within(two).getByText(/finished 25/)).toBeTruthy();
    expect(within(two).getByText(/unsubscribed 3/)).toBeTruthy();
    expect(within(table).getByText(/Variant B: 4\/20 replied/)).toBeTruthy();
    expect(screen.getByText("Leads through the sequence")).toBeTruthy();
    await userEvent.click(screen.getByRole("combobox", { name: "Campaign" }));
    await userEvent.click(await screen.findByRole("option", { name: "Beta (active)" }));
    await waitFor(() => expect(s.to("GET", "/api/campaign-intelligence/sequences").at(-1)!.query.get("campaign_id")).toBe(ID.beta));
  });

  it("says how to get data without launched campaigns", async () => {
    mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/campaign-intelligence/sequences": {
        body: { campaigns: [], campaign: null, steps: [], weakest_step: null, weakest_reason: null },
      },
    });
    renderSignedIn(<CampaignIntelligenceSequencesPage />, { path: PATH });
    expect(await screen.findByText("No launched campaigns yet")).toBeTruthy();
  });
});
