import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ME, mockServer, renderSignedIn } from "../../../test/kit.ts";
import AiTransparencyPage from "./ai-transparency-page.tsx";
import ExplainabilityPatternsPage from "./explainability-patterns-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const ACTION = "0196a000-0000-7000-8000-000000000001";
const output = {
  id: ACTION,
  kind: "email_generation",
  engine: "llm" as const,
  model: "test-model-1",
  subject_type: "lead",
  subject_id: "0196a000-0000-7000-8000-000000000009",
  summary: "Wrote a subject from the lead's company",
  outcome: "ok",
  created_at: "2026-11-20T10:00:00.000Z",
};

describe("/ai-transparency", () => {
  it("finds an output in the picker and shows its prompt, parameters and reasons", async () => {
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/ai/explain/outputs": { body: { items: [output], next_cursor: null } },
      [`GET /api/ai/explain/actions/${ACTION}`]: {
        body: {
          ...output,
          user_name: "Ann",
          prompt: [{ role: "system", content: "Write a subject line" }],
          parameters: { temperature: 0.3 },
          input: { lead: "Ann" },
          output: { content: "Hi Ann" },
          explanation: {
            summary: "Wrote a subject from the lead's company",
            unit: "points",
            contributions: [{ feature: "company", label: "Company known", weight: 2 }],
            rules: [{ id: "greeting", description: "Greets by name", matched: "Hi Ann" }],
          },
          tokens_in: 12,
          tokens_out: 3,
          cost_micros: 40,
          duration_ms: 120,
          error: null,
          feedback: { up: 2, down: 1 },
        },
      },
    });
    renderSignedIn(<AiTransparencyPage />, { path: "/ai-transparency" });
    expect(
      await screen.findByRole("heading", { name: "Why did the AI decide what it decided about this lead, reply or recommendation?" }),
    ).toBeTruthy();
    expect(screen.getByText("Choose an output")).toBeTruthy();
    await userEvent.type(screen.getByLabelText("Search outputs"), "subject");
    const list = await screen.findByRole("list", { name: "AI outputs" });
    await userEvent.click(within(list).getByText("email generation · test-model-1"));
    expect(await screen.findByText("Write a subject line")).toBeTruthy();
    expect(screen.getByLabelText("Parameters").textContent).toContain('"temperature": 0.3');
    expect(within(screen.getByRole("table", { name: "Rules that fired" })).getByText("“Hi Ann”")).toBeTruthy();
    expect(screen.getByText("👍 2 · 👎 1")).toBeTruthy();
    expect(s.to("GET", "/api/ai/explain/outputs").some((r) => r.query.get("q") === "subject")).toBe(true);
  });

  it("says why a lead has no explanation", async () => {
    mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/ai/explain/outputs": { body: { items: [], next_cursor: null } },
      "GET /api/ai/explain/leads/0196a000-0000-7000-8000-000000000009": {
        status: 404,
        body: { code: "AI_EXPLAIN_LEAD_NOT_SCORED", detail: "This lead has no score from the active lead-scoring model" },
      },
    });
    renderSignedIn(<AiTransparencyPage />, { path: "/ai-transparency", at: "/ai-transparency?lead=0196a000-0000-7000-8000-000000000009" });
    expect(await screen.findByText(/This lead has no score from the active lead-scoring model/)).toBeTruthy();
    expect(screen.getByText(/No AI output in this workspace yet/)).toBeTruthy();
  });
});

describe("/explainability/patterns", () => {
  it("says how to get data when nothing was sent", async () => {
    const empty = { n: 0, successes: 0, estimate: { rate: null, low: null, high: null } };
    mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/ai/explain/patterns": {
        body: {
          outcome: "reply",
          days: 180,
          min_n: 30,
          leads: empty,
          messages: empty,
          cells: [],
          hidden: 0,
          computed_at: "2026-11-20T10:00:00.000Z",
        },
      },
    });
    renderSignedIn(<ExplainabilityPatternsPage />, { path: "/explainability/patterns" });
    expect(
      await screen.findByRole("heading", { name: "What separates the leads and messages that succeed from those that do not?" }),
    ).toBeTruthy();
    expect(await screen.findByText("No contacted leads in this period")).toBeTruthy();
  });
});
