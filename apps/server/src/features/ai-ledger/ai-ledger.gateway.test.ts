import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import { AppError } from "../../platform/errors.ts";
import { retryDelayMs } from "./ai-ledger.gateway.ts";
import { capState, failedActionId, LlmError, llmChat } from "./index.ts";
import { parseRetryAfter } from "./llm.client.ts";
import { type LlmTestServer, startLlmTestServer } from "./llm.test-server.ts";

describe("the AI gateway", () => {
  let llm: LlmTestServer;
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    llm = await startLlmTestServer();
    t = await createTestApp({
      LLM_BASE_URL: llm.url,
      LLM_API_KEY: "sk-test",
      LLM_MODEL: "gw-model",
      LLM_TIMEOUT_SECONDS: "5",
      LLM_RETRIES: "2",
      // $2 per million prompt tokens, $8 per million completion tokens.
      LLM_PRICE_INPUT_PER_MTOK: "2",
      LLM_PRICE_OUTPUT_PER_MTOK: "8",
      LLM_MONTHLY_CAP_USD: "5",
    });
    owner = await createUser(t.app.ctx.db, { name: "Gia Gateway" });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await llm.close();
  });

  const caller = () => ({ workspaceId: owner.workspaceId, userId: owner.id, kind: "llm_console" as const });
  const detail = async (id: string) =>
    (await t.app.inject({ method: "GET", url: `/api/ai/activity/${id}`, headers: owner.headers })).json();

  it("counts the provider's usage and prices it", async () => {
    llm.script(() => ({ content: "Hello", usage: { prompt_tokens: 1200, completion_tokens: 300 } }));
    const r = await llmChat(t.app.ctx, caller(), [{ role: "user", content: "Say hello" }], { input: { lead: "x" } });
    expect(r).toMatchObject({ content: "Hello", model: "gw-model", tokensIn: 1200, tokensOut: 300, tokensEstimated: false, attempts: 1 });
    // 1200 × $2/M + 300 × $8/M = $0.0024 + $0.0024 = 4800 micro-dollars.
    expect(r.costMicros).toBe(4800);
    const row = await detail(r.actionId);
    expect(row).toMatchObject({
      kind: "llm_console",
      engine: "llm",
      tokens_in: 1200,
      tokens_out: 300,
      cost_usd: 0.0048,
      outcome: "ok",
      attempts: 1,
    });
    expect(row.prompt).toEqual([{ role: "user", content: "Say hello" }]);
    expect(row.output).toEqual({ content: "Hello" });
    expect(row.input).toEqual({ lead: "x" });
    expect(row.user).toEqual({ id: owner.id, name: "Gia Gateway" });
  });

  it("estimates tokens at about 4 characters each when the provider sends no usage, and says so", async () => {
    llm.script(() => ({ content: "12345678", usage: null }));
    const r = await llmChat(t.app.ctx, caller(), [{ role: "user", content: "a".repeat(40) }]);
    expect(r).toMatchObject({ tokensIn: 10, tokensOut: 2, tokensEstimated: true, costMicros: 10 * 2 + 2 * 8 });
    expect((await detail(r.actionId)).tokens_estimated).toBe(true);
  });

  it("retries a rate limit and an outage, honouring Retry-After, then succeeds", async () => {
    let k = 0;
    llm.script(() => {
      k += 1;
      if (k === 1) return { status: 429, body: { error: { message: "slow down" } }, headers: { "retry-after": "1" } };
      if (k === 2) return { status: 503, body: { error: { message: "overloaded" } } };
      return "Finally";
    });
    const start = llm.requests.length;
    const started = Date.now();
    const r = await llmChat(t.app.ctx, caller(), [{ role: "user", content: "Try" }]);
    expect(llm.requests.length - start).toBe(3);
    expect(r).toMatchObject({ content: "Finally", attempts: 3 });
    // Retry-After: 1 held the first retry back a full second.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect((await detail(r.actionId)).attempts).toBe(3);
  });

  it("does not retry a refused key (401) and records the error", async () => {
    llm.script(() => ({ status: 401, body: { error: { message: "Incorrect API key" } } }));
    const start = llm.requests.length;
    const err = await llmChat(t.app.ctx, caller(), [{ role: "user", content: "hi" }]).catch((e) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect(err.kind).toBe("auth");
    expect(llm.requests.length - start).toBe(1);
    const row = await detail(failedActionId(err)!);
    expect(row).toMatchObject({ outcome: "error", attempts: 1, cost_usd: 0 });
    expect(row.error).toMatch(/refused the API key/);
  });

  it("times out each attempt and gives up after the retries", async () => {
    // biome-ignore lint/suspicious/noThenProperty: the test server's delayed answer (a string, never awaited as a promise)
    llm.script(() => ({ delayMs: 1500, then: "too late" }));
    const start = llm.requests.length;
    const err = await llmChat(t.app.ctx, caller(), [{ role: "user", content: "hi" }], { retries: 1, timeoutMs: 1000 }).catch((e) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect(err.kind).toBe("timeout");
    expect(llm.requests.length - start).toBe(2);
    const row = await detail(failedActionId(err)!);
    expect(row).toMatchObject({ outcome: "error", attempts: 2 });
    expect(row.error).toMatch(/did not answer within 1 s/);
  }, 15_000);

  it("refuses at the monthly cap without calling the model, and records the refusal", async () => {
    const other = await createUser(t.app.ctx.db, { name: "Capped" });
    // A $0.01 cap: one call of 1000 + 1000 tokens costs $0.01.
    const put = await t.app.inject({ method: "PUT", url: "/api/ai/settings", headers: other.headers, payload: { monthly_cap_usd: 0.01 } });
    expect(put.json()).toEqual({ monthly_cap_usd: 0.01, cap_source: "workspace", default_cap_usd: 5 });
    llm.script(() => ({ content: "ok", usage: { prompt_tokens: 1000, completion_tokens: 1000 } }));
    const c = { workspaceId: other.workspaceId, userId: other.id, kind: "agent_step" as const };
    await llmChat(t.app.ctx, c, [{ role: "user", content: "one" }]);
    expect(await capState(t.app.ctx, other.workspaceId)).toMatchObject({ spentMicros: 10_000, capMicros: 10_000, capped: true });
    const start = llm.requests.length;
    const err = await llmChat(t.app.ctx, c, [{ role: "user", content: "two" }]).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err.code).toBe("AI_MONTHLY_CAP_REACHED");
    expect(err.status).toBe(402);
    expect(err.message).toContain("spent $0.01 of its $0.01 monthly");
    expect(llm.requests.length).toBe(start);
    const row = (await t.app.inject({ method: "GET", url: `/api/ai/activity/${failedActionId(err)}`, headers: other.headers })).json();
    expect(row).toMatchObject({ outcome: "refused", attempts: 0, kind: "agent_step" });
    // Back to the default ($5): calls go through again.
    await t.app.inject({ method: "PUT", url: "/api/ai/settings", headers: other.headers, payload: { monthly_cap_usd: null } });
    await expect(llmChat(t.app.ctx, c, [{ role: "user", content: "three" }])).resolves.toMatchObject({ content: "ok" });
  });

  it("backs off exponentially with jitter and reads Retry-After in both forms", () => {
    expect(retryDelayMs(1, undefined, () => 0)).toBe(200);
    expect(retryDelayMs(1, undefined, () => 1)).toBe(400);
    expect(retryDelayMs(3, undefined, () => 1)).toBe(1600);
    expect(retryDelayMs(1, 5000, () => 1)).toBe(5000);
    expect(parseRetryAfter("7")).toBe(7000);
    expect(parseRetryAfter(new Date(Date.now() + 3000).toUTCString(), Date.now())).toBeGreaterThan(1000);
    expect(parseRetryAfter("soon")).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });
});
