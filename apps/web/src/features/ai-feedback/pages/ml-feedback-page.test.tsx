import type { AiFeedbackQueueItem, AiFeedbackQueuePage, AiFeedbackSummary } from "@prospector/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ME, mockServer, renderSignedIn } from "../../../test/kit.ts";
import MlFeedbackPage from "./ml-feedback-page.tsx";

const QUEUE = "/api/ai/feedback/queue";
const SUMMARY = "/api/ai/feedback/summary";
const QUESTION = "Were our AI outputs any good, and how does the team judge each model?";

const item = (over: Partial<AiFeedbackQueueItem> = {}): AiFeedbackQueueItem => ({
  action_id: crypto.randomUUID(),
  kind: "reply_classification",
  engine: "builtin",
  model: "reply-intent nb-3b6a0ac4",
  subject_type: "lead",
  subject_id: crypto.randomUUID(),
  input: "subject: Re: Quick question; text: Yes, let's book a demo",
  output: "class: interested; confidence: 0.93",
  why: 'Interested (93 %): "demo" weighs most against Not now',
  outcome: "ok",
  created_at: "2026-03-02T10:00:00.000Z",
  my_rating: null,
  my_comment: null,
  thumbs_up: 2,
  thumbs_down: 1,
  ...over,
});

const page = (items: AiFeedbackQueueItem[], next_cursor: string | null = null): AiFeedbackQueuePage => ({ items, next_cursor });

const rate = (up: number, down: number) => {
  const n = up + down;
  return n ? { rate: up / n, low: Math.max(0, up / n - 0.2), high: Math.min(1, up / n + 0.2) } : { rate: null, low: null, high: null };
};

const summary = (over: Partial<AiFeedbackSummary> = {}): AiFeedbackSummary => ({
  weeks: 12,
  since: "2025-12-08T00:00:00.000Z",
  models: [
    {
      kind: "reply_classification",
      model: "reply-intent nb-3b6a0ac4",
      engine: "builtin",
      actions: 40,
      rated: 12,
      up: 9,
      down: 3,
      approval: rate(9, 3),
    },
    { kind: "email_generation", model: "gpt-4o-mini", engine: "llm", actions: 5, rated: 0, up: 0, down: 0, approval: rate(0, 0) },
  ],
  weekly: Array.from({ length: 12 }, (_, i) => ({
    week: `2026-${String(1 + Math.floor(i / 4)).padStart(2, "0")}-0${1 + (i % 4)}`,
    up: i === 11 ? 9 : 0,
    down: i === 11 ? 3 : 0,
    approval: i === 11 ? rate(9, 3) : rate(0, 0),
  })),
  total: { actions: 45, up: 9, down: 3, approval: rate(9, 3) },
  ...over,
});

describe("/ml-feedback", () => {
  it("lists recent outputs compactly, saves a thumbs up, and shows the team's judgement per model", async () => {
    const first = item();
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      [`GET ${QUEUE}`]: (req) =>
        req.query.get("cursor")
          ? { body: page([item({ kind: "lead_score", model: "lead_score v3", input: "Older one" })]) }
          : { body: page([first], "c2") },
      [`GET ${SUMMARY}`]: { body: summary() },
      "POST /api/ai/feedback": (req) => ({
        body: {
          action_id: (req.body as { action_id: string }).action_id,
          rating: (req.body as { rating: 1 | -1 }).rating,
          comment: null,
          created_at: "2026-03-02T11:00:00.000Z",
        },
      }),
    });
    renderSignedIn(<MlFeedbackPage />, { path: "/ml-feedback" });
    expect(await screen.findByRole("heading", { name: QUESTION })).toBeTruthy();
    const outputs = await screen.findByRole("table", { name: "Recent AI outputs" });
    const row = within(outputs)
      .getByText(/Yes, let's book a demo/)
      .closest("tr")!;
    expect(within(row).getByText("class: interested; confidence: 0.93")).toBeTruthy();
    expect(within(row).getByText(/Why: Interested \(93 %\)/)).toBeTruthy();
    expect(within(row).getByText("2 up · 1 down")).toBeTruthy();
    const up = within(row).getByRole("button", { name: "Thumbs up: this AI output was useful" });
    expect(up.getAttribute("aria-pressed")).toBe("false");
    await userEvent.click(up);
    await waitFor(() => expect(s.to("POST", "/api/ai/feedback")).toHaveLength(1));
    expect(s.to("POST", "/api/ai/feedback")[0]!.body).toEqual({ action_id: first.action_id, rating: 1 });
    await waitFor(() =>
      expect(within(row).getByRole("button", { name: "Thumbs up: this AI output was useful" }).getAttribute("aria-pressed")).toBe("true"),
    );

    const judged = await screen.findByRole("table", { name: "How the team judges each model" });
    const replies = within(judged).getByText("Reply classification").closest("tr")!;
    expect(within(replies).getByText("reply-intent nb-3b6a0ac4 (built-in)")).toBeTruthy();
    expect(within(replies).getByText("40")).toBeTruthy();
    const email = within(judged).getByText("Email writing").closest("tr")!;
    expect(within(email).getByText("not rated yet")).toBeTruthy();
    expect(screen.getByText(/Overall: 75% \(95 % CI 55–95%\) approval from 12 thumbs on 45 outputs/)).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "Approval by week" })).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Older" }));
    expect(await screen.findByText("Older one")).toBeTruthy();
    expect(s.to("GET", QUEUE).at(-1)!.query.get("cursor")).toBe("c2");
  });

  it("filters by kind and unrated, and takes a rating back with a second press", async () => {
    const rated = item({ my_rating: -1 });
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      [`GET ${QUEUE}`]: { body: page([rated]) },
      [`GET ${SUMMARY}`]: { body: summary() },
      [`DELETE /api/ai/feedback/${rated.action_id}`]: { status: 204 },
    });
    renderSignedIn(<MlFeedbackPage />, { path: "/ml-feedback" });
    const down = await screen.findByRole("button", { name: "Thumbs down: this AI output was wrong or unhelpful" });
    expect(down.getAttribute("aria-pressed")).toBe("true");
    await userEvent.click(down);
    await waitFor(() => expect(s.to("DELETE", `/api/ai/feedback/${rated.action_id}`)).toHaveLength(1));
    await userEvent.click(screen.getByRole("switch", { name: "Only outputs I have not rated" }));
    await waitFor(() => expect(s.to("GET", QUEUE).at(-1)!.query.get("unrated")).toBe("true"));
    await userEvent.click(screen.getByRole("combobox", { name: "Kind" }));
    await userEvent.click(await screen.findByRole("option", { name: "Lead score" }));
    await waitFor(() => expect(s.to("GET", QUEUE).at(-1)!.query.get("kind")).toBe("lead_score"));
  });

  it("says how to get AI outputs when the workspace has none", async () => {
    mockServer({
      "GET /api/auth/me": { body: ME },
      [`GET ${QUEUE}`]: { body: page([]) },
      [`GET ${SUMMARY}`]: { body: summary({ models: [], total: { actions: 0, up: 0, down: 0, approval: rate(0, 0) } }) },
    });
    renderSignedIn(<MlFeedbackPage />, { path: "/ml-feedback" });
    expect(await screen.findByText("No AI outputs yet")).toBeTruthy();
    expect(screen.getByText(/write an email with AI in a campaign, try the LLM console/)).toBeTruthy();
    expect(await screen.findByText("No AI outputs in this period")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Approval by week" })).toBeNull();
  });
});
