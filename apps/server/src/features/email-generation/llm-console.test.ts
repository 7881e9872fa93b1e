import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { type LlmTestServer, startLlmTestServer } from "../ai-ledger/llm.test-server.ts";

describe("the LLM console and saved email templates", () => {
  let llm: LlmTestServer;
  let withLlm: TestApp;
  let owner: TestUser;
  let leadId: string;
  beforeAll(async () => {
    // The model echoes the prompt it got, so the test sees the variables filled in.
    llm = await startLlmTestServer((req) => {
      const prompt = req.body.messages?.at(-1)?.content ?? "";
      return {
        content: JSON.stringify({ subject: `Re: ${prompt.slice(0, 20)}`, body: prompt }),
        usage: { prompt_tokens: 40, completion_tokens: 60 },
      };
    });
    withLlm = await createTestApp({
      LLM_BASE_URL: llm.url,
      LLM_MODEL: "console-model",
      LLM_PRICE_INPUT_PER_MTOK: "10",
      LLM_PRICE_OUTPUT_PER_MTOK: "30",
    });
    owner = await createUser(withLlm.app.ctx.db, { name: "Cora Console" });
    const lead = await withLlm.app.inject({
      method: "POST",
      url: "/api/leads/",
      headers: owner.headers,
      payload: {
        first_name: "Ivy",
        last_name: "Park",
        email: "ivy@hooli.test",
        company_name: "Hooli",
        role: "VP Sales",
        industry: "Software",
      },
    });
    leadId = lead.json().id;
  }, 120_000);
  afterAll(async () => {
    await withLlm.close();
    await llm.close();
  });

  const run = (payload: Record<string, unknown>, user = owner) =>
    withLlm.app.inject({ method: "POST", url: "/api/ai/console/run", headers: user.headers, payload });

  it("runs up to three variants with the lead's variables against the model, beside the built-in templates", async () => {
    const res = await run({
      lead_id: leadId,
      tone: "friendly",
      variants: [
        { prompt: "Write to {{first_name}} at {{company_name}}" },
        { prompt: "Pitch {{ role }} in {{industry}} from {{sender_name}}" },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json();
    expect(out.llm_configured).toBe(true);
    expect(out.variables).toMatchObject({
      first_name: "Ivy",
      full_name: "Ivy Park",
      company_name: "Hooli",
      role: "VP Sales",
      sender_name: "Cora Console",
    });
    expect(out.outputs).toHaveLength(3);
    const [builtin, a, b] = out.outputs;
    expect(builtin).toMatchObject({ variant: null, engine: "builtin", model: "templates v1", cost_usd: 0, outcome: "ok" });
    expect(builtin.body).toMatch(/^Hi Ivy!/);
    expect(a).toMatchObject({
      variant: 0,
      engine: "llm",
      model: "console-model",
      prompt: "Write to Ivy at Hooli",
      body: "Write to Ivy at Hooli",
    });
    // 40 × $10/M + 60 × $30/M = $0.0004 + $0.0018.
    expect(a).toMatchObject({ tokens_in: 40, tokens_out: 60, cost_usd: 0.0022, outcome: "ok" });
    expect(b.prompt).toBe("Pitch VP Sales in Software from Cora Console");
    // Each output is its own ledger row about the lead.
    const row = (await withLlm.app.inject({ method: "GET", url: `/api/ai/activity/${b.action_id}`, headers: owner.headers })).json();
    expect(row).toMatchObject({ kind: "llm_console", subject: { type: "lead", id: leadId }, input: { variant: 1 } });
    const tpl = (await withLlm.app.inject({ method: "GET", url: `/api/ai/activity/${builtin.action_id}`, headers: owner.headers })).json();
    expect(tpl.explanation.source).toBe("templates v1");
  });

  it("names unknown variables and bad input in a 422, and answers without the model when asked", async () => {
    const before = llm.requests.length;
    const bad = await run({ variants: [{ prompt: "Hi {{first_name}}" }, { prompt: "{{favourite_color}} and {{pet}}" }] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual([{ field: "variants.1.prompt", message: "Unknown variables: {{favourite_color}}, {{pet}}" }]);
    expect((await run({ variants: [] })).statusCode).toBe(422);
    expect((await run({ variants: [{ prompt: "a" }, { prompt: "b" }, { prompt: "c" }, { prompt: "d" }] })).json().errors[0].field).toBe(
      "variants",
    );
    expect((await run({ lead_id: "0190aaaa-0000-7000-8000-000000000009", variants: [{ prompt: "x" }] })).statusCode).toBe(404);
    expect(llm.requests.length).toBe(before);
    const offline = (await run({ use_llm: false, variants: [{ prompt: "Hi {{first_name}}" }] })).json();
    expect(offline.outputs.map((o: { engine: string }) => o.engine)).toEqual(["builtin"]);
  });

  it("a failing model gives an error output with its ledger row, not a failed run", async () => {
    llm.script(() => ({ status: 400, body: { error: { message: "context too long" } } }));
    const out = (await run({ variants: [{ prompt: "x" }] })).json();
    expect(out.outputs[1]).toMatchObject({ engine: "llm", outcome: "error", subject: null, body: null });
    expect(out.outputs[1].error).toContain("context too long");
    const row = (
      await withLlm.app.inject({ method: "GET", url: `/api/ai/activity/${out.outputs[1].action_id}`, headers: owner.headers })
    ).json();
    expect(row.outcome).toBe("error");
  });

  it("saves, lists in pages, refuses duplicates and unknown variables, and deletes email templates", async () => {
    const save = (payload: Record<string, unknown>, user = owner) =>
      withLlm.app.inject({ method: "POST", url: "/api/ai/email-templates", headers: user.headers, payload });
    const created = await save({ name: "Intro", subject: "Hi {{first_name}}", body: "About {{company_name}}.\n\n{{sender_name}}" });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      name: "Intro",
      variables: ["first_name", "company_name", "sender_name"],
      created_by: { name: "Cora Console" },
    });
    expect((await save({ name: "Intro", subject: "x", body: "y" })).json().code).toBe("EMAIL_TEMPLATE_NAME_TAKEN");
    const unknown = await save({ name: "Bad", subject: "Hi {{nickname}}", body: "ok" });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual([{ field: "subject", message: "Unknown variable: {{nickname}}" }]);
    expect((await save({ name: " ", subject: "x", body: "y" })).json().errors[0].field).toBe("name");
    await save({ name: "Second", subject: "s", body: "b" });
    await save({ name: "Third", subject: "s", body: "b" });

    const list = async (q: string, user = owner) =>
      (await withLlm.app.inject({ method: "GET", url: `/api/ai/email-templates${q}`, headers: user.headers })).json();
    const page1 = await list("?limit=2");
    expect(page1.items.map((x: { name: string }) => x.name)).toEqual(["Third", "Second"]);
    const page2 = await list(`?limit=2&cursor=${page1.next_cursor}`);
    expect(page2).toMatchObject({ items: [{ name: "Intro" }], next_cursor: null });

    const viewer = await addMember(withLlm.app.ctx.db, owner, "viewer");
    expect((await list("", viewer)).items).toHaveLength(3);
    expect((await save({ name: "V", subject: "s", body: "b" }, viewer)).statusCode).toBe(403);
    const del = (id: string) => withLlm.app.inject({ method: "DELETE", url: `/api/ai/email-templates/${id}`, headers: owner.headers });
    expect((await del(created.json().id)).statusCode).toBe(204);
    expect((await del(created.json().id)).json().code).toBe("EMAIL_TEMPLATE_NOT_FOUND");
    expect((await list("")).items).toHaveLength(2);
    const outsider = await createUser(withLlm.app.ctx.db);
    expect((await list("", outsider)).items).toEqual([]);
  });
});
