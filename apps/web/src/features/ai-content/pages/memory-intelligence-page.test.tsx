import type { MemoryLead, TimelineItem, TimelineSummary } from "@prospector/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ME, mockServer, renderSignedIn } from "../../../test/kit.ts";
import MemoryIntelligencePage from "./memory-intelligence-page.tsx";

const LEAD: MemoryLead = {
  id: "0190a000-0000-7000-8000-000000000001",
  name: "Ada Lovelace",
  email: "ada@lovelace.test",
  company: "Analytical Engines",
};
const QUESTION = "What has happened with this lead, across every channel?";

const item = (over: Partial<TimelineItem>): TimelineItem => ({
  id: `x:${Math.random()}`,
  kind: "campaign_sent",
  channel: "email",
  at: "2026-01-05T10:00:00.000Z",
  title: "Campaign email sent: Hello",
  body: null,
  reply_class: null,
  campaign_id: null,
  ai_action_id: null,
  link: null,
  ...over,
});

const summary: TimelineSummary = {
  lead: LEAD,
  lead_status: "contacted",
  first_touch_at: "2026-01-05T10:00:00.000Z",
  last_touch_at: "2026-01-17T13:00:00.000Z",
  counts: { email: 7, crm: 3, ai: 2, record: 1 },
  kind_counts: { campaign_sent: 3 },
  total: 13,
  current_stage: { name: "Proposal", deal_id: "0190a000-0000-7000-8000-0000000000d1", deal_name: "Ten seats" },
};

describe("/memory-intelligence", () => {
  it("says how to get data when the workspace has no leads", async () => {
    mockServer({ "GET /api/auth/me": { body: ME }, "GET /api/memory/leads": { body: { items: [], next_cursor: null } } });
    renderSignedIn(<MemoryIntelligencePage />, { path: "/memory-intelligence" });
    expect(await screen.findByRole("heading", { name: QUESTION })).toBeTruthy();
    expect(await screen.findByText("No leads yet")).toBeTruthy();
  });

  it("shows the lead's summary and timeline, links AI items to transparency, pages and filters", async () => {
    const action = "0190a000-0000-7000-8000-0000000000a1";
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/memory/leads": { body: { items: [LEAD], next_cursor: null } },
      [`GET /api/memory/leads/${LEAD.id}/summary`]: { body: summary },
      [`GET /api/memory/leads/${LEAD.id}/timeline`]: (req) =>
        req.query.get("cursor")
          ? {
              body: {
                items: [item({ id: "created:1", kind: "imported", channel: "record", title: "Imported from a CSV file" })],
                next_cursor: null,
              },
            }
          : {
              body: {
                items: [
                  item({ id: "replied:1", kind: "replied", title: "Replied", body: "What is your pricing?", reply_class: "interested" }),
                  item({
                    id: `ai_action:${action}`,
                    kind: "ai_action",
                    channel: "ai",
                    title: "AI lead score (built-in lead-score@3)",
                    ai_action_id: action,
                    link: `/ai-transparency?action=${action}`,
                  }),
                ],
                next_cursor: "c2",
              },
            },
    });
    renderSignedIn(<MemoryIntelligencePage />, { path: "/memory-intelligence", at: `/memory-intelligence?lead=${LEAD.id}` });
    const card = await screen.findByRole("region", { name: "Lead summary" });
    expect(within(card).getByText("Proposal (Ten seats)")).toBeTruthy();
    expect(within(card).getByText("7")).toBeTruthy();
    const list = await screen.findByRole("list", { name: "Timeline" });
    expect(within(list).getByText("What is your pricing?")).toBeTruthy();
    expect(within(list).getByText("Class: interested")).toBeTruthy();
    expect(
      within(list)
        .getByRole("link", { name: /AI lead score/ })
        .getAttribute("href"),
    ).toBe(`/ai-transparency?action=${action}`);
    await userEvent.click(screen.getByRole("button", { name: "Older items" }));
    expect(await within(list).findByText("Imported from a CSV file")).toBeTruthy();
    expect(s.to("GET", `/api/memory/leads/${LEAD.id}/timeline`).at(-1)!.query.get("cursor")).toBe("c2");

    await userEvent.click(screen.getByLabelText("Show"));
    await userEvent.click(await screen.findByRole("option", { name: "CRM (all)" }));
    await waitFor(() =>
      expect(s.to("GET", `/api/memory/leads/${LEAD.id}/timeline`).at(-1)!.query.get("kinds")).toBe(
        "interaction,note,task,deal_created,deal_stage",
      ),
    );
  });

  it("finds leads by what their timeline says and opens the one picked", async () => {
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/memory/leads": { body: { items: [LEAD], next_cursor: null } },
      "GET /api/memory/search": {
        body: {
          items: [
            { lead: LEAD, item: item({ id: "replied:1", kind: "replied", title: "Replied", body: "Your pricing please" }), matches: 2 },
          ],
          next_cursor: null,
        },
      },
      [`GET /api/memory/leads/${LEAD.id}/summary`]: { body: { ...summary, current_stage: null } },
      [`GET /api/memory/leads/${LEAD.id}/timeline`]: { body: { items: [], next_cursor: null } },
    });
    renderSignedIn(<MemoryIntelligencePage />, { path: "/memory-intelligence" });
    expect(await screen.findByText("Pick a lead")).toBeTruthy();
    await userEvent.type(screen.getByLabelText("Search every lead's timeline"), "pricing");
    const hits = await screen.findByRole("list", { name: "Leads that mention it" });
    expect(s.to("GET", "/api/memory/search").at(-1)!.query.get("q")).toBe("pricing");
    expect(within(hits).getByText(/Your pricing please/)).toBeTruthy();
    await userEvent.click(within(hits).getByText("Ada Lovelace"));
    expect(await screen.findByText("No deal · lead contacted")).toBeTruthy();
  });
});
