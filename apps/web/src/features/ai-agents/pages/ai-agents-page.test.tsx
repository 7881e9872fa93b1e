import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ME, mockServer, renderSignedIn } from "../../../test/kit.ts";
import { detail, proposal, run, settings } from "../test/ai-agents-builders.ts";
import AiAgentsPage from "./ai-agents-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const QUESTION = "Which AI tasks are working for us, and what is waiting for my approval?";
const LEAD = "00000000-0000-4000-8000-00000000abcd";

describe("/ai-agents", () => {
  it("says how to start when nothing has run, and starts a research run on a picked lead", async () => {
    const started = run({ status: "queued", progress: 0, stage: null, subject_id: LEAD, engine: null });
    let runs = [] as ReturnType<typeof run>[];
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/ai/agents": { body: settings() },
      "GET /api/ai/agent-runs": () => ({ body: { runs, next_cursor: null } }),
      "GET /api/ai/agents/research_lead/subjects": {
        body: { subjects: [{ id: LEAD, label: "Dana Scully", detail: "dana@acme.test · Acme" }] },
      },
      "POST /api/ai/agents/research_lead/runs": () => {
        runs = [started];
        return { status: 202, body: started };
      },
      [`GET /api/ai/agent-runs/${started.id}`]: { body: detail(started, [], { steps: [] }) },
    });
    renderSignedIn(<AiAgentsPage />, { path: "/ai-agents" });
    expect(await screen.findByRole("heading", { name: QUESTION })).toBeTruthy();
    expect(await screen.findByText("No agent runs yet")).toBeTruthy();
    expect(screen.getByText(/No language model is configured: agents use the built-in engines/)).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Run Research a lead" }));
    const dialog = await screen.findByRole("dialog", { name: "Run: Research a lead" });
    await userEvent.click(within(dialog).getByRole("combobox", { name: "Lead" }));
    await userEvent.click(await screen.findByText("Dana Scully"));
    await userEvent.click(within(dialog).getByRole("button", { name: "Start run" }));
    await waitFor(() => expect(s.to("POST", "/api/ai/agents/research_lead/runs")).toHaveLength(1));
    expect(s.to("POST", "/api/ai/agents/research_lead/runs")[0]!.body).toEqual({ subject_id: LEAD });
    const table = await screen.findByRole("table", { name: "Agent runs" });
    expect(within(table).getByText("queued")).toBeTruthy();
    expect(await screen.findByRole("status")).toBeTruthy();
  });

  it("shows a run's usage, step log and proposals, and approves then reverts one", async () => {
    const r = run({ pending_proposals: 1 });
    const p = proposal({ run_id: r.id });
    let current = p;
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/ai/agents": { body: settings(true) },
      "GET /api/ai/agent-runs": { body: { runs: [r], next_cursor: null } },
      [`GET /api/ai/agent-runs/${r.id}`]: () => ({ body: detail(r, [current]) }),
      [`POST /api/ai/agent-runs/${r.id}/proposals/${p.id}/approve`]: () => {
        current = { ...p, status: "approved", previous: { pain_point: null }, result: { lead_id: LEAD } };
        return { body: current };
      },
      [`POST /api/ai/agent-runs/${r.id}/proposals/${p.id}/revert`]: () => {
        current = { ...current, status: "reverted" };
        return { body: current };
      },
    });
    renderSignedIn(<AiAgentsPage />, { path: "/ai-agents" });
    const table = await screen.findByRole("table", { name: "Agent runs" });
    expect(within(table).getByText("1 to review")).toBeTruthy();
    expect(screen.getByText(/Agents use the configured language model/)).toBeTruthy();
    await userEvent.click(within(table).getByRole("button", { name: "Research a lead" }));
    const card = await screen.findByRole("region", { name: "Run detail" });
    expect(within(card).getByText("Pages: 2 of 5")).toBeTruthy();
    expect(within(within(card).getByRole("table", { name: "Step log" })).getByText("Read 2 page(s) of http://acme.test")).toBeTruthy();
    const item = within(card).getByRole("article", { name: "Update the lead's pain point" });
    expect(within(item).getByText("Manual spreadsheets slow the team down")).toBeTruthy();
    expect(within(item).getByText(/Why: pain point from the words "spreadsheets"/)).toBeTruthy();
    await userEvent.click(within(item).getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(s.to("POST", `/api/ai/agent-runs/${r.id}/proposals/${p.id}/approve`)).toHaveLength(1));
    expect(await within(card).findByText("Applied")).toBeTruthy();
    expect(within(card).getByText(/\(was: empty\)/)).toBeTruthy();
    await userEvent.click(within(card).getByRole("button", { name: "Revert" }));
    await waitFor(() => expect(s.to("POST", `/api/ai/agent-runs/${r.id}/proposals/${p.id}/revert`)).toHaveLength(1));
    expect(await within(card).findByText("Reverted")).toBeTruthy();
  });

  it("shows why a run stopped over its budget", async () => {
    const r = run({
      status: "over_budget",
      error: "Over the tokens budget: used 120 of 10 (110 over); the run stopped",
      usage: { tokens: 120, pages: 0, seconds: 2 },
      budget: { tokens: 10, pages: 0, seconds: 60 },
    });
    mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/ai/agents": { body: settings() },
      "GET /api/ai/agent-runs": { body: { runs: [r], next_cursor: null } },
      [`GET /api/ai/agent-runs/${r.id}`]: { body: detail(r, []) },
    });
    renderSignedIn(<AiAgentsPage />, { path: "/ai-agents" });
    const table = await screen.findByRole("table", { name: "Agent runs" });
    await userEvent.click(within(table).getByRole("button", { name: "Research a lead" }));
    expect(await screen.findByText("Over the tokens budget: used 120 of 10 (110 over); the run stopped")).toBeTruthy();
    expect(screen.getByText("Tokens: 120 of 10")).toBeTruthy();
    expect(screen.getByText("This run proposed nothing.")).toBeTruthy();
  });
});
