import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { createLlmClient, LlmError } from "../ai-ledger/index.ts";
import { parseModelEmail } from "./email-generation.service.ts";
import { writeTemplateEmail } from "./email-templates.ts";

/** A local server speaking the chat-completions API; `mode` decides how it answers. */
async function fakeChatApi() {
  const requests: { path: string; auth: string | undefined; body: Record<string, unknown> }[] = [];
  let mode: "ok" | "subject-line" | "401" | "500" | "slow" | "garbage" = "ok";
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      requests.push({ path: req.url ?? "", auth: req.headers.authorization, body: JSON.parse(raw || "{}") });
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== "Bearer sk-good" || mode === "401") {
        return json(401, { error: { message: "Incorrect API key provided", type: "invalid_request_error" } });
      }
      if (mode === "500") return json(500, { error: { message: "The server had an error while processing your request" } });
      if (mode === "slow") return void setTimeout(() => json(200, {}), 3000);
      if (mode === "garbage") return json(200, { choices: [] });
      const content =
        mode === "subject-line"
          ? "Subject: Faster onboarding at Globex\n\nHi Ana,\n\nShort note.\n\nBest,\nSam"
          : '```json\n{"subject": "Ana, a faster onboarding idea", "body": "Hi Ana,\\n\\nGlobex is hiring fast.\\n\\nBest,\\nSam"}\n```';
      json(200, {
        id: "chatcmpl-1",
        object: "chat.completion",
        model: "local-model-2",
        choices: [{ index: 0, message: { role: "assistant", content } }],
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return {
    url,
    requests,
    set: (m: typeof mode) => {
      mode = m;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe("email generation", () => {
  let api: Awaited<ReturnType<typeof fakeChatApi>>;
  let withLlm: TestApp;
  let withoutLlm: TestApp;
  let owner: TestUser;
  let plain: TestUser;
  beforeAll(async () => {
    api = await fakeChatApi();
    withLlm = await createTestApp({
      LLM_BASE_URL: api.url,
      LLM_API_KEY: "sk-good",
      LLM_MODEL: "local-model",
      LLM_TIMEOUT_SECONDS: "1",
      LLM_RETRIES: "0",
    });
    withoutLlm = await createTestApp();
    owner = await createUser(withLlm.app.ctx.db, { name: "Sam Seller" });
    plain = await createUser(withoutLlm.app.ctx.db, { name: "Sam Seller" });
    // Two apps (with and without a model) take a while to migrate on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await withLlm.close();
    await withoutLlm.close();
    await api.close();
  });

  const generate = (t: TestApp, user: TestUser, body: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: "/api/campaigns/generate-email", headers: user.headers, payload: body });

  it("without a language model writes from templates, personalized, professional by default, with a placeholder address", async () => {
    const res = await generate(withoutLlm, plain, { name: "Ana Lima", company: "Globex", position: "Head of Sales" });
    expect(res.statusCode, res.body).toBe(200);
    const email = res.json();
    expect(email).toMatchObject({ source: "template", tone: "professional", email: "recipient@example.com" });
    expect(email.model).toBeUndefined();
    expect(email.body).toMatch(/^Hi Ana,/);
    expect(`${email.subject} ${email.body}`).toContain("Globex");
    expect(email.body).toMatch(/Best regards,\nSam Seller$/);
    // Same request, same email; another tone reads differently.
    expect((await generate(withoutLlm, plain, { name: "Ana Lima", company: "Globex", position: "Head of Sales" })).json()).toEqual(email);
    const formal = (await generate(withoutLlm, plain, { name: "Ana Lima", company: "Globex", tone: "formal" })).json();
    expect(formal.body).toMatch(/^Dear Ana Lima,/);
    expect(formal.body).toMatch(/Yours sincerely,/);
  });

  it("fills the gaps from a lead: name, address, company, pain point and insight", async () => {
    const lead = (
      await withoutLlm.app.inject({
        method: "POST",
        url: "/api/leads/",
        headers: plain.headers,
        payload: {
          first_name: "Bo",
          last_name: "Chen",
          email: "bo@initech.test",
          company_name: "Initech",
          role: "CTO",
          notes: "Manual reporting",
          company_insight: "Initech just opened an office in Lisbon",
        },
      })
    ).json();
    const res = await generate(withoutLlm, plain, { lead_id: lead.id, tone: "friendly" });
    expect(res.json()).toMatchObject({ email: "bo@initech.test", source: "template", tone: "friendly" });
    expect(res.json().body).toMatch(/^Hi Bo!/);
    expect(res.json().body).toContain("Initech just opened an office in Lisbon");
    expect(res.json().body.toLowerCase()).toContain("manual reporting");
  });

  it("every tone writes a complete email", () => {
    for (const tone of ["professional", "friendly", "casual", "formal", "persuasive", "enthusiastic", "concise"] as const) {
      const e = writeTemplateEmail({ name: "Ana Lima", email: "ana@globex.test", company: "Globex", position: "VP Sales" }, tone);
      expect(e.subject.length, tone).toBeGreaterThan(5);
      expect(e.body, tone).toContain("Ana");
      expect(e.body, tone).not.toMatch(/undefined|null|\[|\{/);
    }
  });

  it("refuses bad input and asks for the model only when one is configured", async () => {
    const bad = await generate(withoutLlm, plain, { email: "not-an-email", tone: "angry" });
    expect(bad.statusCode).toBe(422);
    const noModel = await generate(withoutLlm, plain, { name: "Ana", engine: "llm" });
    expect(noModel.statusCode).toBe(400);
    expect(noModel.json().code).toBe("LLM_NOT_CONFIGURED");
    const support = await addMember(withoutLlm.app.ctx.db, plain, "support");
    expect((await generate(withoutLlm, support, { name: "Ana" })).statusCode).toBe(403);
  });

  it("with a language model sends the documented chat-completions request and returns its email", async () => {
    api.set("ok");
    const res = await generate(withLlm, owner, {
      name: "Ana Lima",
      company: "Globex",
      position: "Head of People",
      tone: "casual",
      goal: "faster onboarding",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      subject: "Ana, a faster onboarding idea",
      body: "Hi Ana,\n\nGlobex is hiring fast.\n\nBest,\nSam",
      source: "llm",
      model: "local-model-2",
      tone: "casual",
      email: "recipient@example.com",
    });
    const req = api.requests.at(-1)!;
    expect(req.path).toBe("/v1/chat/completions");
    expect(req.auth).toBe("Bearer sk-good");
    expect(req.body).toMatchObject({ model: "local-model", messages: [{ role: "system" }, { role: "user" }] });
    const prompt = (req.body.messages as { content: string }[])[1]!.content;
    expect(prompt).toContain("Tone: casual.");
    expect(prompt).toContain("Ana Lima, Head of People at Globex");
    expect(prompt).toContain("Purpose of the email: faster onboarding");
    expect(prompt).toContain("Sender: Sam Seller.");
    // The template engine stays available on request.
    expect((await generate(withLlm, owner, { name: "Ana", engine: "template" })).json().source).toBe("template");
  });

  it("records every email in the AI ledger: the template's facts and rules, the model's prompt, tokens and lead", async () => {
    const activity = async (t: TestApp, user: TestUser) =>
      (await t.app.inject({ method: "GET", url: "/api/ai/activity?kind=email_generation&limit=1", headers: user.headers })).json().items[0];
    await generate(withoutLlm, plain, { name: "Ana Lima", company: "Globex", tone: "friendly" });
    const row = await activity(withoutLlm, plain);
    expect(row).toMatchObject({ engine: "builtin", model: "templates v1", outcome: "ok", cost_usd: 0, user: { name: "Sam Seller" } });
    const full = (await withoutLlm.app.inject({ method: "GET", url: `/api/ai/activity/${row.id}`, headers: plain.headers })).json();
    expect(full.explanation.summary).toContain("friendly template with name, company");
    expect(full.explanation.rules.map((r: { id: string }) => r.id)).toEqual(["tone:friendly", "fact:name", "fact:company"]);
    expect(full.output.body).toMatch(/^Hi Ana!/);

    api.set("ok");
    const lead = (
      await withLlm.app.inject({
        method: "POST",
        url: "/api/leads/",
        headers: owner.headers,
        payload: { first_name: "Lee", company_name: "Umbrella" },
      })
    ).json();
    await generate(withLlm, owner, { lead_id: lead.id });
    const llmRow = await activity(withLlm, owner);
    expect(llmRow).toMatchObject({ engine: "llm", model: "local-model-2", subject: { type: "lead", id: lead.id }, tokens_estimated: true });
    expect(llmRow.tokens_in).toBeGreaterThan(10);
    const llmFull = (await withLlm.app.inject({ method: "GET", url: `/api/ai/activity/${llmRow.id}`, headers: owner.headers })).json();
    expect(llmFull.prompt[1].content).toContain("Recipient: Lee at Umbrella.");
  });

  it("accepts a 'Subject:' answer as well as JSON", async () => {
    api.set("subject-line");
    const res = await generate(withLlm, owner, { name: "Ana" });
    expect(res.json()).toMatchObject({ subject: "Faster onboarding at Globex", body: "Hi Ana,\n\nShort note.\n\nBest,\nSam" });
    expect(parseModelEmail("no structure here")).toBeNull();
  });

  it("turns provider failures into a clear 502: bad key, server error, timeout, empty answer", async () => {
    const host = new URL(api.url).host;
    api.set("401");
    const auth = await generate(withLlm, owner, { name: "Ana" });
    expect(auth.statusCode).toBe(502);
    expect(auth.json()).toEqual({
      code: "EMAIL_GENERATION_FAILED",
      detail: `The language model at ${host} refused the API key (HTTP 401: Incorrect API key provided). Check LLM_API_KEY.`,
    });
    api.set("500");
    const down = await generate(withLlm, owner, { name: "Ana" });
    expect(down.json().detail).toBe(
      `The language model at ${host} failed (HTTP 500: The server had an error while processing your request)`,
    );
    api.set("slow");
    const slow = await generate(withLlm, owner, { name: "Ana" });
    expect(slow.statusCode).toBe(502);
    expect(slow.json().detail).toBe(`The language model at ${host} did not answer within 1 s`);
    api.set("garbage");
    expect((await generate(withLlm, owner, { name: "Ana" })).json().detail).toBe(`The language model at ${host} returned no message`);
  });

  it("says when the model cannot be reached at all", async () => {
    const client = createLlmClient({ baseUrl: "http://127.0.0.1:9/v1", model: "m", timeoutMs: 2000 });
    await expect(client.chat([{ role: "user", content: "hi" }])).rejects.toSatisfy(
      (e: unknown) => e instanceof LlmError && e.kind === "unavailable" && /could not be reached/.test(e.message),
    );
  });
});
