import { GameBoard, type GameTask } from "@prospector/contracts";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ME, mockServer, renderSignedIn } from "../../../test/kit.ts";
import DeliverabilityGamePage from "./deliverability-game-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const task = (over: Partial<GameTask> & Pick<GameTask, "key" | "title" | "points">): GameTask => ({
  done: true,
  why: "Checked.",
  earned: over.done === false ? 0 : over.points,
  link: "/inboxes",
  link_label: "Edit the inbox",
  first_done_at: over.done === false ? null : "2026-11-20T09:00:00.000Z",
  ...over,
});

const board = (over: Partial<GameBoard> = {}) =>
  GameBoard.parse({
    score: 65,
    level: { level: 3, name: "Inbox", next_at: 80 },
    streak_days: 0,
    streak_score: 80,
    tasks_done: 2,
    tasks_total: 3,
    recent_completions: [
      {
        inbox_email: "sam@acme.test",
        key: "spf",
        title: "Publish an SPF record that authorizes your sending server",
        first_done_at: "2026-11-20T09:00:00.000Z",
      },
    ],
    inboxes: [
      {
        inbox_id: "0193a0b0-0000-7000-8000-000000000001",
        email: "sam@acme.test",
        domain: "acme.test",
        score: 65,
        tasks_done: 2,
        tasks: [
          task({
            key: "spf",
            title: "Publish an SPF record that authorizes your sending server",
            points: 15,
            link: "/deliverability",
            link_label: "Open deliverability checks",
          }),
          task({
            key: "dmarc",
            title: "Publish a DMARC policy",
            points: 10,
            done: false,
            why: "DMARC fails: no record at _dmarc.acme.test.",
            link: "/deliverability",
            link_label: "Open deliverability checks",
          }),
          task({ key: "imap", title: "Set up IMAP so replies and bounces are read", points: 5 }),
        ],
      },
    ],
    total: 1,
    page: 1,
    per_page: 10,
    evaluated_at: "2026-11-24T12:00:00.000Z",
    ...over,
  });

describe("/deliverability-game", () => {
  it("shows the workspace score, level and streak, and each inbox's checklist with why, points, where to fix and when completed", async () => {
    mockServer({ "GET /api/auth/me": { body: ME }, "GET /api/reputation/game": { body: board() } });
    renderSignedIn(<DeliverabilityGamePage />, { path: "/deliverability-game" });
    expect(await screen.findByText("What is each inbox's deliverability score, and which tasks raise it?")).toBeTruthy();
    const ws = within(await screen.findByRole("region", { name: "Workspace score" }));
    expect(ws.getByText("65")).toBeTruthy();
    expect(ws.getByText("Inbox")).toBeTruthy();
    expect(ws.getByText("15 points to the next level (80).")).toBeTruthy();
    expect(ws.getByText("0 days")).toBeTruthy();

    const inbox = within(screen.getByRole("region", { name: "Inbox sam@acme.test" }));
    expect(inbox.getByLabelText("Score 65 of 100")).toBeTruthy();
    const items = within(inbox.getByRole("list", { name: "Tasks of sam@acme.test" })).getAllByRole("listitem");
    // Open tasks first.
    expect(items.map((li) => li.getAttribute("aria-label"))).toEqual([
      "Publish a DMARC policy: to do",
      "Publish an SPF record that authorizes your sending server: done",
      "Set up IMAP so replies and bounces are read: done",
    ]);
    expect(within(items[0]!).getByText("DMARC fails: no record at _dmarc.acme.test.")).toBeTruthy();
    expect(within(items[0]!).getByRole("link", { name: "Open deliverability checks" }).getAttribute("href")).toBe("/deliverability");
    expect(within(items[1]!).getByText("+15")).toBeTruthy();
    expect(within(items[1]!).getByText(/^Completed on /)).toBeTruthy();
    expect(screen.getByRole("region", { name: "Latest completions" })).toBeTruthy();
  });

  it("says how to get data when there is no inbox to score", async () => {
    mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/reputation/game": {
        body: board({ score: null, level: null, inboxes: [], total: 0, tasks_done: 0, tasks_total: 0, recent_completions: [] }),
      },
    });
    renderSignedIn(<DeliverabilityGamePage />, { path: "/deliverability-game" });
    expect(await screen.findByText("No inbox to score yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Connect an inbox" }).getAttribute("href")).toBe("/inboxes");
  });

  it("shows the server's error with a way to try again", async () => {
    mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/reputation/game": { status: 500, body: { detail: "Server error occurred. Please try again later.", code: "INTERNAL" } },
    });
    renderSignedIn(<DeliverabilityGamePage />, { path: "/deliverability-game" });
    expect(await screen.findByRole("button", { name: "Try again" }, { timeout: 8000 })).toBeTruthy();
  });
});
