import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TeamSocketProvider } from "../../../lib/use-socket.tsx";
import { campaign, ME, messageLogBody, metrics, mockServer, renderSignedIn, sentMessage, uuid } from "../../../test/kit.ts";
import { installFakeSocket } from "../../team/components/presence-fake-socket.ts";
import CampaignDetailPage from "./campaign-detail-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const active = campaign({ id: uuid(401), name: "Founders", status: "active", total_leads: 120 });
const base = (over: Parameters<typeof mockServer>[0] = {}) =>
  mockServer({
    "GET /api/auth/me": { body: ME },
    [`GET /api/campaigns/${active.id}`]: { body: active },
    [`GET /api/campaigns/${active.id}/metrics`]: {
      body: metrics({
        campaign_id: active.id,
        sent: 200,
        delivered: 196,
        bounces: 4,
        opens: 90,
        unique_opens: 80,
        bot_opens: 35,
        unique_clicks: 12,
        replies: 14,
        meetings: 3,
        unsubscribes: 2,
        rates: { open_rate: 40.8, click_rate: 6.1, reply_rate: 7.1, bounce_rate: 2, unsubscribe_rate: 1, meeting_rate: 1.5 },
      }),
    },
    [`GET /api/campaigns/${active.id}/queue`]: {
      body: {
        campaign_id: active.id,
        status: "active",
        remaining_messages: 2,
        reasons: { outside_window: 1 },
        estimate: { daily_capacity: 30, sending_days: 1, finish_at: null },
        items: [
          {
            lead_id: uuid(402),
            email: "ada@analytical.io",
            first_name: "Ada",
            last_name: "Lovelace",
            step: 2,
            next_send_at: null,
            reason: "outside_window",
            reason_text: "Outside the campaign's sending window",
          },
        ],
        total: 1,
        page: 1,
        per_page: 20,
      },
    },
    ...over,
  });

