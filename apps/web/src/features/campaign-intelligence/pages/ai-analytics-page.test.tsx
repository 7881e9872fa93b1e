import type { CiReplyClass } from "@prospector/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ME, mockServer, renderSignedIn } from "../../../test/kit.ts";
import { ID, rate } from "../test/ci-builders.ts";
import CampaignIntelligenceAiAnalyticsPage from "./ai-analytics-page.tsx";

const PATH = "/campaign-intelligence/ai-analytics";
const CLASSES: CiReplyClass[] = [
  "interested",
  "not_now",
  "not_interested",
  "wrong_person",
  "unsubscribe_request",
  "other_reply",
  "out_of_office",
  "complaint",
];
const shares = (counts: Partial<Record<CiReplyClass, number>>) => {
  const n = Object.values(counts).reduce((a, b) => a + b, 0);
  return CLASSES.map((c) => ({ class: c, share: rate(counts[c] ?? 0, n) }));
};
const intel = (total: number) => ({
  days: 30,
  since: "2026-10-25T10:00:00.000Z",
  total,
  classes: shares(total ? { interested: 20, not_interested: 10, out_of_office: 3 } : {}),
  by_campaign: total ? [{ id: ID.alpha, name: "Alpha", step: 0, total: 30, classes: shares({ interested: 20, not_interested: 10 }) }] : [],
  trend: total ? [{ week: "2026-11-16", counts: { interested: 20, not_interested: 10, out_of_office: 3 } }] : [],
  rules: [{ id: "positive", class: "interested", description: "The reply welcomes a conversation" }],
});
const item = (i: number) => ({
  id: `0190a000-0000-7000-8000-0000000010${String(i).padStart(2, "0")}`,
  occurred_at: "2026-11-23T10:00:00.000Z",
  campaign_id: ID.alpha,
  campaign_name: "Alpha",
  step: 0,
  lead_id: null,
  from: `person${i}@acme.test`,
  subject: "Re: hello",
  snippet: "Sounds good, let's talk on Tuesday",
  class: "interested",
  why: "The reply welcomes a conversation (interested, let's talk, book a call…): matched “sounds good”",
});

describe("/campaign-intelligence/ai-analytics", () => {
  it("shows the classes with shares and intervals, by campaign, and the latest answers with why", async () => {
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/campaign-intelligence/replies": { body: intel(33) },
      "GET /api/campaign-intelligence/replies/latest": (req) => ({
        body: req.query.get("cursor") ? { items: [item(2)], next_cursor: null } : { items: [item(1)], next_cursor: "WyJ4IiwieSJd" },
      }),
    });
    renderSignedIn(<CampaignIntelligenceAiAnalyticsPage />, { path: PATH });
    expect(await screen.findByRole("heading", { name: "Reply Intelligence" })).toBeTruthy();
    const byCampaign = await screen.findByRole("table", { name: "Replies by campaign and step" });
    const row = within(byCampaign).getByText("Alpha").closest("tr")!;
    expect(within(row).getByText("20/30 · 48.8%–80.8%")).toBeTruthy();
    const list = await screen.findByRole("list", { name: "Latest answers" });
    expect(within(list).getByText(/person1@acme.test/)).toBeTruthy();
    expect(within(list).getByText(/matched “sounds good”/)).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Older" }));
    expect(await within(list).findByText(/person2@acme.test/)).toBeTruthy();
    await userEvent.click(screen.getByRole("combobox", { name: "Class" }));
    await userEvent.click(await screen.findByRole("option", { name: "Out of office / auto-reply" }));
    await waitFor(() => expect(s.to("GET", "/api/campaign-intelligence/replies/latest").at(-1)!.query.get("class")).toBe("out_of_office"));
    expect(s.to("GET", "/api/campaign-intelligence/replies/latest").at(-1)!.query.get("cursor")).toBeNull();
  });

  it("reads one campaign when linked with campaign_id, and goes back to all", async () => {
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/campaign-intelligence/replies": { body: intel(33) },
      "GET /api/campaign-intelligence/replies/latest": { body: { items: [], next_cursor: null } },
    });
    renderSignedIn(<CampaignIntelligenceAiAnalyticsPage />, { path: PATH, at: `${PATH}?campaign_id=${ID.alpha}` });
    expect(await screen.findByText(/Alpha only/)).toBeTruthy();
    expect(s.to("GET", "/api/campaign-intelligence/replies")[0]!.query.get("campaign_id")).toBe(ID.alpha);
    expect(s.to("GET", "/api/campaign-intelligence/replies/latest")[0]!.query.get("campaign_id")).toBe(ID.alpha);
    await userEvent.click(screen.getByRole("button", { name: "All campaigns" }));
    await waitFor(() => expect(s.to("GET", "/api/campaign-intelligence/replies").at(-1)!.query.get("campaign_id")).toBeNull());
  });

  it("says how replies arrive when there are none", async () => {
    mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/campaign-intelligence/replies": { body: intel(0) },
      "GET /api/campaign-intelligence/replies/latest": { body: { items: [], next_cursor: null } },
    });
    renderSignedIn(<CampaignIntelligenceAiAnalyticsPage />, { path: PATH });
    expect(await screen.findByText("No replies received in this period")).toBeTruthy();
  });
});
