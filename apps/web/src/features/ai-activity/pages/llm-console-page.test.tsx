import type { AiUsage, LlmConsoleOutput, SavedEmailTemplate } from "@prospector/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { lead, ME, mockServer, renderSignedIn, uuid } from "../../../test/kit.ts";
import LlmConsolePage, { templatize } from "./llm-console-page.tsx";

const QUESTION = "What would the model, or the built-in templates, write for this lead, and which prompt writes it best?";

const usage = (over: Partial<AiUsage> = {}): AiUsage => ({
  month: "2026-11",
  spent_usd: 0,
  settings: { monthly_cap_usd: 25, cap_source: "default", default_cap_usd: 25 },
  capped: false,
  actions: 0,
  refused: 0,
  llm_configured: true,
  model: "gpt-4o-mini",
  price: { input_per_mtok: 0.15, output_per_mtok: 0.6 },
  by_kind: [],
  by_day: [],
  by_user: [],
  ...over,
});

const output = (over: Partial<LlmConsoleOutput>): LlmConsoleOutput => ({
  variant: 0,
  engine: "llm",
  model: "gpt-4o-mini",
  prompt: "Write to Ivy",
  subject: "Ivy, a thought for Hooli",
  body: "Hi Ivy,\n\nHooli is growing.\n\nCora",
  tokens_in: 40,
  tokens_out: 60,
  tokens_estimated: false,
  cost_usd: 0.0022,
  duration_ms: 900,
  action_id: uuid(),
  outcome: "ok",
  error: null,
  ...over,
});

const template = (over: Partial<SavedEmailTemplate> = {}): SavedEmailTemplate => ({
  id: uuid(),
  name: "Intro",
  subject: "Hi {{first_name}}",
  body: "About {{company_name}}",
  variables: ["first_name", "company_name"],
  created_by: { id: uuid(1), name: "Olivia Owner" },
  created_at: "2026-11-20T10:00:00.000Z",
  ...over,
});

const VARIABLES = {
  first_name: "Ivy",
  last_name: "Park",
  full_name: "Ivy Park",
  email: "ivy@hooli.test",
  company_name: "Hooli",
  role: "VP Sales",
  industry: "Software",
  location: "",
  website: "",
  pain_point: "",
  company_insight: "",
  sender_name: "Cora",
};

