import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ME, mockServer, renderSignedIn } from "../../../test/kit.ts";
import { ID, rate } from "../test/ci-builders.ts";
import CampaignIntelligenceCenterPage from "./center-page.tsx";

const PATH = "/campaign-intelligence/center";
const base = {
  window_days: 14,
  engine_computed_at: "2026-11-24T09:55:00.000Z",
  checked: 2,
  workspace_reply: rate(32, 203),
  computed_at: "2026-11-24T10:00:00.000Z",
};

describe("/campaign-intelligence/center", () => {
  it("ranks campaigns by score with each reason's evidence and where to act", async () => {
    mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/campaign-intelligence/center": {
        body: {
          ...base,
          campaigns: [
            {
              id: ID.beta,
              name: "Beta",
              status: "active",
              score: 5,
              reasons: [
                {
                  code: "high_bounce",
                  weight: 3,
                  title: "Bounce rate over 3 %",
                  evidence: "Bounces 9.7 % (10 of 103; 95 % 5.4 %–17.0 %) of messages sent in the last 14 days.",
                  link: `/campaigns/${ID.beta}?messages=sent`,
                  rate: rate(10, 103),
                  counts: { sent: 103, bounces: 10 },
                },
                {
                  code: "low_reply",
                  weight: 2,
                  title: "Reply rate measurably below the workspace's",
                  evidence: "Replies 1.9 % (2 of 103) against 30.0 %",
                  link: `/campaign-intelligence/sequences?campaign_id=${ID.beta}`,
                  rate: rate(2, 103),
                  counts: {},
                },
              ],
            },
          ],
        },
      },
    });
    renderSignedIn(<CampaignIntelligenceCenterPage />, { path: PATH });
    expect(await screen.findByText("Which campaigns need attention right now, and why?")).toBeTruthy();
    const card = await screen.findByRole("region", { name: "Beta" });
    expect(within(card).getByText("score 5")).toBeTruthy();
    expect(within(card).getByText(/10 of 103; 95 % 5.4 %–17.0 %/)).toBeTruthy();
    expect(within(card).getByRole("link", { name: "Bounce rate over 3 %: open" }).getAttribute("href")).toBe(
      `/campaigns/${ID.beta}?messages=sent`,
    );
    expect(screen.getByText(/workspace reply rate 15.8% \(32\/203/)).toBeTruthy();
    expect(screen.getByText(/^Source:/)).toBeTruthy();
  });

  it("says all clear when no campaign has a reason, and how to start when none runs", async () => {
    mockServer({ "GET /api/auth/me": { body: ME }, "GET /api/campaign-intelligence/center": { body: { ...base, campaigns: [] } } });
    const { unmount } = renderSignedIn(<CampaignIntelligenceCenterPage />, { path: PATH });
    expect(await screen.findByText(/All clear: none of the 2 campaigns/)).toBeTruthy();
    unmount();
    mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/campaign-intelligence/center": { body: { ...base, checked: 0, campaigns: [] } },
    });
    renderSignedIn(<CampaignIntelligenceCenterPage />, { path: PATH });
    expect(await screen.findByText("No running campaigns")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to campaigns" }).getAttribute("href")).toBe("/campaigns");
  });
});
