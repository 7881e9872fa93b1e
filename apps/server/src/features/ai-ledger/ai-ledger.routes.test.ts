import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { isoDay } from "../../platform/utc-days.ts";
import { recordAiAction } from "./index.ts";
import { type LlmTestServer, startLlmTestServer } from "./llm.test-server.ts";

describe("/api/ai activity, usage, settings and unread", () => {
  let llm: LlmTestServer;
  let t: TestApp;
  let admin: TestUser;
  let viewer: TestUser;
  let outsider: TestUser;
  const get = (user: TestUser, url: string) => t.app.inject({ method: "GET", url, headers: user.headers });

  beforeAll(async () => {
    llm = await startLlmTestServer(() => ({
      content: '{"subject":"S","body":"B"}',
      usage: { prompt_tokens: 500_000, completion_tokens: 100_000 },
    }));
    t = await createTestApp({
      LLM_BASE_URL: llm.url,
      LLM_MODEL: "route-model",
      LLM_PRICE_INPUT_PER_MTOK: "1",
      LLM_PRICE_OUTPUT_PER_MTOK: "4",
      LLM_MONTHLY_CAP_USD: "10",
    });
    admin = await createUser(t.app.ctx.db, { name: "Ada Admin" });
    viewer = await addMember(t.app.ctx.db, admin, "viewer");
    outsider = await createUser(t.app.ctx.db, { name: "Other Org" });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await llm.close();
  });

  it("lists the workspace's actions newest first in keyset pages, with filters, and shows one in full", async () => {
    const ws = admin.workspaceId;
    const leadId = "0190aaaa-0000-7000-8000-000000000001";
    // Five built-in actions and one model call (the console), by two people.
    for (let i = 0; i < 4; i++) {
      await recordAiAction(
        t.app.ctx,
        { workspaceId: ws, userId: viewer.id, kind: "lead_score" },
        { model: `lead_score v${i}`, input: { i }, output: { score: i } },
      );
    }
    await recordAiAction(
      t.app.ctx,
      { workspaceId: ws, userId: null, kind: "reply_classification", subject: { type: "lead", id: leadId } },
      { model: "reply-intent rules v1", input: {}, output: {}, outcome: "error", error: "Empty reply text" },
    );
    const run = await t.app.inject({
      method: "POST",
      url: "/api/ai/console/run",
      headers: admin.headers,
      payload: { variants: [{ prompt: "Hi" }] },
    });
    expect(run.statusCode, run.body).toBe(200);
    await recordAiAction(
      t.app.ctx,
      { workspaceId: outsider.workspaceId, userId: outsider.id, kind: "lead_score" },
      { model: "x", input: {}, output: {} },
    );

    const first = (await get(admin, "/api/ai/activity?limit=4")).json();
    expect(first.items.map((r: { kind: string }) => r.kind)).toEqual(["llm_console", "llm_console", "reply_classification", "lead_score"]);
    expect(first.items[0]).toMatchObject({
      engine: "llm",
      model: "route-model",
      user: { name: "Ada Admin" },
      cost_usd: 0.9,
      tokens_in: 500_000,
    });
    expect(first.items[1]).toMatchObject({ engine: "builtin", model: "templates v1", cost_usd: 0 });
    expect(first.items[2]).toMatchObject({ user: null, subject: { type: "lead", id: leadId }, outcome: "error" });
    const second = (await get(admin, `/api/ai/activity?limit=4&cursor=${first.next_cursor}`)).json();
    expect(second.items.map((r: { model: string }) => r.model)).toEqual(["lead_score v2", "lead_score v1", "lead_score v0"]);
    expect(second.next_cursor).toBeNull();

    const ids = async (q: string) => (await get(admin, `/api/ai/activity?${q}`)).json().items.map((r: { model: string }) => r.model);
    expect(await ids("engine=llm")).toEqual(["route-model"]);
    expect(await ids("outcome=error")).toEqual(["reply-intent rules v1"]);
    expect(await ids(`user_id=${admin.id}`)).toEqual(["route-model", "templates v1"]);
    expect(await ids(`subject_type=lead&subject_id=${leadId}`)).toEqual(["reply-intent rules v1"]);
    expect(await ids("kind=lead_score&q=v2")).toEqual(["lead_score v2"]);
    expect(await ids("q=empty%20reply")).toEqual(["reply-intent rules v1"]);
    expect(await ids("q=100%25")).toEqual([]);

    const bad = await get(admin, "/api/ai/activity?cursor=nonsense");
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].field).toBe("cursor");
    expect((await get(admin, "/api/ai/activity?outcome=maybe")).statusCode).toBe(422);

    const full = (await get(viewer, `/api/ai/activity/${first.items[0].id}`)).json();
    expect(full.prompt[1]).toEqual({ role: "user", content: "Hi" });
    expect(full.output).toEqual({ content: '{"subject":"S","body":"B"}' });
    expect(full.explanation.summary).toContain("Prompt variant 1");
    // Another workspace's action is not found, never forbidden.
    const theirs = (await get(outsider, "/api/ai/activity?limit=1")).json().items[0].id;
    expect((await get(admin, `/api/ai/activity/${theirs}`)).json().code).toBe("AI_ACTION_NOT_FOUND");
    expect((await get(admin, "/api/ai/activity/not-an-id")).statusCode).toBe(404);
  });

  it("sums this month's spend against the cap by kind, day and person; only admins change the cap", async () => {
    const usage = (await get(viewer, "/api/ai/usage")).json();
    const today = isoDay(new Date());
    expect(usage).toMatchObject({
      month: today.slice(0, 7),
      spent_usd: 0.9,
      capped: false,
      actions: 7,
      refused: 0,
      llm_configured: true,
      model: "route-model",
      price: { input_per_mtok: 1, output_per_mtok: 4 },
      settings: { monthly_cap_usd: 10, cap_source: "default", default_cap_usd: 10 },
    });
    expect(usage.by_day).toHaveLength(Number(today.slice(8)));
    expect(usage.by_day.at(-1)).toEqual({ day: today, actions: 7, cost_usd: 0.9 });
    expect(usage.by_kind[0]).toEqual({ kind: "llm_console", actions: 2, tokens: 600_000, cost_usd: 0.9 });
    expect(usage.by_user.map((u: { name: string; actions: number }) => [u.name, u.actions])).toEqual([
      ["Ada Admin", 2],
      [viewer.name, 4],
      ["Jobs and agents", 1],
    ]);

    const denied = await t.app.inject({ method: "PUT", url: "/api/ai/settings", headers: viewer.headers, payload: { monthly_cap_usd: 1 } });
    expect(denied.statusCode).toBe(403);
    const negative = await t.app.inject({
      method: "PUT",
      url: "/api/ai/settings",
      headers: admin.headers,
      payload: { monthly_cap_usd: -1 },
    });
    expect(negative.statusCode).toBe(422);
    expect(negative.json().errors[0].field).toBe("monthly_cap_usd");
    const put = await t.app.inject({ method: "PUT", url: "/api/ai/settings", headers: admin.headers, payload: { monthly_cap_usd: 0.5 } });
    expect(put.json()).toEqual({ monthly_cap_usd: 0.5, cap_source: "workspace", default_cap_usd: 10 });
    expect((await get(admin, "/api/ai/usage")).json()).toMatchObject({ capped: true, spent_usd: 0.9 });

    // At the cap the console's model call is refused with the month's spend, and recorded.
    const run = (
      await t.app.inject({
        method: "POST",
        url: "/api/ai/console/run",
        headers: admin.headers,
        payload: { variants: [{ prompt: "Again" }] },
      })
    ).json();
    expect(run.outputs[1]).toMatchObject({ engine: "llm", outcome: "refused" });
    expect(run.outputs[1].error).toContain("spent $0.90 of its $0.50 monthly");
    expect((await get(admin, "/api/ai/usage")).json()).toMatchObject({ refused: 1 });
    expect((await get(outsider, "/api/ai/usage")).json()).toMatchObject({ spent_usd: 0, capped: false, actions: 1 });
  });

  it("counts others' actions since each person last looked, until they mark them seen", async () => {
    const unread = async (u: TestUser) => (await get(u, "/api/ai/activity/unread-count")).json();
    // The viewer never looked: everything except their own four.
    expect((await unread(viewer)).count).toBe(5);
    const seen = await t.app.inject({ method: "POST", url: "/api/ai/activity/seen", headers: viewer.headers });
    expect(seen.json()).toMatchObject({ count: 0 });
    expect(await unread(viewer)).toEqual({ count: 0, since: seen.json().since });
    await new Promise((r) => setTimeout(r, 5));
    await recordAiAction(
      t.app.ctx,
      { workspaceId: admin.workspaceId, userId: admin.id, kind: "recommendation" },
      { model: "m", input: {}, output: {} },
    );
    await recordAiAction(
      t.app.ctx,
      { workspaceId: admin.workspaceId, userId: viewer.id, kind: "recommendation" },
      { model: "m", input: {}, output: {} },
    );
    expect((await unread(viewer)).count).toBe(1);
    expect((await unread(outsider)).count).toBe(0);
    const noAccess = await addMember(t.app.ctx.db, admin, "sales_rep");
    expect((await get(noAccess, "/api/ai/activity/unread-count")).statusCode).toBe(403);
  });
});
