import type { LiveEventPage } from "@prospector/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TeamSocketProvider } from "../../../lib/use-socket.tsx";
import { ME, mockServer, renderSignedIn } from "../../../test/kit.ts";
import { installFakeSocket } from "../../team/components/presence-fake-socket.ts";
import RealTimePage from "./real-time-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const CAMPAIGN = "018f0000-0000-7000-8000-000000000001";
const LEAD = "018f0000-0000-7000-8000-0000000000c1";
const minute = () => `${new Date().toISOString().slice(0, 16)}:00Z`;

function backlog(): LiveEventPage {
  return {
    items: [
      {
        id: "018f0000-0000-7000-8000-0000000000e1",
        type: "open",
        campaign_id: CAMPAIGN,
        campaign_name: "Autumn push",
        lead_id: LEAD,
        lead_email: "ada@example.org",
        is_bot: false,
        occurred_at: new Date(Date.now() - 60_000).toISOString(),
      },
    ],
    next_cursor: null,
    per_minute: [{ minute: minute(), count: 1 }],
  };
}

describe("real-time activity", () => {
  it("shows the backlog on load, then adds events from the team socket; pause holds them", async () => {
    const socket = installFakeSocket();
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/campaigns/": { body: { campaigns: [], total: 0, page: 1, per_page: 100, total_pages: 0 } },
      "GET /api/analytics/optimization/events": { body: backlog() },
    });
    renderSignedIn(
      <TeamSocketProvider>
        <RealTimePage />
      </TeamSocketProvider>,
      { path: "/optimization/real-time" },
    );
    const feed = await screen.findByRole("table", { name: "Live events" });
    expect(within(feed).getByText("ada@example.org")).toBeTruthy();
    expect(screen.getByText(/1 events in the last 60 minutes/)).toBeTruthy();
    await waitFor(() => socket.latest());
    socket.latest().open();
    expect(await screen.findByLabelText("Connection: Live")).toBeTruthy();

    const push = (type: string, is_bot = false) =>
      socket.latest().emit("campaign.event", {
        workspace_id: "018f0000-0000-7000-8000-0000000000f1",
        campaign_id: CAMPAIGN,
        lead_id: LEAD,
        message_id: "018f0000-0000-7000-8000-0000000000d1",
        type,
        is_bot,
        step: 0,
        variant: 0,
        occurred_at: new Date().toISOString(),
      });
    push("reply");
    expect(await within(feed).findByText("Replied")).toBeTruthy();
    expect(screen.getByText(/2 events in the last 60 minutes/)).toBeTruthy();
    push("click", true); // a link scanner: left out
    expect(within(feed).queryByText("Clicked")).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Pause" }));
    push("bounce");
    expect(await screen.findByRole("button", { name: "Resume (1 new)" })).toBeTruthy();
    expect(within(feed).queryByText("Bounced")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Resume (1 new)" }));
    expect(await within(feed).findByText("Bounced")).toBeTruthy();
    expect(s.to("GET", "/api/analytics/optimization/events")[0]!.query.get("limit")).toBe("50");

    socket.latest().drop();
    expect(await screen.findByText(/The live connection is down/)).toBeTruthy();
  });

  it("asks the backlog again for one event type", async () => {
    installFakeSocket();
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/campaigns/": { body: { campaigns: [], total: 0, page: 1, per_page: 100, total_pages: 0 } },
      "GET /api/analytics/optimization/events": { body: { items: [], next_cursor: null, per_minute: [] } },
    });
    renderSignedIn(<RealTimePage />, { path: "/optimization/real-time" });
    expect(await screen.findByText("No campaign events yet")).toBeTruthy();
    await userEvent.click(screen.getByRole("combobox", { name: "Event" }));
    await userEvent.click(await screen.findByRole("option", { name: "Replied" }));
    await waitFor(() => expect(s.to("GET", "/api/analytics/optimization/events").at(-1)!.query.get("type")).toBe("reply"));
  });
});
