import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ME, mockServer, renderSignedIn } from "../../../test/kit.ts";
import { cmp, ID, rate } from "../test/ci-builders.ts";
import CampaignIntelligencePerformancePage from "./performance-page.tsx";

const PATH = "/campaign-intelligence/performance";
const rates = (sent: number, o: number, c: number, r: number, m: number, b: number) => ({
  sent,
  delivered: sent - b,
  open: rate(o, sent - b),
  click: rate(c, sent - b),
  reply: rate(r, sent - b),
  meeting: rate(m, sent - b),
  bounce: rate(b, sent),
});
const vs = (reply: "above" | "below" | "not_different" | "too_few") => ({
  open: cmp("not_different", 0.01),
  click: cmp("too_few"),
  reply: cmp(reply, reply === "above" ? 0.28 : -0.14),
  meeting: cmp("too_few"),
  bounce: cmp("not_different", 0),
});

describe("/campaign-intelligence/performance", () => {
  it("shows each campaign's rates with intervals and verdicts, sorts and pages by cursor", async () => {
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/campaign-intelligence/performance": (req) => ({
        body: {
          days: 30,
          since: "2026-10-25T10:00:00.000Z",
          workspace: rates(203, 40, 0, 32, 0, 10),
          total: 2,
          items: req.query.get("cursor")
            ? [{ id: ID.beta, name: "Beta", status: "active", ...rates(103, 0, 0, 2, 0, 10), vs_workspace: vs("below") }]
            : [{ id: ID.alpha, name: "Alpha", status: "active", ...rates(100, 40, 0, 30, 0, 0), vs_workspace: vs("above") }],
          next_cursor: req.query.get("cursor") ? null : "WzAuMywiYSJd",
          computed_at: "2026-11-24T09:55:00.000Z",
        },
      }),
    });
    renderSignedIn(<CampaignIntelligencePerformancePage />, { path: PATH });
    const table = await screen.findByRole("table", { name: "Campaigns against the workspace" });
    const row = within(table).getByText("Alpha").closest("tr")!;
    expect(within(row).getByText("30.0%")).toBeTruthy();
    expect(within(row).getByText("30/100 · 21.9%–39.6%")).toBeTruthy();
    expect(within(row).getByText("above +28.0 pts")).toBeTruthy();
    expect(screen.getByText(/Workspace: 203 sent/)).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await within(table).findByText("Beta")).toBeTruthy();
    expect(s.to("GET", "/api/campaign-intelligence/performance").at(-1)!.query.get("cursor")).toBe("WzAuMywiYSJd");
    expect(within(table).getByText("below -14.0 pts")).toBeTruthy();
    await userEvent.click(within(table).getByText("Sent"));
    await waitFor(() => expect(s.to("GET", "/api/campaign-intelligence/performance").at(-1)!.query.get("sort")).toBe("sent"));
    expect(s.to("GET", "/api/campaign-intelligence/performance").at(-1)!.query.get("cursor")).toBeNull();
  });

  it("says how to get data when nothing was sent", async () => {
    mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/campaign-intelligence/performance": {
        body: {
          days: 30,
          since: "2026-10-25T10:00:00.000Z",
          workspace: rates(0, 0, 0, 0, 0, 0),
          total: 0,
          items: [],
          next_cursor: null,
          computed_at: null,
        },
      },
    });
    renderSignedIn(<CampaignIntelligencePerformancePage />, { path: PATH });
    expect(await screen.findByText("No sends in this period")).toBeTruthy();
  });
});