describe("/ai-tools/llm-console", () => {
  it("runs variants for a lead side by side with the templates, shows tokens, cost and the ledger link, and saves one as a template", async () => {
    const builtin = output({
      variant: null,
      engine: "builtin",
      model: "templates v1",
      prompt: null,
      tokens_in: 0,
      tokens_out: 0,
      cost_usd: 0,
    });
    const llm = output({});
    const refused = output({
      variant: 1,
      outcome: "refused",
      subject: null,
      body: null,
      error: "This workspace has spent $25.00 of its $25.00 monthly cap",
    });
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/ai/usage": { body: usage() },
      "GET /api/ai/email-templates": { body: { items: [], next_cursor: null } },
      "GET /api/leads/": {
        body: [lead({ id: uuid(7), first_name: "Ivy", last_name: "Park", email: "ivy@hooli.test", company_name: "Hooli" })],
        headers: { "x-total-count": "1" },
      },
      "POST /api/ai/console/run": { body: { variables: VARIABLES, llm_configured: true, outputs: [builtin, llm, refused] } },
      "POST /api/ai/email-templates": { status: 201, body: template({ name: "Ivy Park — prompt 1" }) },
    });
    renderSignedIn(<LlmConsolePage />, { path: "/ai-tools/llm-console" });
    expect(await screen.findByRole("heading", { name: QUESTION })).toBeTruthy();
    expect(screen.getByText("Nothing run yet")).toBeTruthy();
    expect(await screen.findByText(/No saved templates yet/)).toBeTruthy();

    await userEvent.click(screen.getByRole("combobox", { name: "Lead" }));
    await userEvent.click(await screen.findByRole("option", { name: /Ivy Park/ }));
    await userEvent.click(screen.getByRole("button", { name: "Add a variant" }));
    await userEvent.click(screen.getByRole("button", { name: "Run" }));

    const one = await screen.findByRole("region", { name: "Prompt 1 output" });
    expect(within(one).getByText("Subject: Ivy, a thought for Hooli")).toBeTruthy();
    expect(within(one).getByText("Tokens in/out 40 / 60 · $0.0022 · 900 ms")).toBeTruthy();
    expect(within(one).getByRole("link", { name: "In the ledger" }).getAttribute("href")).toBe(`/ai-activity?action=${llm.action_id}`);
    expect(within(screen.getByRole("region", { name: "Built-in templates" })).getByText("templates v1")).toBeTruthy();
    expect(within(screen.getByRole("region", { name: "Prompt 2 output" })).getByText(/monthly cap/)).toBeTruthy();
    const body = s.to("POST", "/api/ai/console/run")[0]!.body as { lead_id: string; variants: unknown[]; use_llm: boolean };
    expect(body).toMatchObject({ lead_id: uuid(7), use_llm: true });
    expect(body.variants).toHaveLength(2);

    await userEvent.click(within(one).getByRole("button", { name: "Save as template" }));
    const dialog = await screen.findByRole("dialog", { name: "Save as template" });
    expect((within(dialog).getByRole("textbox", { name: "Subject" }) as HTMLInputElement).value).toBe(
      "{{first_name}}, a thought for {{company_name}}",
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(s.to("POST", "/api/ai/email-templates")).toHaveLength(1));
    expect(s.to("POST", "/api/ai/email-templates")[0]!.body).toMatchObject({
      subject: "{{first_name}}, a thought for {{company_name}}",
      body: "Hi {{first_name}},\n\n{{company_name}} is growing.\n\n{{sender_name}}",
    });
  });

  it("shows the server's 422 on the prompt that uses an unknown variable", async () => {
    mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/ai/usage": { body: usage({ llm_configured: false, model: null }) },
      "GET /api/ai/email-templates": { body: { items: [], next_cursor: null } },
      "GET /api/leads/": { body: [], headers: { "x-total-count": "0" } },
      "POST /api/ai/console/run": {
        status: 422,
        body: {
          code: "VALIDATION_FAILED",
          detail: "Unknown variable: {{pet}}",
          errors: [{ field: "variants.0.prompt", message: "Unknown variable: {{pet}}" }],
        },
      },
    });
    renderSignedIn(<LlmConsolePage />, { path: "/ai-tools/llm-console" });
    expect(await screen.findByText(/No language model is configured/)).toBeTruthy();
    expect((screen.getByRole("switch", { name: "Ask the model too" }) as HTMLInputElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole("button", { name: "Run" }));
    expect(await screen.findByText("Unknown variable: {{pet}}")).toBeTruthy();
  });

  it("lists saved templates with their variables, deletes one and opens Compose with it", async () => {
    const t = template();
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/ai/usage": { body: usage() },
      "GET /api/ai/email-templates": { body: { items: [t], next_cursor: null } },
      "GET /api/leads/": { body: [], headers: { "x-total-count": "0" } },
      [`DELETE /api/ai/email-templates/${t.id}`]: { status: 204 },
    });
    renderSignedIn(<LlmConsolePage />, { path: "/ai-tools/llm-console" });
    expect(await screen.findByText("Subject: Hi {{first_name}}")).toBeTruthy();
    expect(screen.getByText("{{company_name}}")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Use in Compose" }).getAttribute("href")).toBe(
      "/compose?subject=Hi+%7B%7Bfirst_name%7D%7D&body=About+%7B%7Bcompany_name%7D%7D",
    );
    await userEvent.click(screen.getByRole("button", { name: "Delete Intro" }));
    await waitFor(() => expect(s.to("DELETE", `/api/ai/email-templates/${t.id}`)).toHaveLength(1));
  });

  it("turns a lead's details back into variables, longest first", () => {
    expect(templatize("Ivy Park at Hooli; Ivy", VARIABLES)).toBe("{{full_name}} at {{company_name}}; {{first_name}}");
  });
});
