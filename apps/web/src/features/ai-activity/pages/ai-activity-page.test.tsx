import type { AiActionDetail, AiActionRow, AiUsage } from "@prospector/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ME, me, mockServer, renderSignedIn, uuid } from "../../../test/kit.ts";
import AiActivityPage from "./ai-activity-page.tsx";

const QUESTION = "What has AI done in this workspace: who asked, what went in, what came out, and what did it cost?";

function row(over: Partial<AiActionRow> = {}): AiActionRow {
  return {
    id: uuid(),
    created_at: "2026-11-20T10:00:00.000Z",
    kind: "email_generation",
    engine: "llm",
    model: "gpt-4o-mini",
    user: { id: uuid(1), name: "Olivia Owner" },
    subject: null,
    agent_run_id: null,
    tokens_in: 1200,
    tokens_out: 300,
    tokens_estimated: false,
    cost_usd: 0.0048,
    duration_ms: 850,
    attempts: 1,
    outcome: "ok",
    error: null,
    ...over,
  };
}

function usage(over: Partial<AiUsage> = {}): AiUsage {
  return {
    month: "2026-11",
    spent_usd: 3.5,
    settings: { monthly_cap_usd: 10, cap_source: "default", default_cap_usd: 10 },
    capped: false,
    actions: 42,
    refused: 1,
    llm_configured: true,
    model: "gpt-4o-mini",
    price: { input_per_mtok: 0.15, output_per_mtok: 0.6 },
    by_kind: [{ kind: "email_generation", actions: 40, tokens: 9000, cost_usd: 3.5 }],
    by_day: [
      { day: "2026-11-01", actions: 2, cost_usd: 0.5 },
      { day: "2026-11-02", actions: 40, cost_usd: 3 },
    ],
    by_user: [{ user_id: uuid(1), name: "Olivia Owner", actions: 42, cost_usd: 3.5 }],
    ...over,
  };
}

