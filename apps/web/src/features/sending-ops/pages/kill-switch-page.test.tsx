import type { Hold, HoldTarget, KillSwitchState } from "@prospector/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ME, me, mockServer, type Route, renderSignedIn, uuid } from "../../../test/kit.ts";
import KillSwitchPage from "./kill-switch-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const AT = "2026-11-24T16:00:00.000Z";
const OWNER = { id: ME.id, name: "Olivia Owner", email: ME.email };

const hold = (over: Partial<Hold> = {}): Hold => ({
  id: uuid(),
  scope: "workspace",
  target_id: null,
  target_label: "Whole workspace",
  reason: "Spam complaints spiked",
  held_by: OWNER,
  held_at: AT,
  released_at: null,
  released_by: null,
  release_note: null,
  active: true,
  ...over,
});

const state = (over: Partial<KillSwitchState> = {}): KillSwitchState => ({
  workspace_hold: null,
  holds: [],
  activity: { active_campaigns: 3, in_flight: 12, queued: 480, sent_last_hour: 1250 },
  ...over,
});

const spring = { id: uuid(), label: "Spring outreach", status: "active", hold: null } satisfies HoldTarget;
const legal = hold({ scope: "campaign", target_id: uuid(), target_label: "Legal launch", reason: "Waiting for legal" });
const legalTarget: HoldTarget = { id: legal.target_id as string, label: "Legal launch", status: "active", hold: legal };

function routes(over: Record<string, Route> = {}): Record<string, Route> {
  return {
    "GET /api/auth/me": { body: ME },
    "GET /api/kill-switch": { body: state() },
    "GET /api/kill-switch/targets": (req) =>
      req.query.get("scope") === "inbox"
        ? { body: { items: [], total: 0, page: 1, per_page: 20 } }
        : { body: { items: [spring, legalTarget], total: 2, page: 1, per_page: 20 } },
    "GET /api/kill-switch/history": { body: { holds: [], total: 0, page: 1, per_page: 20 } },
    ...over,
  };
}

