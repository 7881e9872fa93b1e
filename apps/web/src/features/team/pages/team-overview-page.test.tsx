import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ME, mockServer, type Route, renderSignedIn } from "../../../test/kit.ts";
import { activity, invite, member, memberPage, SELF, stats, WS_ID } from "../test/team-builders.ts";
import TeamOverviewPage from "./team-overview-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const base = `/api/v1/workspaces/${WS_ID}`;

function server(extra: Record<string, Route> = {}) {
  return mockServer({
    "GET /api/auth/me": { body: ME },
    [`GET ${base}/members`]: memberPage([
      SELF,
      member({ user: { full_name: "Sam Seller", presence: "away" } }),
      member({ user: { full_name: "Olga Offline", presence: "offline" } }),
      member({ status: "suspended", user: { full_name: "Sue Suspended", presence: "online" } }),
    ]),
    [`GET ${base}/stats`]: { body: stats() },
    [`GET ${base}/activity`]: {
      body: {
        items: [
          activity({ summary: "Sam Seller joined the workspace" }),
          activity({ kind: "campaign.launched", summary: "Launch Q2", subject_type: "campaign", subject_id: "c1" }),
        ],
        next_cursor: "x",
      },
    },
    [`GET ${base}/invites`]: {
      body: [invite(), invite({ email: "b@example.com" }), invite({ status: "accepted", accepted_at: "2026-03-02T00:00:00.000Z" })],
    },
    ...extra,
  });
}

describe("/team/overview", { timeout: 30_000 }, () => {
  it("shows who is online now, the stats, the latest activity and the pending invitations", async () => {
    const s = server();
    renderSignedIn(<TeamOverviewPage />, { path: "/team/overview" });
    expect(await screen.findByText("Who is on my team right now, and what have they done lately?")).toBeTruthy();
    const online = await screen.findByRole("list", { name: "Members online now" });
    expect(within(online).getByText("Olivia Owner")).toBeTruthy();
    expect(within(online).getByText("Sam Seller")).toBeTruthy();
    // Offline and suspended members are not "on the team right now".
    expect(within(online).queryByText("Olga Offline")).toBeNull();
    expect(within(online).queryByText("Sue Suspended")).toBeNull();
    expect(await screen.findByText("1,250")).toBeTruthy();
    expect(screen.getByText("Storage: 5 MB used of 1 GB")).toBeTruthy();
    const recent = await screen.findByRole("list", { name: "Recent activity" });
    expect(within(recent).getByRole("link", { name: "Launch Q2" }).getAttribute("href")).toBe("/campaigns/c1");
    expect(screen.getByRole("link", { name: "2 waiting for an answer" }).getAttribute("href")).toBe("/team/members#invites");
    expect(screen.getByRole("link", { name: "All activity" }).getAttribute("href")).toBe("/team/activity");
    expect(s.to("GET", `${base}/activity`)[0]!.query.get("limit")).toBe("8");
  });

  it("says how to get data when the user is alone and nothing happened", async () => {
    server({
      [`GET ${base}/members`]: memberPage([{ ...SELF, user: { ...SELF.user, presence: "offline" } }]),
      [`GET ${base}/activity`]: { body: { items: [], next_cursor: null } },
      [`GET ${base}/invites`]: { body: [] },
      [`GET ${base}/stats`]: { body: stats({ member_count: 1, storage_limit: null }) },
    });
    renderSignedIn(<TeamOverviewPage />, { path: "/team/overview" });
    expect(await screen.findByText(/Only you are in this workspace/)).toBeTruthy();
    expect(await screen.findByText("Nothing has happened yet")).toBeTruthy();
    expect(screen.getByText("No invitations waiting")).toBeTruthy();
    expect(screen.getByText("Storage: 5 MB used (no limit on this plan)")).toBeTruthy();
  });

  it("shows the team-context error with a retry when the stats fail", async () => {
    server({ [`GET ${base}/stats`]: { status: 500, body: { code: "INTERNAL", detail: "Server error. Please try again later." } } });
    renderSignedIn(<TeamOverviewPage />, { path: "/team/overview" });
    expect(await screen.findByText(/Failed to load team data/)).toBeTruthy();
  });
});