describe("/campaigns/{id}", () => {
  it("shows replies and meetings as the headline, then sends, human vs bot opens and rates", async () => {
    base();
    renderSignedIn(<CampaignDetailPage />, { path: "/campaigns/:id", at: `/campaigns/${active.id}` });
    const replies = await screen.findByRole("group", { name: "Replies" });
    expect(within(replies).getByText("14")).toBeTruthy();
    expect(within(replies).getByText("7.1% reply rate")).toBeTruthy();
    expect(within(screen.getByRole("group", { name: "Meetings" })).getByText("3")).toBeTruthy();
    expect(within(screen.getByRole("group", { name: "Sent" })).getByText("196 delivered")).toBeTruthy();
    expect(within(screen.getByRole("group", { name: "Opens" })).getByText("40.8% · 90 human, 35 bot")).toBeTruthy();
    // Why the queued message waits.
    const queue = screen.getByRole("table", { name: "Queued messages" });
    expect(await within(queue).findByText("Outside the campaign's sending window")).toBeTruthy();
  });

  it("lists each lead's progress and, only for leads still in the sequence, why it waits in words", async () => {
    const two = campaign({
      ...active,
      steps: [
        { delay_days: 0, subject: "Hello", body: "Hi", variants: [] },
        { delay_days: 3, subject: "Following up", body: "Hi again", variants: [] },
      ],
    });
    const lead = (over: Record<string, unknown>) => ({
      first_name: null,
      last_name: null,
      company_name: null,
      next_send_at: null,
      last_sent_at: null,
      added_at: "2026-11-01T10:00:00.000Z",
      ...over,
    });
    base({
      [`GET /api/campaigns/${active.id}`]: { body: two },
      [`GET /api/campaigns/${active.id}/leads`]: {
        body: {
          leads: [
            lead({ lead_id: uuid(410), email: "grace@navy.mil", state: "queued", current_step: 1, wait_reason: "step_delay" }),
            lead({ lead_id: uuid(411), email: "ada@analytical.io", state: "replied", current_step: 1, wait_reason: "step_delay" }),
          ],
          total: 2,
          page: 1,
          per_page: 20,
          total_pages: 1,
          states: { queued: 1, in_progress: 0, replied: 1, bounced: 0, unsubscribed: 0, completed: 0, stopped: 0 },
        },
      },
    });
    renderSignedIn(<CampaignDetailPage />, { path: "/campaigns/:id", at: `/campaigns/${active.id}` });
    const table = await screen.findByRole("table", { name: "Campaign leads" });
    const grace = (await within(table).findAllByText("grace@navy.mil"))[0]!.closest("tr") as HTMLElement;
    expect(within(grace).getByText("1 of 2")).toBeTruthy();
    expect(within(grace).getByText("Waiting for the step's delay after the previous email")).toBeTruthy();
    const ada = within(table).getAllByText("ada@analytical.io")[0]!.closest("tr") as HTMLElement;
    expect(within(ada).getByText("1 of 2")).toBeTruthy();
    expect(within(ada).queryByText(/delay/)).toBeNull();
    expect(within(table).queryByText("step_delay")).toBeNull();
  });

  it("marks a meeting booked on a lead's row, and the lead shows it once the server has it", async () => {
    let booked: string | null = null;
    const leads = () => ({
      body: {
        leads: [
          {
            lead_id: uuid(420),
            first_name: "Grace",
            last_name: "Hopper",
            email: "grace@navy.mil",
            company_name: null,
            state: "replied",
            current_step: 1,
            next_send_at: null,
            last_sent_at: null,
            wait_reason: null,
            added_at: "2026-11-01T10:00:00.000Z",
            meeting_booked_at: booked,
          },
        ],
        total: 1,
        page: 1,
        per_page: 20,
        total_pages: 1,
        states: { queued: 0, in_progress: 0, replied: 1, bounced: 0, unsubscribed: 0, completed: 0, stopped: 0 },
      },
    });
    const meeting = `/api/campaigns/${active.id}/leads/${uuid(420)}/meeting`;
    const server = base({
      [`GET /api/campaigns/${active.id}/leads`]: leads,
      [`POST ${meeting}`]: () => {
        booked = "2026-11-20T15:00:00.000Z";
        return { body: { campaign_id: active.id, lead_id: uuid(420), meeting_booked_at: booked } };
      },
    });
    renderSignedIn(<CampaignDetailPage />, { path: "/campaigns/:id", at: `/campaigns/${active.id}` });
    const table = await screen.findByRole("table", { name: "Campaign leads" });
    const row = (await within(table).findByText("Grace Hopper")).closest("tr") as HTMLElement;
    await userEvent.click(within(row).getByRole("button", { name: "Mark meeting booked" }));
    expect(server.to("POST", meeting)).toHaveLength(1);
    expect(await within(row).findByText(/^Booked /)).toBeTruthy();
    expect(within(row).getByRole("button", { name: "Undo" })).toBeTruthy();
  });

  it("shows no meeting button to a member who cannot change the campaign", async () => {
    base({
      "GET /api/auth/me": { body: { ...ME, permissions: ["campaigns:read"] } },
      [`GET /api/campaigns/${active.id}/leads`]: {
        body: {
          leads: [
            {
              lead_id: uuid(421),
              first_name: "Ada",
              last_name: null,
              email: "ada@analytical.io",
              company_name: null,
              state: "replied",
              current_step: 1,
              next_send_at: null,
              last_sent_at: null,
              wait_reason: null,
              added_at: "2026-11-01T10:00:00.000Z",
              meeting_booked_at: "2026-11-20T15:00:00.000Z",
            },
          ],
          total: 1,
          page: 1,
          per_page: 20,
          total_pages: 1,
          states: { queued: 0, in_progress: 0, replied: 1, bounced: 0, unsubscribed: 0, completed: 0, stopped: 0 },
        },
      },
    });
    renderSignedIn(<CampaignDetailPage />, { path: "/campaigns/:id", at: `/campaigns/${active.id}` });
    const table = await screen.findByRole("table", { name: "Campaign leads" });
    const row = (await within(table).findByText("Ada")).closest("tr") as HTMLElement;
    expect(within(row).getByText(/^Booked /)).toBeTruthy();
    expect(within(row).queryByRole("button", { name: "Mark meeting booked" })).toBeNull();
    expect(within(row).queryByRole("button", { name: "Undo" })).toBeNull();
  });

  it("shows the sent-message log beside the queue, as a tab the address remembers", async () => {
    base({ [`GET /api/campaigns/${active.id}/messages`]: { body: messageLogBody([sentMessage({ subject: "Quick question, Ada" })]) } });
    const { router } = renderSignedIn(<CampaignDetailPage />, { path: "/campaigns/:id", at: `/campaigns/${active.id}` });
    expect(await screen.findByRole("table", { name: "Queued messages" })).toBeTruthy();
    await userEvent.click(screen.getByRole("tab", { name: "Sent messages" }));
    const log = await screen.findByRole("table", { name: "Sent messages" });
    expect(await within(log).findByText("Quick question, Ada")).toBeTruthy();
    expect(screen.queryByRole("table", { name: "Queued messages" })).toBeNull();
    expect(router.state.location.search).toBe("?messages=sent");
    await userEvent.click(screen.getByRole("tab", { name: "Queue" }));
    expect(await screen.findByRole("table", { name: "Queued messages" })).toBeTruthy();
    expect(router.state.location.search).toBe("");
  });

  it("offers only the actions the state allows and shows the server's refusal text", async () => {
    const s = base({
      [`POST /api/campaigns/${active.id}/pause`]: {
        status: 400,
        body: { detail: "Campaign cannot be paused in current state", code: "CAMPAIGN_CANNOT_PAUSE" },
      },
    });
    renderSignedIn(<CampaignDetailPage />, { path: "/campaigns/:id", at: `/campaigns/${active.id}` });
    await screen.findByRole("group", { name: "Replies" });
    expect(screen.queryByRole("button", { name: "Launch" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Resume" })).toBeNull();
    // An active campaign cannot be deleted (§4), so the button is not offered.
    expect(screen.queryByRole("button", { name: "Delete" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Pause" }));
    expect(await screen.findByText("Campaign cannot be paused in current state")).toBeTruthy();
    expect(s.to("POST", `/api/campaigns/${active.id}/pause`)).toHaveLength(1);
  });

  it("says 'Campaign not found' for an unknown or foreign campaign", async () => {
    mockServer({
      "GET /api/auth/me": { body: ME },
      [`GET /api/campaigns/${uuid(499)}`]: { status: 404, body: { detail: "Campaign not found", code: "CAMPAIGN_NOT_FOUND" } },
    });
    renderSignedIn(<CampaignDetailPage />, { path: "/campaigns/:id", at: `/campaigns/${uuid(499)}` });
    expect(await screen.findByText("Campaign not found")).toBeTruthy();
  });

  it("duplicates under the new name and opens the copy", async () => {
    const copy = campaign({ id: uuid(403), name: "Founders again" });
    const s = base({
      [`POST /api/campaigns/${active.id}/duplicate`]: { status: 201, body: copy },
      [`GET /api/campaigns/${copy.id}`]: { body: copy },
    });
    renderSignedIn(<CampaignDetailPage />, { path: "/campaigns/:id", at: `/campaigns/${active.id}` });
    await userEvent.click(await screen.findByRole("button", { name: "Duplicate" }));
    const name = screen.getByLabelText("Name of the copy");
    await userEvent.clear(name);
    await userEvent.type(name, "Founders again");
    await userEvent.click(screen.getByRole("button", { name: "Duplicate" }));
    expect(await screen.findByRole("heading", { name: "Founders again" })).toBeTruthy();
    expect(s.to("POST", `/api/campaigns/${active.id}/duplicate`)[0]!.body).toEqual({ new_name: "Founders again" });
  });

  it("recomputes the day-by-day chart with the figures when they are refreshed", async () => {
    const day = { sent: 0, delivered: 0, opens: 0, unique_opens: 0, clicks: 0, replies: 0, bounces: 0, unsubscribes: 0, meetings: 0 };
    let sentToday = 0;
    const trends = () => ({
      body: {
        campaign_id: active.id,
        timezone: "UTC",
        from: "2026-11-11",
        to: "2026-11-24",
        series: [{ date: "2026-11-24", ...day, sent: sentToday, delivered: sentToday }],
      },
    });
    const s = base({
      [`GET /api/campaigns/${active.id}/trends`]: trends,
      [`POST /api/campaigns/${active.id}/metrics/refresh`]: { body: metrics({ campaign_id: active.id, sent: 2, delivered: 2 }) },
    });
    renderSignedIn(<CampaignDetailPage />, { path: "/campaigns/:id", at: `/campaigns/${active.id}` });
    expect(await screen.findByText("Nothing sent or tracked in this period yet.")).toBeTruthy();
    sentToday = 2;
    await userEvent.click(screen.getByRole("button", { name: "Refresh figures" }));
    await vi.waitFor(() => expect(s.to("GET", `/api/campaigns/${active.id}/trends`).length).toBe(2));
    await vi.waitFor(() => expect(screen.queryByText("Nothing sent or tracked in this period yet.")).toBeNull());
  });

  it("reads the campaign again once the live connection is up, so a change pushed before it is not missed", async () => {
    const socket = installFakeSocket();
    const s = base();
    renderSignedIn(
      <TeamSocketProvider>
        <CampaignDetailPage />
      </TeamSocketProvider>,
      { path: "/campaigns/:id", at: `/campaigns/${active.id}` },
    );
    expect(await screen.findByRole("heading", { name: "Founders" })).toBeTruthy();
    const reads = s.to("GET", `/api/campaigns/${active.id}`).length;
    await vi.waitFor(() => socket.latest());
    socket.latest().open();
    socket.latest().emit("connected", { workspace_id: "018f0000-0000-7000-8000-0000000000f1" });
    await vi.waitFor(() => expect(s.to("GET", `/api/campaigns/${active.id}`).length).toBe(reads + 1));
  });
});
