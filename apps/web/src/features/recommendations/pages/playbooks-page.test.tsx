import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { campaign, ME, me, mockServer, renderSignedIn } from "../../../test/kit.ts";
import { playbooks } from "../test/builders.ts";
import PlaybooksPage from "./playbooks-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const QUESTION = "What worked: which templates, send times and segments earn the most replies?";
const beta = campaign({ id: "0190aaaa-0000-7000-8000-0000000000c2", name: "Beta", status: "draft" });
const detail = {
  hash: "aaaaaaaaaaaaaaaa",
  subject: "Idea for you",
  body: "Hi B, an idea for your team.",
  sends: 110,
  replies: 27,
  estimate: { rate: 0.245, low: 0.175, high: 0.33 },
  evidence: [
    {
      campaign_id: "0190aaaa-0000-7000-8000-0000000000c1",
      campaign_name: "Alpha",
      campaign_status: "active",
      step: 1,
      variant: 1,
      sends: 100,
      replies: 25,
      estimate: { rate: 0.25, low: 0.176, high: 0.343 },
    },
  ],
};

describe("/business-optimizer/playbooks", () => {
  it("ranks templates, send times and segments with intervals and marks thin rows", async () => {
    const s = mockServer({ "GET /api/auth/me": { body: ME }, "GET /api/playbooks": { body: playbooks() } });
    renderSignedIn(<PlaybooksPage />, { path: "/business-optimizer/playbooks" });
    expect(await screen.findByRole("heading", { name: QUESTION })).toBeTruthy();
    expect(await screen.findByText(/210 delivered campaign emails and 32 replies in the last 90 days/)).toBeTruthy();
    expect(screen.getByText(/Days end at midnight UTC/)).toBeTruthy();
    const templates = screen.getByRole("table", { name: "Templates ranked" });
    const rows = within(templates).getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getAllByRole("cell")[1]!.textContent)).toEqual([
      "Idea for youHi B",
      "Quick questionHi A",
      "Tiny testHey",
    ]);
    expect(within(rows[0]!).getByText("18%–33%")).toBeTruthy();
    expect(within(rows[2]!).getByText("not enough data")).toBeTruthy();

    const segments = screen.getByRole("table", { name: "Segments by industry" });
    expect(within(segments).getByText("mining")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Email provider" }));
    expect(within(screen.getByRole("table", { name: "Segments by provider" })).getByText("not enough data")).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Table" }));
    expect(await screen.findByText("Tue 09:00–12:00")).toBeTruthy();
    expect(s.to("GET", "/api/playbooks")[0]!.query.get("min_sends")).toBe("30");
  });

  it("opens a template's evidence and uses it in a campaign", async () => {
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/playbooks": { body: playbooks() },
      "GET /api/playbooks/templates/aaaaaaaaaaaaaaaa": { body: detail },
      "GET /api/campaigns/": { body: { campaigns: [beta], total: 1, page: 1, per_page: 100, total_pages: 1 } },
      "POST /api/playbooks/templates/aaaaaaaaaaaaaaaa/use": { body: { campaign_id: beta.id, campaign_name: "Beta", step: 2 } },
    });
    renderSignedIn(<PlaybooksPage />, { path: "/optimization/playbooks" });
    await userEvent.click(await screen.findByRole("row", { name: "Template Idea for you" }));
    const dialog = await screen.findByRole("dialog", { name: "Template: Idea for you" });
    const where = await within(dialog).findByRole("table", { name: "Where this template was sent" });
    expect(within(where).getByText("Alpha")).toBeTruthy();
    expect(within(where).getByText("1B")).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("combobox", { name: "Add as a step of" }));
    await userEvent.click(await screen.findByRole("option", { name: "Beta" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Use this" }));
    await waitFor(() => expect(s.to("POST", "/api/playbooks/templates/aaaaaaaaaaaaaaaa/use")).toHaveLength(1));
    expect(s.to("POST", "/api/playbooks/templates/aaaaaaaaaaaaaaaa/use")[0]!.body).toEqual({ campaign_id: beta.id, days: 90 });
    expect(await screen.findByText('Added as step 2 of "Beta"')).toBeTruthy();
  });

  it("says how to get data when nothing was sent", async () => {
    mockServer({
      "GET /api/auth/me": { body: me({ permissions: ["analytics:read"], role: "analyst" }) },
      "GET /api/playbooks": {
        body: playbooks({
          totals: { sends: 0, replies: 0, estimate: { rate: null, low: null, high: null } },
          templates: [],
          send_times: [],
          segments: [],
        }),
      },
    });
    renderSignedIn(<PlaybooksPage />, { path: "/business-optimizer/playbooks" });
    expect(await screen.findByText("No campaign email delivered in this period")).toBeTruthy();
    expect(screen.getByText(/launch a campaign/)).toBeTruthy();
  });
});
