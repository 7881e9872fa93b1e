import type { Decision, DecisionPage, DecisionSummary, DecisionThread } from "@prospector/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ME, me, mockServer, renderSignedIn, uuid } from "../../../test/kit.ts";
import DecisionsPage from "./decisions-page.tsx";

const QUESTION = "What has the team decided, why, and what is still open for a vote?";
const LIST = "/api/decisions";

const summary = (over: Partial<DecisionSummary> = {}): DecisionSummary => ({
  id: uuid(),
  question: "Move the Q3 campaign to September?",
  status: "open",
  due_at: "2030-01-10T12:00:00.000Z",
  created_by: { id: uuid(50), name: "Rita Rep" },
  created_at: "2026-03-02T10:00:00.000Z",
  decided_at: null,
  outcome_label: null,
  options_count: 2,
  votes_count: 1,
  my_vote: null,
  ...over,
});

const page = (
  items: DecisionSummary[],
  counts = { open: items.length, decided: 3, cancelled: 0 },
  next_cursor: string | null = null,
): DecisionPage => ({
  items,
  next_cursor,
  counts,
});

const OPT_A = uuid(101);
const OPT_B = uuid(102);

const decision = (over: Partial<Decision> = {}): Decision => ({
  id: uuid(200),
  question: "Move the Q3 campaign to September?",
  context: "Holiday season lowers reply rates.",
  status: "open",
  due_at: null,
  options: [
    { id: OPT_A, label: "Move it", description: "Launch on Sep 2", votes: 3 },
    { id: OPT_B, label: "Keep August", description: null, votes: 1 },
  ],
  votes: [
    { user: { id: uuid(51), name: "Mia Manager" }, option_id: OPT_A, comment: "Better timing", updated_at: "2026-03-02T11:00:00.000Z" },
    { user: { id: uuid(52), name: "Sam Sales" }, option_id: OPT_B, comment: null, updated_at: "2026-03-02T11:00:00.000Z" },
    { user: { id: uuid(53), name: "Ann Analyst" }, option_id: OPT_A, comment: null, updated_at: "2026-03-02T11:00:00.000Z" },
    { user: { id: uuid(54), name: "Dev Developer" }, option_id: OPT_A, comment: null, updated_at: "2026-03-02T11:00:00.000Z" },
  ],
  my_vote: null,
  voters: 6,
  outcome: null,
  cancel_reason: null,
  links: [
    { kind: "deal", id: uuid(300), name: "Acme renewal", deleted: false },
    { kind: "lead", id: uuid(301), name: null, deleted: true },
  ],
  created_by: { id: uuid(50), name: "Rita Rep" },
  created_at: "2026-03-02T10:00:00.000Z",
  updated_at: "2026-03-02T10:00:00.000Z",
  can_vote: true,
  can_comment: true,
  can_manage: true,
  options_locked: true,
  ...over,
});

const thread = (): DecisionThread => ({
  items: [
    {
      id: uuid(400),
      kind: "created",
      user: { id: uuid(50), name: "Rita Rep" },
      body: "Move the Q3 campaign to September?",
      detail: {},
      created_at: "2026-03-02T10:00:00.000Z",
    },
    {
      id: uuid(401),
      kind: "voted",
      user: { id: uuid(52), name: "Sam Sales" },
      body: null,
      detail: { option: "Keep August", previous: "Move it", changed: true },
      created_at: "2026-03-02T11:00:00.000Z",
    },
  ],
  next_cursor: null,
});

