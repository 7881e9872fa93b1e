import type { CapacityCalcResult, CapacityCampaign, CapacityPlan } from "@prospector/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ME, mockServer, type Route, renderSignedIn, uuid } from "../../../test/kit.ts";
import { formatDay } from "../components/capacity-tables.tsx";
import CapacityPlanningPage from "./capacity-planning-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

const campaign = (over: Partial<CapacityCampaign> = {}): CapacityCampaign => ({
  campaign_id: uuid(),
  name: "Spring outreach",
  status: "active",
  queued_messages: 240,
  per_step: [
    { step: 1, messages: 120 },
    { step: 2, messages: 120 },
  ],
  inbox_count: 2,
  daily_capacity_today: 60,
  finish_date: "2026-12-15",
  sending_days: 4,
  bottleneck: "daily_cap",
  bottleneck_text: "The inboxes' daily limits",
  daily_plan: [{ date: "2026-12-12", messages: 60 }],
  ...over,
});

const plan = (over: Partial<CapacityPlan> = {}): CapacityPlan => ({
  generated_at: "2026-12-11T10:00:00.000Z",
  horizon_days: 365,
  campaigns: [
    campaign(),
    campaign({
      name: "Held launch",
      finish_date: null,
      sending_days: 0,
      bottleneck: "held",
      bottleneck_text: "Stopped by the kill switch",
    }),
  ],
  inboxes: [
    {
      inbox_id: uuid(),
      email: "sam@outbound.test",
      status: "healthy",
      held: false,
      daily_limit: 50,
      limit_today: 20,
      warmup_full_on: "2026-12-20",
      min_gap_seconds: 60,
      campaigns: 2,
    },
  ],
  assumptions: ["Each inbox sends at most its daily limit, following its warm-up ramp day by day."],
  ...over,
});

function routes(over: Record<string, Route> = {}): Record<string, Route> {
  return { "GET /api/auth/me": { body: ME }, "GET /api/capacity-planning": { body: plan() }, ...over };
}

describe("/capacity-planning", () => {
  it("shows each campaign's queued emails, finish day and what holds it back, the inboxes and the assumptions", async () => {
    mockServer(routes());
    renderSignedIn(<CapacityPlanningPage />, { path: "/capacity-planning" });
    expect(
      screen.getByRole("heading", {
        name: "When will each campaign finish with the inboxes I have, and how many do I need for a deadline?",
      }),
    ).toBeTruthy();
    const table = await screen.findByRole("table", { name: "Campaign capacity" });
    const spring = within(table).getByRole("row", { name: /Spring outreach/ });
    expect(within(spring).getByText("240")).toBeTruthy();
    expect(within(spring).getByText(formatDay("2026-12-15"))).toBeTruthy();
    expect(within(spring).getByText("The inboxes' daily limits")).toBeTruthy();
    const held = within(table).getByRole("row", { name: /Held launch/ });
    expect(within(held).getByText("Not planned")).toBeTruthy();
    expect(within(held).getByText("Stopped by the kill switch")).toBeTruthy();
    const inboxes = screen.getByRole("table", { name: "Inbox capacity" });
    expect(within(inboxes).getByText("20 of 50")).toBeTruthy();
    expect(within(inboxes).getByText(`Full limit on ${formatDay("2026-12-20")}`)).toBeTruthy();
    expect(screen.getByText(/following its warm-up ramp day by day/)).toBeTruthy();
  });

  it("says how to get a plan when no campaign runs", async () => {
    mockServer(routes({ "GET /api/capacity-planning": { body: plan({ campaigns: [], inboxes: [] }) } }));
    renderSignedIn(<CapacityPlanningPage />, { path: "/capacity-planning" });
    expect(await screen.findByText("No campaign is running")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to Campaigns" })).toBeTruthy();
  });

  it("answers how many inboxes a deadline needs, and checks the input first", async () => {
    const answer: CapacityCalcResult = {
      deadline: inDays(10),
      cap: 40,
      campaign_ids: [uuid()],
      queued_messages: 240,
      inboxes_needed: 3,
      finish_date: inDays(9),
      inboxes_now: 2,
      earliest_possible: inDays(3),
      explanation: "3 inboxes at 40 a day send the 240 queued emails by then; 2 usable inboxes send for these campaigns now.",
    };
    const api = mockServer(routes({ "GET /api/capacity-planning/calculator": { body: answer } }));
    renderSignedIn(<CapacityPlanningPage />, { path: "/capacity-planning" });
    const cap = await screen.findByRole("spinbutton", { name: "Emails a day per inbox" });
    await userEvent.clear(cap);
    await userEvent.type(cap, "0");
    await userEvent.click(screen.getByRole("button", { name: "Calculate" }));
    expect(screen.getByText("A whole number from 1 to 10,000")).toBeTruthy();
    expect(api.to("GET", "/api/capacity-planning/calculator")).toHaveLength(0);

    await userEvent.clear(cap);
    await userEvent.type(cap, "40");
    const deadline = screen.getByLabelText("Finish by");
    await userEvent.clear(deadline);
    await userEvent.type(deadline, inDays(10));
    await userEvent.click(screen.getByRole("button", { name: "Calculate" }));
    const result = await screen.findByRole("alert", { name: "Calculator answer" });
    expect(within(result).getByText("You need 3 inboxes at 40 a day")).toBeTruthy();
    expect(within(result).getByText(/240 queued emails/)).toBeTruthy();
    const asked = api.to("GET", "/api/capacity-planning/calculator")[0]?.query;
    expect(asked?.get("cap")).toBe("40");
    expect(asked?.get("deadline")).toBe(inDays(10));
    expect(asked?.get("campaign_id")).toBeNull();
  });

  it("says when no number of inboxes can meet the deadline", async () => {
    mockServer(
      routes({
        "GET /api/capacity-planning/calculator": {
          body: {
            deadline: inDays(14),
            cap: 50,
            campaign_ids: [uuid()],
            queued_messages: 10,
            inboxes_needed: null,
            finish_date: null,
            inboxes_now: 1,
            earliest_possible: inDays(20),
            explanation: "Even with unlimited inboxes the sequence's delays and sending windows end later.",
          },
        },
      }),
    );
    renderSignedIn(<CapacityPlanningPage />, { path: "/capacity-planning" });
    await userEvent.click(await screen.findByRole("button", { name: "Calculate" }));
    const result = await screen.findByRole("alert", { name: "Calculator answer" });
    await waitFor(() => expect(within(result).getByText(`No number of inboxes finishes by ${formatDay(inDays(14))}`)).toBeTruthy());
  });
});
