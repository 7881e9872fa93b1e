import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ME, mockServer, renderSignedIn } from "../../../test/kit.ts";
import { commandCenter, figure, rate } from "../test/executive-builders.ts";
import CommandCenterPage from "./command-center-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const PATH = "/command-center";
const QUESTION = "What needs a human today, and how is today going?";

describe("/command-center", () => {
  it("shows today against yesterday and the 7-day average, the zone, alerts and what needs a human with links", async () => {
    mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/analytics/command-center": {
        body: commandCenter({
          timezone: "America/Los_Angeles",
          timezone_source: "workspace",
          figures: [
            figure("sent", 120, 95, 101.4),
            figure("replied", 7, 4, 5.3),
            figure("meetings", 1, 0, 0.4),
            figure("bounced", 2, 1, 1),
            figure("unsubscribed", 0, 1, 0.3),
          ],
          reply_pace: rate(0.0583, 120, 0.0285, 0.1156),
          alerts: [
            {
              kind: "hold",
              severity: "critical",
              title: "All sending is stopped",
              detail: "Checking a complaint",
              link: "/kill-switch",
              since: "2026-03-10T09:00:00.000Z",
            },
          ],
          replies: {
            total: 3,
            items: [
              {
                event_id: "e1",
                lead_id: "l1",
                lead_email: "ann@acme.test",
                lead_name: "Ann Lee",
                campaign_id: "c1",
                campaign_name: "Q1 outreach",
                snippet: "Sounds good, call me",
                positive: true,
                received_at: "2026-03-10T12:00:00.000Z",
                link: "/campaigns/c1",
              },
            ],
          },
          tasks: {
            total: 1,
            items: [
              {
                id: "t1",
                title: "Call Ann back",
                due_at: "2026-03-09T10:00:00.000Z",
                assignee_id: ME.id,
                assignee_name: "Me",
                mine: true,
                link: "/crm/tasks",
              },
            ],
          },
          inboxes: {
            total: 1,
            items: [{ id: "i1", email: "sales@acme.test", status: "paused", reason: "Bounce rate 9 %", link: "/inboxes" }],
          },
        }),
      },
    });
    renderSignedIn(<CommandCenterPage />, { path: PATH });
    expect(await screen.findByText(QUESTION)).toBeTruthy();
    expect(screen.getByText(/Today is 2026-03-10 in America\/Los_Angeles \(the workspace's time zone\)/)).toBeTruthy();
    const today = screen.getByRole("region", { name: "Today" });
    expect(within(today).getByLabelText("Sent today: 120")).toBeTruthy();
    expect(within(today).getByText(/Yesterday 95 · 7-day average 101.4/)).toBeTruthy();
    expect(within(today).getByText("Sent source line")).toBeTruthy();
    expect(screen.getByText(/5\.8% \(95% 2\.9%–11\.6%, n 120\)/)).toBeTruthy();
    expect(screen.getByText("All sending is stopped")).toBeTruthy();
    const human = screen.getByRole("region", { name: "Needs a human" });
    expect(within(human).getByText("Replies waiting for an answer (3)")).toBeTruthy();
    expect(within(human).getByText("Interested")).toBeTruthy();
    expect(within(human).getByText("Showing 1 of 3.")).toBeTruthy();
    expect(within(human).getByText("Call Ann back")).toBeTruthy();
    expect(within(human).getByText("Every active campaign is sending.")).toBeTruthy();
    const opens = within(human)
      .getAllByRole("link", { name: "Open" })
      .map((a) => a.getAttribute("href"));
    expect(opens).toEqual(["/campaigns/c1", "/crm/tasks", "/inboxes"]);
  });

  it("says how to get data when nothing was sent, and that days are UTC without a workspace zone", async () => {
    mockServer({ "GET /api/auth/me": { body: ME }, "GET /api/analytics/command-center": { body: commandCenter() } });
    renderSignedIn(<CommandCenterPage />, { path: PATH });
    expect(await screen.findByText("Nothing sent in the last 8 days")).toBeTruthy();
    expect(screen.getByText(/UTC: the workspace has no time zone set/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to campaigns" }).getAttribute("href")).toBe("/campaigns");
    expect(screen.getByText(/No open alerts/)).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Today" })).toBeNull();
  });
});
