import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ME, mockServer, renderSignedIn } from "../../../test/kit.ts";
import { member, rate, team } from "../test/executive-builders.ts";
import TeamPerformancePage from "./team-performance-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const PATH = "/team-performance";
const U1 = "01a210b8-9fa6-7106-bc85-afdb20ae4001";
const U2 = "01a210b8-9fa6-7106-bc85-afdb20ae4002";

describe("/team-performance", () => {
  it("lists members with rates and intervals, sorts on the server, pages with the cursor and draws a trend", async () => {
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/analytics/team-performance": (req) =>
        req.query.get("cursor")
          ? { body: team([member(U2, "Bo Rep", { sent: 10 })], { total: 2 }) }
          : {
              body: team(
                [
                  member(U1, "Ann Rep", {
                    campaigns_owned: 2,
                    sent: 240,
                    replied: 12,
                    reply_rate: rate(0.05, 240, 0.0288, 0.0854),
                    deals_won: 1,
                    revenue_won: 5000,
                    tasks_overdue: 3,
                  }),
                ],
                { total: 2, next_cursor: "next" },
              ),
            },
      [`GET /api/analytics/team-performance/${U1}/trend`]: {
        body: {
          user_id: U1,
          name: "Ann Rep",
          weeks: [{ week: "2026-03-02", sent: 240, replied: 12, reply_rate: rate(0.05, 240, 0.0288, 0.0854), meetings: 1, deals_won: 1 }],
        },
      },
    });
    renderSignedIn(<TeamPerformancePage />, { path: PATH });
    expect(await screen.findByText("How is each rep doing on sends, replies, meetings and won deals?")).toBeTruthy();
    const table = await screen.findByRole("table", { name: "Members" });
    const ann = within(table).getByText("Ann Rep").closest("tr")!;
    expect(within(ann).getByText("5.0%")).toBeTruthy();
    expect(within(ann).getByText("2.9%–8.5% · n 240")).toBeTruthy();
    expect(within(ann).getByText("5,000")).toBeTruthy();
    expect(screen.getByText(/campaigns\.created_by/)).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Load more (1 of 2)" }));
    expect(await within(table).findByText("Bo Rep")).toBeTruthy();
    expect(s.to("GET", "/api/analytics/team-performance").at(-1)!.query.get("cursor")).toBe("next");
    await userEvent.click(within(table).getByText("Reply rate"));
    await waitFor(() => expect(s.to("GET", "/api/analytics/team-performance").at(-1)!.query.get("sort")).toBe("reply_rate"));
    await userEvent.click(await screen.findByRole("button", { name: "Trend of Ann Rep" }));
    expect(await screen.findByRole("heading", { name: "Ann Rep: sends, replies and meetings by week" })).toBeTruthy();
  });

  it("says how to get data when nobody sent or closed anything", async () => {
    mockServer({ "GET /api/auth/me": { body: ME }, "GET /api/analytics/team-performance": { body: team([member(U1, "Ann Rep")]) } });
    renderSignedIn(<TeamPerformancePage />, { path: PATH });
    expect(await screen.findByText("No sends, deals or finished tasks in this period")).toBeTruthy();
  });
});