describe("/ai-activity", () => {
  it("lists actions with who, what, model, tokens, cost and outcome; filters, pages and opens one in full; marks them seen", async () => {
    const lead = uuid();
    const first = row({ subject: { type: "lead", id: lead } });
    const refused = row({ engine: "llm", outcome: "refused", cost_usd: 0, tokens_in: 0, tokens_out: 0, error: "Cap reached", user: null });
    const detail: AiActionDetail = {
      ...first,
      prompt: [
        { role: "system", content: "You write short emails." },
        { role: "user", content: "Recipient: Ana at Globex." },
      ],
      input: { name: "Ana" },
      output: { content: '{"subject":"Hi Ana"}' },
      explanation: { summary: "Written by gpt-4o-mini from a 2-message prompt.", source: "gpt-4o-mini" },
    };
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/ai/usage": { body: usage() },
      "POST /api/ai/activity/seen": { body: { count: 0, since: "2026-11-20T10:00:00.000Z" } },
      "GET /api/ai/activity": (req) =>
        req.query.get("cursor")
          ? { body: { items: [row({ model: "templates v1", engine: "builtin", cost_usd: 0 })], next_cursor: null } }
          : { body: { items: [first, refused], next_cursor: "next-1" } },
      [`GET /api/ai/activity/${first.id}`]: { body: detail },
    });
    renderSignedIn(<AiActivityPage />, { path: "/ai-activity" });
    expect(await screen.findByRole("heading", { name: QUESTION })).toBeTruthy();
    const table = await screen.findByRole("table", { name: "AI actions, newest first" });
    const r1 = within(table).getAllByRole("row")[1]!;
    expect(within(r1).getByText("Olivia Owner")).toBeTruthy();
    expect(within(r1).getByText("Email generation")).toBeTruthy();
    expect(within(r1).getByText("1,200 / 300")).toBeTruthy();
    expect(within(r1).getByText("$0.0048")).toBeTruthy();
    expect(within(r1).getByRole("link", { name: "lead" }).getAttribute("href")).toBe(`/leads?selected=${lead}`);
    const r2 = within(table).getAllByRole("row")[2]!;
    expect(within(r2).getByText("Job or agent")).toBeTruthy();
    expect(within(r2).getByText("refused")).toBeTruthy();
    // This month's spend against the cap.
    expect(screen.getByText("$3.50")).toBeTruthy();
    expect(screen.getByText(/of \$10\.00 cap/)).toBeTruthy();
    expect(screen.getByText(/1 refused at the cap/)).toBeTruthy();
    await waitFor(() => expect(s.to("POST", "/api/ai/activity/seen")).toHaveLength(1));

    // Filters go to the server; a new filter starts from the first page.
    await userEvent.click(screen.getByRole("combobox", { name: "Outcome" }));
    await userEvent.click(await screen.findByRole("option", { name: "refused" }));
    await waitFor(() => expect(s.to("GET", "/api/ai/activity").at(-1)!.query.get("outcome")).toBe("refused"));
    await userEvent.type(screen.getByRole("textbox", { name: "Search model, kind or error" }), "gpt");
    await waitFor(() => expect(s.to("GET", "/api/ai/activity").at(-1)!.query.get("q")).toBe("gpt"));

    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("templates v1")).toBeTruthy();
    expect(s.to("GET", "/api/ai/activity").at(-1)!.query.get("cursor")).toBe("next-1");
    await userEvent.click(screen.getByRole("button", { name: "Previous" }));

    await userEvent.click((await screen.findAllByRole("button", { name: /Open the action of/ }))[0]!);
    const drawer = await screen.findByRole("presentation");
    expect(await within(drawer).findByText("Recipient: Ana at Globex.")).toBeTruthy();
    expect(within(drawer).getByText("Written by gpt-4o-mini from a 2-message prompt.")).toBeTruthy();
    expect(within(drawer).getByRole("link", { name: "Why, in depth" }).getAttribute("href")).toBe(`/ai-transparency?action=${first.id}`);
    expect(within(drawer).getByRole("link", { name: "Open the lead" }).getAttribute("href")).toBe(`/leads?selected=${lead}`);
  });

  it("lets an admin set the cap", async () => {
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/ai/usage": { body: usage() },
      "POST /api/ai/activity/seen": { body: { count: 0, since: null } },
      "GET /api/ai/activity": { body: { items: [row()], next_cursor: null } },
      "PUT /api/ai/settings": { body: { monthly_cap_usd: 25, cap_source: "workspace", default_cap_usd: 10 } },
    });
    renderSignedIn(<AiActivityPage />, { path: "/ai-activity" });
    const field = await screen.findByRole("spinbutton", { name: "Monthly cap (USD)" });
    await userEvent.clear(field);
    await userEvent.type(field, "25");
    await userEvent.click(screen.getByRole("button", { name: "Save cap" }));
    await waitFor(() => expect(s.to("PUT", "/api/ai/settings")[0]!.body).toEqual({ monthly_cap_usd: 25 }));
  });

  it("hides the cap form from readers and says how to get data when nothing happened yet", async () => {
    mockServer({
      "GET /api/auth/me": { body: me({ role: "viewer", permissions: ["analytics:read"], is_instance_admin: false }) },
      "GET /api/ai/usage": {
        body: usage({ spent_usd: 0, actions: 0, refused: 0, by_kind: [], by_user: [], llm_configured: false, model: null }),
      },
      "POST /api/ai/activity/seen": { body: { count: 0, since: null } },
      "GET /api/ai/activity": { body: { items: [], next_cursor: null } },
    });
    renderSignedIn(<AiActivityPage />, { path: "/ai-activity" });
    expect(await screen.findByText("No AI actions yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Open the LLM Console" }).getAttribute("href")).toBe("/ai-tools/llm-console");
    expect(screen.getByText(/No language model is configured/)).toBeTruthy();
    expect(screen.queryByRole("spinbutton", { name: "Monthly cap (USD)" })).toBeNull();
  });
});