describe("/collaboration/decisions", () => {
  it("says what a decision log is for when there is none, and opens the create dialog", async () => {
    mockServer({
      "GET /api/auth/me": { body: ME },
      [`GET ${LIST}`]: { body: page([], { open: 0, decided: 0, cancelled: 0 }) },
    });
    renderSignedIn(<DecisionsPage />, { path: "/collaboration/decisions" });
    expect(await screen.findByRole("heading", { name: "Decisions" })).toBeTruthy();
    expect(screen.getByText(QUESTION)).toBeTruthy();
    expect(await screen.findByText("No decisions yet")).toBeTruthy();
    expect(screen.getByText(/keeps what the team decided and why/)).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Ask the team" }));
    expect(await screen.findByRole("dialog", { name: "Ask the team" })).toBeTruthy();
  });

  it("lists decisions with counts per status tab, searches, filters mine to vote, pages, and opens one", async () => {
    const first = summary();
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      [`GET ${LIST}`]: (req) => {
        if (req.query.get("status") === "decided")
          return {
            body: page([summary({ status: "decided", question: "Adopt the new signature?", outcome_label: "Yes" })], {
              open: 1,
              decided: 1,
              cancelled: 0,
            }),
          };
        if (req.query.get("cursor"))
          return { body: page([summary({ question: "An older question?" })], { open: 2, decided: 1, cancelled: 0 }) };
        return { body: page([first], { open: 2, decided: 1, cancelled: 0 }, "c2") };
      },
      [`GET ${LIST}/${first.id}`]: { body: decision({ id: first.id }) },
      [`GET ${LIST}/${first.id}/comments`]: { body: thread() },
    });
    const view = renderSignedIn(<DecisionsPage />, { path: "/collaboration/decisions" });
    expect(await screen.findByRole("button", { name: "Move the Q3 campaign to September?" })).toBeTruthy();
    const table = screen.getByRole("table", { name: "Decisions" });
    expect(within(table).getByText("Not voted")).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Open (2)" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Decided (1)" })).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Older" }));
    expect(await screen.findByText("An older question?")).toBeTruthy();
    expect(s.to("GET", LIST).at(-1)!.query.get("cursor")).toBe("c2");
    await userEvent.click(screen.getByRole("button", { name: "Newer" }));

    await userEvent.click(screen.getByRole("switch", { name: "Waiting for my vote" }));
    await waitFor(() => expect(s.to("GET", LIST).at(-1)!.query.get("mine_to_vote")).toBe("true"));
    await userEvent.type(screen.getByRole("textbox", { name: "Search questions" }), "Q3");
    await waitFor(() => expect(s.to("GET", LIST).at(-1)!.query.get("search")).toBe("Q3"));

    await userEvent.click(screen.getByRole("tab", { name: "Decided (1)" }));
    expect(await screen.findByText("Adopt the new signature?")).toBeTruthy();
    expect(s.to("GET", LIST).at(-1)!.query.get("status")).toBe("decided");
    await userEvent.click(screen.getByRole("tab", { name: /Open/ }));

    await userEvent.click(await screen.findByRole("button", { name: "Move the Q3 campaign to September?" }));
    expect(await screen.findByRole("heading", { name: "Move the Q3 campaign to September?" })).toBeTruthy();
    expect(view.router.state.location.search).toBe(`?id=${first.id}`);
  });

  it("shows tallies, others' votes, linked records and the thread; votes, comments and decides", async () => {
    const d = decision();
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      [`GET ${LIST}/${d.id}`]: { body: d },
      [`GET ${LIST}/${d.id}/comments`]: { body: thread() },
      [`PUT ${LIST}/${d.id}/votes`]: {
        body: decision({ my_vote: OPT_B, options: [d.options[0]!, { ...d.options[1]!, votes: 2 }] }),
      },
      [`POST ${LIST}/${d.id}/comments`]: {
        status: 201,
        body: {
          id: uuid(402),
          kind: "commented",
          user: { id: ME.id, name: ME.full_name },
          body: "Agreed",
          detail: {},
          created_at: "2026-03-02T12:00:00.000Z",
        },
      },
      [`POST ${LIST}/${d.id}/decide`]: {
        body: decision({
          status: "decided",
          can_vote: false,
          outcome: {
            option_id: OPT_A,
            label: "Move it",
            rationale: "Most of the team prefers September",
            decided_by: { id: ME.id, name: ME.full_name },
            decided_at: "2026-03-03T09:00:00.000Z",
          },
        }),
      },
    });
    renderSignedIn(<DecisionsPage />, { path: "/collaboration/decisions", at: `/collaboration/decisions?id=${d.id}` });
    expect(await screen.findByText("Holiday season lowers reply rates.")).toBeTruthy();
    const options = screen.getByRole("list", { name: "Options" });
    const move = within(options).getByRole("listitem", { name: "Move it" });
    expect(within(move).getByText("3 votes (75%)")).toBeTruthy();
    expect(within(move).getByRole("progressbar", { name: "Move it: 75% of the votes" })).toBeTruthy();
    expect(screen.getByText(/4 of 6 members voted/)).toBeTruthy();
    const who = screen.getByRole("list", { name: "Who voted what" });
    expect(within(who).getByText("Mia Manager: Move it")).toBeTruthy();
    expect(within(who).getByText(/Better timing/)).toBeTruthy();
    const links = screen.getByLabelText("Linked records");
    expect(within(links).getByRole("link", { name: "Deal: Acme renewal" }).getAttribute("href")).toBe(`/crm/deals?selected=${uuid(300)}`);
    expect(within(links).getByText("Lead: deleted")).toBeTruthy();
    const story = await screen.findByRole("list", { name: "Thread" });
    expect(within(story).getByText('Sam Sales changed their vote from "Move it" to "Keep August"')).toBeTruthy();

    await userEvent.type(screen.getByRole("textbox", { name: "Comment with your vote (optional)" }), "August is fine");
    await userEvent.click(within(within(options).getByRole("listitem", { name: "Keep August" })).getByRole("button", { name: "Vote" }));
    await waitFor(() => expect(s.to("PUT", `${LIST}/${d.id}/votes`)).toHaveLength(1));
    expect(s.to("PUT", `${LIST}/${d.id}/votes`)[0]!.body).toEqual({ option_id: OPT_B, comment: "August is fine" });
    expect(await screen.findByText("Your vote")).toBeTruthy();

    await userEvent.type(screen.getByRole("textbox", { name: "Add a comment" }), "Agreed");
    await userEvent.click(screen.getByRole("button", { name: "Comment" }));
    await waitFor(() => expect(s.to("POST", `${LIST}/${d.id}/comments`)[0]?.body).toEqual({ body: "Agreed" }));

    await userEvent.click(screen.getByRole("button", { name: "Decide" }));
    const dialog = await screen.findByRole("dialog", { name: "Record the outcome" });
    // The rationale is required before anything is sent.
    await userEvent.click(within(dialog).getByRole("button", { name: "Decide" }));
    expect(await within(dialog).findByText("Write why this option was chosen")).toBeTruthy();
    expect(s.to("POST", `${LIST}/${d.id}/decide`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole("radio", { name: /Move it/ }));
    await userEvent.type(within(dialog).getByRole("textbox", { name: /Rationale/ }), "Most of the team prefers September");
    await userEvent.click(within(dialog).getByRole("button", { name: "Decide" }));
    await waitFor(() => expect(s.to("POST", `${LIST}/${d.id}/decide`)).toHaveLength(1));
    expect(s.to("POST", `${LIST}/${d.id}/decide`)[0]!.body).toEqual({ option_id: OPT_A, rationale: "Most of the team prefers September" });
    const outcome = await screen.findByRole("status", { name: "Outcome" });
    expect(within(outcome).getByText("Decided: Move it")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reopen" })).toBeTruthy();
  });

  it("creates a decision: refuses duplicate options by field, links a record, then opens the new decision", async () => {
    const created = decision({ id: uuid(250), options_locked: false, votes: [] });
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      [`GET ${LIST}`]: { body: page([summary()]) },
      "GET /api/decisions/linkable": (req) => ({
        body: { items: req.query.get("kind") === "lead" ? [{ kind: "lead" as const, id: uuid(301), name: "Lena Lead" }] : [] },
      }),
      [`POST ${LIST}`]: { status: 201, body: created },
      [`GET ${LIST}/${created.id}`]: { body: created },
      [`GET ${LIST}/${created.id}/comments`]: { body: thread() },
    });
    const view = renderSignedIn(<DecisionsPage />, { path: "/collaboration/decisions" });
    await userEvent.click(await screen.findByRole("button", { name: "New decision" }));
    const dialog = await screen.findByRole("dialog", { name: "Ask the team" });
    await userEvent.type(within(dialog).getByRole("textbox", { name: /Question/ }), "Which stage names?");
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Option 1" }), "Short");
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Option 2" }), "short");
    expect((within(dialog).getByRole("button", { name: "Remove option 1" }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(dialog).getByRole("button", { name: "Open for votes" }));
    expect(await within(dialog).findByText('"short" is already an option')).toBeTruthy();
    expect(s.to("POST", LIST)).toHaveLength(0);
    await userEvent.clear(within(dialog).getByRole("textbox", { name: "Option 2" }));
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Option 2" }), "Descriptive");

    await userEvent.click(within(dialog).getByRole("combobox", { name: "Link a lead" }));
    await userEvent.click(await screen.findByRole("option", { name: "Lena Lead" }));
    expect(within(dialog).getByText("Lead: Lena Lead")).toBeTruthy();

    await userEvent.click(within(dialog).getByRole("button", { name: "Open for votes" }));
    await waitFor(() => expect(s.to("POST", LIST)).toHaveLength(1));
    expect(s.to("POST", LIST)[0]!.body).toEqual({
      question: "Which stage names?",
      options: [{ label: "Short" }, { label: "Descriptive" }],
      due_at: null,
      links: [{ kind: "lead", id: uuid(301) }],
    });
    await waitFor(() => expect(view.router.state.location.search).toBe(`?id=${created.id}`));
  });

  it("edits an open decision: options are fixed once someone voted, the rest is sent", async () => {
    const d = decision({ due_at: null });
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      [`GET ${LIST}/${d.id}`]: { body: d },
      [`GET ${LIST}/${d.id}/comments`]: { body: thread() },
      [`PATCH ${LIST}/${d.id}`]: (req) => ({ body: { ...d, question: (req.body as { question: string }).question } }),
    });
    renderSignedIn(<DecisionsPage />, { path: "/collaboration/decisions", at: `/collaboration/decisions?id=${d.id}` });
    await userEvent.click(await screen.findByRole("button", { name: "Edit" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit the decision" });
    expect(within(dialog).getByText("Someone has voted, so the options are fixed.")).toBeTruthy();
    expect((within(dialog).getByRole("textbox", { name: "Option 1" }) as HTMLInputElement).disabled).toBe(true);
    const q = within(dialog).getByRole("textbox", { name: /Question/ });
    await userEvent.clear(q);
    await userEvent.type(q, "Move Q3 to September?");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(s.to("PATCH", `${LIST}/${d.id}`)).toHaveLength(1));
    // The deleted lead is dropped (it cannot be linked again); the options are not sent.
    expect(s.to("PATCH", `${LIST}/${d.id}`)[0]!.body).toEqual({
      question: "Move Q3 to September?",
      context: "Holiday season lowers reply rates.",
      due_at: null,
      links: [{ kind: "deal", id: uuid(300) }],
    });
    expect(await screen.findByRole("heading", { name: "Move Q3 to September?" })).toBeTruthy();
  });

  it("lets viewers read but not create or vote", async () => {
    const d = decision({ can_vote: false, can_comment: false, can_manage: false, my_vote: null });
    const viewer = me({ role: "viewer", role_label: "Viewer", permissions: ["campaigns:read", "leads:read"] });
    mockServer({
      "GET /api/auth/me": { body: viewer },
      [`GET ${LIST}/${d.id}`]: { body: d },
      [`GET ${LIST}/${d.id}/comments`]: { body: thread() },
    });
    renderSignedIn(<DecisionsPage />, { path: "/collaboration/decisions", at: `/collaboration/decisions?id=${d.id}` });
    expect(await screen.findByText("Viewers read the decision log; voting needs another role.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "New decision" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Vote" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Decide" })).toBeNull();
    expect(screen.queryByRole("textbox", { name: "Add a comment" })).toBeNull();
  });
});
