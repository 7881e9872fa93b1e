import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ME, mockServer, type Route, renderSignedIn } from "../../../test/kit.ts";
import { activity, member, memberPage, SELF, WS_ID } from "../test/team-builders.ts";
import TeamActivityPage from "./team-activity-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const path = `/api/v1/workspaces/${WS_ID}/activity`;
const sam = member({ user: { full_name: "Sam Seller" } });

function server(feed: Route, extra: Record<string, Route> = {}) {
  return mockServer({
    "GET /api/auth/me": { body: ME },
    [`GET /api/v1/workspaces/${WS_ID}/members`]: memberPage([SELF, sam]),
    [`GET ${path}`]: feed,
    ...extra,
  });
}

describe("/team/activity", { timeout: 30_000 }, () => {
  it("loads more with the server's cursor and links items to their subject", async () => {
    const s = server((req) =>
      req.query.get("cursor") === "c2"
        ? { body: { items: [activity({ summary: "Older event", subject_type: null, subject_id: null })], next_cursor: null } }
        : {
            body: {
              items: [activity({ summary: "Deal moved", kind: "deal.moved", subject_type: "deal", subject_id: "d1" })],
              next_cursor: "c2",
            },
          },
    );
    renderSignedIn(<TeamActivityPage />, { path: "/team/activity" });
    expect(await screen.findByText("What has happened in this workspace?")).toBeTruthy();
    expect((await screen.findByRole("link", { name: "Deal moved" })).getAttribute("href")).toBe("/crm/deals?selected=d1");
    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("Older event")).toBeTruthy();
    expect(s.to("GET", path)[1]!.query.get("cursor")).toBe("c2");
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
    expect(screen.getByText("2 events: that is everything.")).toBeTruthy();
  });

  it("sends the kind, member and date filters and says when nothing matches", async () => {
    const s = server((req) => ({ body: { items: req.query.get("kind") ? [] : [activity()], next_cursor: null } }));
    renderSignedIn(<TeamActivityPage />, { path: "/team/activity", at: "/team/activity?from=2026-03-01&to=2026-03-31" });
    await screen.findByText("Sam Seller joined the workspace");
    const first = s.to("GET", path)[0]!.query;
    expect(new Date(first.get("since")!).getTime()).toBe(new Date("2026-03-01T00:00:00").getTime());
    expect(new Date(first.get("until")!).getTime()).toBe(new Date("2026-04-01T00:00:00").getTime());
    await userEvent.click(screen.getByRole("combobox", { name: "Who" }));
    await userEvent.click(await screen.findByRole("option", { name: "Sam Seller" }));
    await userEvent.click(screen.getByRole("combobox", { name: "What" }));
    await userEvent.click(await screen.findByRole("option", { name: "Members (joined, left, role, status)" }));
    expect(await screen.findByText("Nothing matches these filters. Widen the dates or clear the filters.")).toBeTruthy();
    const last = s.to("GET", path).at(-1)!.query;
    expect(last.get("kind")).toBe("member.");
    expect(last.get("actor_id")).toBe(sam.user.id);
  });

  it("refuses an end date before the start date without asking the server", async () => {
    const s = server({ body: { items: [], next_cursor: null } });
    renderSignedIn(<TeamActivityPage />, { path: "/team/activity", at: "/team/activity?from=2026-03-10&to=2026-03-01" });
    expect(await screen.findByText("The end date is before the start date")).toBeTruthy();
    expect(s.to("GET", path)).toHaveLength(0);
  });

  it("says what gets recorded when nothing has happened yet", async () => {
    server({ body: { items: [], next_cursor: null } });
    renderSignedIn(<TeamActivityPage />, { path: "/team/activity" });
    expect(await screen.findByText("Nothing has happened yet")).toBeTruthy();
    expect(within(screen.getByText("Nothing has happened yet").parentElement!).getByText(/recorded here as they happen/)).toBeTruthy();
  });
});