describe("/kill-switch", () => {
  it("says plainly that sending runs, what it is doing, and stops everything with a reason", async () => {
    let current = state();
    const placed = hold({ reason: "Wrong template in step 1" });
    const api = mockServer(
      routes({
        "GET /api/kill-switch": () => ({ body: current }),
        "POST /api/kill-switch/holds": () => {
          current = state({ workspace_hold: placed });
          return { status: 201, body: placed };
        },
      }),
    );
    renderSignedIn(<KillSwitchPage />, { path: "/kill-switch" });
    expect(screen.getByRole("heading", { name: "Is anything sending right now, and how do I stop it at once?" })).toBeTruthy();
    const card = await screen.findByRole("status", { name: "Sending state" });
    expect(within(card).getByText("Sending is running")).toBeTruthy();
    expect(within(card).getByText("1,250")).toBeTruthy();
    expect(within(card).getByText("Sent in the last hour")).toBeTruthy();

    await userEvent.click(within(card).getByRole("button", { name: "Stop all sending" }));
    const dialog = await screen.findByRole("dialog", { name: "Stop all sending of this workspace" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Stop all sending" }));
    expect(within(dialog).getByText("Say why sending stops (at least 3 characters)")).toBeTruthy();
    expect(api.to("POST", "/api/kill-switch/holds")).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole("textbox", { name: "Reason" }), "Wrong template in step 1");
    await userEvent.click(within(dialog).getByRole("button", { name: "Stop all sending" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.to("POST", "/api/kill-switch/holds")[0]?.body).toEqual({ scope: "workspace", reason: "Wrong template in step 1" });
    const stopped = await screen.findByText("Sending is stopped");
    expect(stopped).toBeTruthy();
    expect(screen.getByText(/by Olivia Owner: Wrong template in step 1/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Resume sending" })).toBeTruthy();
  });

  it("resumes with an optional note, and lists each campaign and inbox with its state", async () => {
    const ws = hold();
    const api = mockServer(
      routes({
        "GET /api/kill-switch": { body: state({ workspace_hold: ws, holds: [legal] }) },
        [`POST /api/kill-switch/holds/${ws.id}/release`]: {
          body: { ...ws, active: false, released_at: AT, released_by: OWNER, release_note: "Fixed" },
        },
      }),
    );
    renderSignedIn(<KillSwitchPage />, { path: "/kill-switch" });
    const table = await screen.findByRole("table", { name: "Campaigns" });
    expect(within(table).getByText("Spring outreach")).toBeTruthy();
    expect(within(table).getByText(/Waiting for legal/)).toBeTruthy();
    expect(within(table).getByRole("button", { name: "Stop Spring outreach" })).toBeTruthy();
    expect(within(table).getByRole("button", { name: "Resume Legal launch" })).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Resume sending" }));
    const dialog = await screen.findByRole("dialog", { name: "Resume sending: All sending" });
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Note (optional)" }), "Fixed");
    await userEvent.click(within(dialog).getByRole("button", { name: "Resume sending" }));
    await waitFor(() => expect(api.to("POST", `/api/kill-switch/holds/${ws.id}/release`)[0]?.body).toEqual({ note: "Fixed" }));

    await userEvent.click(screen.getByRole("tab", { name: "Inboxes" }));
    expect(await screen.findByText("No inbox connected")).toBeTruthy();
    expect(api.to("GET", "/api/kill-switch/targets").at(-1)?.query.get("scope")).toBe("inbox");
  });

  it("keeps the reason and shows why when the server refuses a stop", async () => {
    mockServer(
      routes({
        "POST /api/kill-switch/holds": {
          status: 409,
          body: { detail: "Spring outreach is already stopped: resume it first", code: "HOLD_EXISTS" },
        },
      }),
    );
    renderSignedIn(<KillSwitchPage />, { path: "/kill-switch" });
    await userEvent.click(await screen.findByRole("button", { name: "Stop Spring outreach" }));
    const dialog = await screen.findByRole("dialog", { name: "Stop sending: Spring outreach" });
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Reason" }), "Bounce spike");
    await userEvent.click(within(dialog).getByRole("button", { name: "Stop sending" }));
    expect(await within(dialog).findByText("Spring outreach is already stopped: resume it first")).toBeTruthy();
    expect((within(dialog).getByRole("textbox", { name: "Reason" }) as HTMLTextAreaElement).value).toBe("Bounce spike");
  });

  it("shows the audited history, and an empty history says what will appear", async () => {
    const resumed = hold({
      reason: "DNS change",
      released_at: AT,
      released_by: { id: uuid(), name: "Max Manager", email: "m@x.test" },
      release_note: "SPF fixed",
      active: false,
    });
    const api = mockServer(
      routes({ "GET /api/kill-switch/history": { body: { holds: [legal, resumed], total: 2, page: 1, per_page: 20 } } }),
    );
    renderSignedIn(<KillSwitchPage />, { path: "/kill-switch" });
    const history = await screen.findByRole("table", { name: "Kill switch history" });
    expect(within(history).getByText("Still stopped")).toBeTruthy();
    expect(within(history).getByText("DNS change")).toBeTruthy();
    expect(within(history).getByText("by Max Manager: SPF fixed")).toBeTruthy();
    expect(api.to("GET", "/api/kill-switch/history")[0]?.query.get("per_page")).toBe("20");

    vi.unstubAllGlobals();
    mockServer(routes());
    renderSignedIn(<KillSwitchPage />, { path: "/kill-switch" });
    expect(await screen.findByText("Nothing has been stopped yet")).toBeTruthy();
  });

  it("lets someone who may only read see the state but not stop or resume", async () => {
    mockServer(
      routes({
        "GET /api/auth/me": { body: me({ role: "viewer", role_label: "Viewer", permissions: ["campaigns:read"] }) },
        "GET /api/kill-switch": { body: state({ workspace_hold: hold() }) },
      }),
    );
    renderSignedIn(<KillSwitchPage />, { path: "/kill-switch" });
    expect(await screen.findByText("Sending is stopped")).toBeTruthy();
    await screen.findByRole("table", { name: "Campaigns" });
    expect(screen.queryByRole("button", { name: "Resume sending" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Stop Spring outreach" })).toBeNull();
  });
});
