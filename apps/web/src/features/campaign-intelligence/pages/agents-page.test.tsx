import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ME, mockServer, renderSignedIn } from "../../../test/kit.ts";
import { ID } from "../test/ci-builders.ts";
import CampaignIntelligenceAgentsPage from "./agents-page.tsx";

const PATH = "/campaign-intelligence/agents";
const hold = { scope: "campaign", target: "Alpha", reason: "Checking the copy", since: "2026-11-24T08:00:00.000Z" };
const state = (campaigns: unknown[], holds: unknown[] = []) => ({
  campaigns,
  inboxes: [
    {
      id: ID.inbox,
      email: "sales@acme.test",
      kind: "smtp",
      status: "warning",
      status_reason: "Bounce rate 6 %",
      sent_today: 12,
      daily_cap: 30,
      last_sent_at: "2026-11-24T09:00:00.000Z",
      last_polled_at: "2026-11-24T09:55:00.000Z",
      poll_error: "IMAP login failed",
      campaigns: 1,
    },
  ],
  automation: { rules_enabled: 2, rules_total: 3, last_run_at: "2026-11-24T09:30:00.000Z", runs_24h: 14, failed_24h: 1 },
  holds,
  computed_at: "2026-11-24T10:00:00.000Z",
});

describe("/campaign-intelligence/agents", () => {
  it("shows the sender, bandit, nurture and holds per campaign and the inboxes' sends and polls", async () => {
    mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/campaign-intelligence/agents": {
        body: state(
          [
            {
              id: ID.alpha,
              name: "Alpha",
              status: "active",
              sender: {
                in_sequence: 40,
                due_now: 4,
                next_send_at: "2026-11-24T11:00:00.000Z",
                last_sent_at: "2026-11-24T09:00:00.000Z",
                sent_today: 12,
                wait_reasons: { daily_cap: 4 },
              },
              bandit: [{ step: 0, mode: "bandit", winner: null, weights: [0.7, 0.3], weights_at: "2026-11-24T09:00:00.000Z" }],
              nurture: { name: "Warm up", enabled: true, active_enrollments: 5 },
              automation_runs_24h: 14,
              holds: [hold],
            },
          ],
          [hold],
        ),
      },
    });
    renderSignedIn(<CampaignIntelligenceAgentsPage />, { path: PATH });
    const card = await screen.findByRole("region", { name: "Alpha" });
    expect(within(card).getByText(/40 leads in the sequence · 4 due now · sent today 12/)).toBeTruthy();
    expect(within(card).getByText("daily cap: 4")).toBeTruthy();
    expect(within(card).getByText(/A 70% · B 30%/)).toBeTruthy();
    expect(within(card).getByText(/Nurture "Warm up" on, 5 leads enrolled/)).toBeTruthy();
    expect(within(card).getByText(/Held: campaign Alpha \(Checking the copy\)/)).toBeTruthy();
    expect(screen.getByText(/Kill switch on:/)).toBeTruthy();
    expect(screen.getByText(/2 of 3 rules enabled · 14 runs in the last 24 h \(1 failed or partial\)/)).toBeTruthy();
    const inboxes = screen.getByRole("table", { name: "Inboxes" });
    const row = within(inboxes).getByText("sales@acme.test").closest("tr")!;
    expect(within(row).getByText("12 / 30")).toBeTruthy();
    expect(within(row).getByText("IMAP login failed")).toBeTruthy();
  });

  it("says how to start when no campaign runs", async () => {
    mockServer({ "GET /api/auth/me": { body: ME }, "GET /api/campaign-intelligence/agents": { body: state([]) } });
    renderSignedIn(<CampaignIntelligenceAgentsPage />, { path: PATH });
    expect(await screen.findByText("No campaign is running")).toBeTruthy();
  });
});
