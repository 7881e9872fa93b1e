import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TeamSocketProvider } from "../../../lib/use-socket.tsx";
import { ME, mockServer, type Route, renderSignedIn } from "../../../test/kit.ts";
import { activity, invite, member, memberPage, SELF, stats, WS_ID } from "../test/team-builders.ts";
import TeamOverviewPage from "./team-overview-page.tsx";

afterEach(() => vi.unstubAllGlobals());

/** A team socket the test drives: the page's live presence comes from what it pushes. */
class FakeSocket {
  static last: FakeSocket | null = null;
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeSocket.last = this;
  }
  send() {}
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  push(type: string, payload: unknown) {
    this.onmessage?.({ data: JSON.stringify({ type, payload }) });
  }
}

const base = `/api/v1/workspaces/${WS_ID}`;
const OLGA = member({ user: { full_name: "Olga Offline", presence: "offline" } });

function server(extra: Record<string, Route> = {}) {
  return mockServer({
    "GET /api/auth/me": { body: ME },
    [`GET ${base}/members`]: memberPage([
      SELF,
      member({ user: { full_name: "Sam Seller", presence: "away" } }),
      OLGA,
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

  it("keeps 'Online now' live from the team socket's presence events", async () => {
    vi.stubGlobal("WebSocket", FakeSocket);
    server();
    renderSignedIn(
      <TeamSocketProvider>
        <TeamOverviewPage />
      </TeamSocketProvider>,
      { path: "/team/overview" },
    );
    const online = await screen.findByRole("list", { name: "Members online now" });
    expect(within(online).queryByText("Olga Offline")).toBeNull();
    await waitFor(() => expect(FakeSocket.last).not.toBeNull());
    act(() => FakeSocket.last!.open());
    act(() =>
      FakeSocket.last!.push("presence.update", {
        workspace_id: WS_ID,
        user_id: OLGA.user.id,
        name: "Olga Offline",
        status: "online",
        current_resource: null,
        last_activity: new Date().toISOString(),
      }),
    );
    expect(await within(online).findByText("Olga Offline")).toBeTruthy();
    // A full list from the socket: whoever is not in it has gone offline.
    const now = new Date().toISOString();
    act(() =>
      FakeSocket.last!.push("activity.response", {
        workspace_id: WS_ID,
        users: [{ user_id: SELF.user.id, name: SELF.user.full_name, status: "online", current_resource: null, last_activity: now }],
      }),
    );
    await waitFor(() => expect(within(screen.getByRole("list", { name: "Members online now" })).queryByText("Sam Seller")).toBeNull());
    const list = screen.getByRole("list", { name: "Members online now" });
    expect(within(list).getByText("Olivia Owner")).toBeTruthy();
    expect(within(list).queryByText("Olga Offline")).toBeNull();
    // Another workspace's presence does not count here.
    act(() =>
      FakeSocket.last!.push("presence.update", {
        workspace_id: "other",
        user_id: OLGA.user.id,
        name: "Olga",
        status: "online",
        current_resource: null,
        last_activity: now,
      }),
    );
    expect(within(screen.getByRole("list", { name: "Members online now" })).queryByText("Olga Offline")).toBeNull();
  });
});
