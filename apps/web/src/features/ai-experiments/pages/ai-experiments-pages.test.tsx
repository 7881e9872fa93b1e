import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ME, mockServer, renderSignedIn } from "../../../test/kit.ts";
import AiDoctorPage from "./ai-doctor-page.tsx";
import CausalAnalyticsPage from "./causal-analytics-page.tsx";
import ReinforcementLearningPage from "./reinforcement-learning-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const CAMPAIGN = "0190a4c2-0000-7000-8000-000000000001";

const banditStep = {
  campaign_id: CAMPAIGN,
  campaign_name: "Spring outreach",
  step: 1,
  metric: "reply" as const,
  min_share: 0.1,
  floor: 0.1,
  declared_winner: null,
  arms: [
    {
      variant: 0,
      label: "A",
      subject: "Hello",
      sent: 120,
      successes: 6,
      alpha: 7,
      beta: 115,
      mean: 0.0574,
      low: 0.0234,
      high: 0.1049,
      p_best: 0.01,
      share: 0.11,
    },
    {
      variant: 1,
      label: "B",
      subject: "Hi there",
      sent: 150,
      successes: 24,
      alpha: 25,
      beta: 127,
      mean: 0.1645,
      low: 0.1094,
      high: 0.2281,
      p_best: 0.99,
      share: 0.89,
    },
  ],
  density: {
    x: [0, 0.1, 0.2],
    y: [
      [0, 10, 1],
      [0, 5, 8],
    ],
  },
  draws: 20000,
  history: [{ at: "2026-11-20T10:00:00.000Z", weights: [0.5, 0.5], reason: "mode" as const }],
  weights_at: "2026-11-20T10:00:00.000Z",
};

describe("/ai/reinforcement-learning", () => {
  it("shows each variant's posterior, interval, P(best) and share", async () => {
    mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/ai/bandit": { body: { steps: [banditStep], total: 1, page: 1, per_page: 10 } },
    });
    renderSignedIn(<ReinforcementLearningPage />, { path: "/ai/reinforcement-learning" });
    expect(
      await screen.findByRole("heading", {
        name: "How is the bandit splitting sends between variants, and what does it believe about each?",
      }),
    ).toBeTruthy();
    const table = await screen.findByRole("table", { name: "Variants of Spring outreach · step 1" });
    const row = within(table).getByText("Hi there").closest("tr") as HTMLElement;
    expect(within(row).getByText("Beta(25, 127)")).toBeTruthy();
    expect(within(row).getByText("10.94% – 22.81%")).toBeTruthy();
    expect(within(row).getByText("99.0%")).toBeTruthy();
    expect(within(row).getByText("89.0%")).toBeTruthy();
  });

  it("says how to start a bandit when no step runs one", async () => {
    mockServer({ "GET /api/auth/me": { body: ME }, "GET /api/ai/bandit": { body: { steps: [], total: 0, page: 1, per_page: 10 } } });
    renderSignedIn(<ReinforcementLearningPage />, { path: "/ai/reinforcement-learning" });
    expect(await screen.findByText("No step runs the bandit")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Open A/B testing" }).getAttribute("href")).toBe("/experiments/ab-testing");
  });
});

describe("/ai-tools/causal-analytics", () => {
  it("shows a randomized step's uplift with its interval and caveats", async () => {
    mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/ai/causal/options": { body: { campaigns: [{ id: CAMPAIGN, name: "Spring outreach", ab_steps: [1], changes: [] }] } },
      "GET /api/ai/causal/ab": {
        body: {
          design: "randomized_ab",
          campaign_id: CAMPAIGN,
          campaign_name: "Spring outreach",
          step: 1,
          control: {
            variant: 0,
            label: "A",
            subject: "Hello",
            cell: { sent: 200, replied: 20, rate: 10 },
            uplift: null,
            low: null,
            high: null,
            p_value: null,
            significant: false,
            enough_data: true,
          },
          effects: [
            {
              variant: 1,
              label: "B",
              subject: "Hi",
              cell: { sent: 200, replied: 40, rate: 20 },
              uplift: 10,
              low: 3.07,
              high: 16.93,
              p_value: 0.0051,
              significant: true,
              enough_data: true,
            },
          ],
          min_sends_per_arm: 50,
          enough_data: true,
          explanation: "Variant B against A: +10 points of reply rate.",
          caveats: ["Randomized: the arms differ only by the message."],
        },
      },
    });
    renderSignedIn(<CausalAnalyticsPage />, { path: "/ai-tools/causal-analytics" });
    expect(await screen.findByRole("heading", { name: "Did this change cause more replies, and by how much?" })).toBeTruthy();
    await userEvent.click(await screen.findByRole("combobox", { name: "Campaign" }));
    await userEvent.click(await screen.findByRole("option", { name: "Spring outreach" }));
    expect(
      await screen.findByText(/Variant B: 20% \(40 of 200\) · uplift \+10.00 pts \(95 % CI \+3.07 pts to \+16.93 pts, p = 0.0051\)/),
    ).toBeTruthy();
    expect(screen.getByText("Randomized: the arms differ only by the message.")).toBeTruthy();
  });

  it("says how to get data without campaigns", async () => {
    mockServer({ "GET /api/auth/me": { body: ME }, "GET /api/ai/causal/options": { body: { campaigns: [] } } });
    renderSignedIn(<CausalAnalyticsPage />, { path: "/ai-tools/causal-analytics" });
    expect(await screen.findByText("No campaigns to analyse")).toBeTruthy();
  });
});

describe("/ai-doctor", () => {
  it("diagnoses the chosen campaign and shows each finding with its evidence and fix link", async () => {
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/ai/doctor/campaigns": {
        body: { campaigns: [{ id: CAMPAIGN, name: "Spring outreach", status: "active" }], next_cursor: null },
      },
      "POST /api/ai/doctor": {
        body: {
          campaign_id: CAMPAIGN,
          campaign_name: "Spring outreach",
          campaign_status: "active",
          areas: [
            {
              area: "deliverability",
              enough_data: true,
              note: null,
              findings: [
                {
                  rule: "deliverability.bounce_rate",
                  area: "deliverability",
                  severity: "critical",
                  title: "Bounce rate is too high",
                  evidence: "7% (14 of 200 sent)",
                  fix: "Verify the addresses.",
                  link: "/leads",
                },
              ],
            },
            { area: "copy", enough_data: true, note: null, findings: [] },
            {
              area: "targeting",
              enough_data: false,
              note: "The campaign has no leads yet: add leads to judge its audience.",
              findings: [],
            },
            { area: "timing", enough_data: false, note: "Too few sends.", findings: [] },
          ],
          action_id: "0190a4c2-0000-7000-8000-0000000000aa",
          summary: null,
          summary_action_id: null,
          summary_note: null,
          llm_configured: false,
          created_at: "2026-11-25T07:00:00.000Z",
        },
      },
    });
    renderSignedIn(<AiDoctorPage />, { path: "/ai-doctor" });
    expect(await screen.findByRole("heading", { name: "What is wrong with this campaign, and how do I fix it?" })).toBeTruthy();
    await userEvent.click(await screen.findByRole("combobox", { name: "Campaign" }));
    await userEvent.click(await screen.findByRole("option", { name: "Spring outreach (active)" }));
    await userEvent.click(screen.getByRole("button", { name: "Diagnose" }));
    expect(await screen.findByText("Bounce rate is too high")).toBeTruthy();
    expect(screen.getByText("7% (14 of 200 sent)")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Fix it" }).getAttribute("href")).toBe("/leads");
    expect(screen.getByText("The campaign has no leads yet: add leads to judge its audience.")).toBeTruthy();
    expect(s.to("POST", "/api/ai/doctor")[0]?.body).toEqual({ campaign_id: CAMPAIGN, summary: false });
  });

  it("says how to get a campaign when there is none", async () => {
    mockServer({ "GET /api/auth/me": { body: ME }, "GET /api/ai/doctor/campaigns": { body: { campaigns: [], next_cursor: null } } });
    renderSignedIn(<AiDoctorPage />, { path: "/ai-doctor" });
    expect(await screen.findByText("No campaigns yet")).toBeTruthy();
  });
});
