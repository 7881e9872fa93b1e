/** AI transparency and explainability on the real database: one output's why, a lead's score as a sum, patterns against a recount, recommendations' measured effect, performance, and every 404/422. */
import { randomUUID } from "node:crypto";
import type {
  AiOutputExplanation,
  AiOutputPage,
  LeadWhy,
  ModelPerformanceResult,
  ModelsOverview,
  PatternsResult,
  RecommendationWhy,
  RecommendationWhyPage,
  ReplyWhy,
} from "@prospector/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { waitFor } from "../../../test/wait.ts";
import { aiFeedback, llmChat, recordAiAction } from "../ai-ledger/index.ts";
import { startLlmTestServer } from "../ai-ledger/llm.test-server.ts";
import { recommendationApplications, recommendationOutcomes, recommendations } from "../recommendations/index.ts";
import { seedOutcomes } from "./explain.test-helpers.ts";

let t: TestApp;
let llm: Awaited<ReturnType<typeof startLlmTestServer>>;
let owner: TestUser;
let rep: TestUser;
let stranger: TestUser;
let leadIds: string[] = [];

const get = (user: TestUser, url: string) => t.app.inject({ method: "GET", url, headers: user.headers });
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

beforeAll(async () => {
  llm = await startLlmTestServer(() => ({ content: '{"subject":"Hi Ann"}', model: "test-model-1" }));
  t = await createTestApp({ LLM_BASE_URL: llm.url });
  owner = await createUser(t.app.ctx.db);
  rep = await addMember(t.app.ctx.db, owner, "sales_rep");
  stranger = await createUser(t.app.ctx.db);
  leadIds = await seedOutcomes(t, owner, 300, 11);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await llm?.close();
});

describe("one output's why", () => {
  it("shows a built-in action's explanation and an LLM call's prompt, model, parameters and output, and finds them in the picker", async () => {
    const reply = randomUUID();
    const builtin = await recordAiAction(
      t.app.ctx,
      { workspaceId: owner.workspaceId, userId: owner.id, kind: "reply_classification", subject: { type: "reply", id: reply } },
      {
        model: "reply-intent rules v1",
        input: { text: "Sounds great, let us talk next week" },
        output: { intent: "interested" },
        explanation: {
          summary: "Classified interested: “talk” and “great” outweigh the rest",
          unit: "log_odds",
          contributions: [
            { feature: "talk", label: "word “talk”", weight: 1.2 },
            { feature: "great", label: "word “great”", weight: 0.7 },
            { feature: "unsubscribe", label: "word “unsubscribe”", weight: -0.1 },
          ],
          rules: [{ id: "meeting_phrase", description: "Asks to talk", matched: "let us talk" }],
        },
      },
    );
    const chat = await llmChat(
      t.app.ctx,
      { workspaceId: owner.workspaceId, userId: owner.id, kind: "email_generation", subject: { type: "lead", id: leadIds[0]! } },
      [
        { role: "system", content: "Write a subject line" },
        { role: "user", content: "Lead: Ann" },
      ],
      { temperature: 0.3, input: { parameters: { temperature: 0.3, max_tokens: 50 }, lead: "Ann" } },
    );
    await t.app.ctx.db.insert(aiFeedback).values({ workspaceId: owner.workspaceId, actionId: chat.actionId, userId: owner.id, rating: 1 });

    const a = (await get(owner, `/api/ai/explain/actions/${chat.actionId}`)).json() as AiOutputExplanation;
    expect(a).toMatchObject({
      engine: "llm",
      model: "test-model-1",
      parameters: { temperature: 0.3, max_tokens: 50 },
      feedback: { up: 1, down: 0 },
    });
    expect(a.prompt).toEqual([
      { role: "system", content: "Write a subject line" },
      { role: "user", content: "Lead: Ann" },
    ]);
    expect(a.output).toEqual({ content: '{"subject":"Hi Ann"}' });

    const r = (await get(owner, `/api/ai/explain/replies/${reply}`)).json() as ReplyWhy;
    expect(r).toMatchObject({ action_id: builtin, label: "interested", engine: "builtin" });
    expect(r.explanation?.rules?.[0]?.matched).toBe("let us talk");

    const found = (await get(owner, "/api/ai/explain/outputs?q=outweigh")).json() as AiOutputPage;
    expect(found.items.map((i) => i.id)).toEqual([builtin]);
    const p1 = (await get(owner, "/api/ai/explain/outputs?limit=1")).json() as AiOutputPage;
    expect(p1.items[0]!.id).toBe(chat.actionId);
    const p2 = (await get(owner, `/api/ai/explain/outputs?limit=1&cursor=${p1.next_cursor}`)).json() as AiOutputPage;
    expect(p2.items[0]!.id).toBe(builtin);
    expect(p2.next_cursor).toBeNull();
    // Another workspace sees neither.
    expect((await get(stranger, `/api/ai/explain/actions/${chat.actionId}`)).json()).toMatchObject({ code: "AI_EXPLAIN_ACTION_NOT_FOUND" });
    expect(((await get(stranger, "/api/ai/explain/outputs")).json() as AiOutputPage).items).toEqual([]);
  });

  it("answers 404 and 422 with codes and fields", async () => {
    const none = randomUUID();
    expect((await get(owner, `/api/ai/explain/actions/${none}`)).statusCode).toBe(404);
    expect((await get(owner, `/api/ai/explain/replies/${none}`)).json()).toMatchObject({ code: "AI_EXPLAIN_REPLY_NOT_CLASSIFIED" });
    expect((await get(owner, `/api/ai/explain/leads/${none}`)).json()).toMatchObject({ code: "AI_EXPLAIN_LEAD_NOT_FOUND" });
    expect((await get(owner, `/api/ai/explain/leads/${leadIds[0]}`)).json()).toMatchObject({ code: "AI_EXPLAIN_LEAD_NOT_SCORED" });
    expect((await get(owner, `/api/ai/explain/recommendations/${none}`)).statusCode).toBe(404);
    for (const [url, field] of [
      ["/api/ai/explain/actions/nope", "id"],
      ["/api/ai/explain/outputs?cursor=garbage", "cursor"],
      ["/api/ai/explain/outputs?kind=poem", "kind"],
      ["/api/ai/explain/patterns?outcome=click", "outcome"],
      ["/api/ai/explain/patterns?min_n=1", "min_n"],
      ["/api/ai/explain/performance?weeks=500", "weeks"],
      ["/api/ai/explain/recommendations?filter=some", "filter"],
    ] as const) {
      const res = await get(owner, url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors[0].field, url).toBe(field);
    }
    expect((await get(rep, "/api/ai/explain/models")).statusCode).toBe(403);
  });
});

describe("a lead's score", () => {
  it("is the model's baseline plus its contributions, in log-odds", async () => {
    const train = await t.app.inject({ method: "POST", url: "/api/lead-scoring/train", headers: owner.headers, payload: {} });
    expect(train.statusCode).toBe(202);
    await waitFor(
      async () => {
        const j = (await get(owner, `/api/lead-scoring/train-jobs/${train.json().id}`)).json();
        if (j.status === "failed") throw new Error(j.error);
        return j.status === "done";
      },
      { what: "the training", timeoutMs: 90_000 },
    );
    let checked = 0;
    for (const id of leadIds.slice(0, 40)) {
      const why = (await get(owner, `/api/ai/explain/leads/${id}`)).json() as LeadWhy;
      const sum = why.baseline + why.contributions.reduce((s, c) => s + c.weight, 0);
      // Contributions are stored to 4 places each.
      expect(Math.abs(sum - why.logit)).toBeLessThan(1e-3 * (why.contributions.length + 1));
      checked++;
    }
    expect(checked).toBe(40);
    const models = (await get(owner, "/api/ai/explain/models")).json() as ModelsOverview;
    expect(models.lead_score?.weights.length).toBeGreaterThan(3);
    // Sorted by the size of the standardized weight; a 0/1 column's is its weight × √(p(1−p)).
    const w = models.lead_score!.weights;
    for (let i = 1; i < w.length; i++) expect(Math.abs(w[i - 1]!.standardized)).toBeGreaterThanOrEqual(Math.abs(w[i]!.standardized));
    const founder = w.find((x) => x.feature === "title:founder");
    if (founder) {
      const p = founder.support / models.lead_score!.n;
      expect(founder.standardized).toBeCloseTo(founder.weight * Math.sqrt(p * (1 - p)), 3);
    }
    expect(models.reply_classifier.classes[0]).toMatchObject({ label: "interested", decisions: 1 });
    expect(models.reply_classifier.classes[0]!.words.map((x) => x.word)).toEqual(["talk", "great"]);
  }, 120_000);
});

describe("patterns", () => {
  it("rates equal a direct recount, with lift and Wilson intervals, sorted by evidence", async () => {
    const res = (await get(owner, "/api/ai/explain/patterns?outcome=reply&days=90&min_n=5")).json() as PatternsResult;
    const ws = owner.workspaceId;
    const byIndustry = rowsOf<{ v: string; n: number; s: number }>(
      await t.app.ctx.db.execute(sql`
        select coalesce(nullif(trim(l.industry), ''), 'unknown') as v, count(*)::int as n,
          count(*) filter (where exists (select 1 from campaign_events e where e.lead_id = l.id and e.type = 'reply' and not e.is_bot))::int as s
        from leads l where l.workspace_id = ${ws} and exists (select 1 from campaign_messages m where m.lead_id = l.id and m.status = 'sent')
        group by 1`),
    );
    const byStep = rowsOf<{ v: number; n: number; s: number }>(
      await t.app.ctx.db.execute(sql`
        select m.step as v, count(*)::int as n,
          count(*) filter (where exists (select 1 from campaign_events e where e.lead_id = m.lead_id and e.campaign_id = m.campaign_id
            and e.type = 'reply' and not e.is_bot and e.occurred_at >= m.sent_at
            and e.occurred_at < coalesce((select min(m2.sent_at) from campaign_messages m2 where m2.lead_id = m.lead_id
              and m2.campaign_id = m.campaign_id and m2.sent_at > m.sent_at), 'infinity')))::int as s
        from campaign_messages m where m.workspace_id = ${ws} and m.status = 'sent' group by 1`),
    );
    expect(byIndustry.length).toBe(4);
    for (const r of byIndustry) {
      const cell = res.cells.find((c) => c.dimension === "industry" && c.value === r.v)!;
      expect(cell, r.v).toBeDefined();
      expect([cell.n, cell.successes]).toEqual([r.n, r.s]);
      expect(cell.estimate.rate).toBeCloseTo(r.s / r.n, 4);
      expect(cell.lift).toBeCloseTo(r.s / r.n / (res.leads.successes / res.leads.n), 2);
    }
    for (const r of byStep) {
      const cell = res.cells.find((c) => c.dimension === "step" && c.value === `step ${r.v + 1}`)!;
      expect([cell.n, cell.successes]).toEqual([r.n, r.s]);
    }
    expect(res.leads.n).toBe(300);
    expect(res.messages.n).toBe(byStep.reduce((s, r) => s + r.n, 0));
    for (let i = 1; i < res.cells.length; i++) expect(res.cells[i - 1]!.evidence).toBeGreaterThanOrEqual(res.cells[i]!.evidence);
    for (const c of res.cells) {
      expect(c.n).toBeGreaterThanOrEqual(5);
      expect(c.estimate.low!).toBeLessThanOrEqual(c.estimate.rate!);
    }
    // A larger minimum hides cells instead of showing them.
    const strict = (await get(owner, "/api/ai/explain/patterns?outcome=reply&days=90&min_n=200")).json() as PatternsResult;
    expect(strict.cells.every((c) => c.n >= 200)).toBe(true);
    expect(strict.hidden).toBeGreaterThan(res.hidden);
    const empty = (await get(stranger, "/api/ai/explain/patterns")).json() as PatternsResult;
    expect(empty).toMatchObject({ cells: [], leads: { n: 0 }, messages: { n: 0 } });
  });
});

describe("recommendations and performance", () => {
  it("lists each recommendation with its evidence, application and measured before/after effect", async () => {
    const db = t.app.ctx.db;
    const ws = owner.workspaceId;
    const target = { type: "campaign" as const, campaign_id: randomUUID(), campaign_name: "Spring", step: null };
    const sample = (sends: number, replies: number) => ({
      sends,
      replies,
      estimate: { rate: replies / sends, low: 0, high: 1 },
      from: "2026-01-01T00:00:00.000Z",
      to: "2026-02-01T00:00:00.000Z",
    });
    const ids = [randomUUID(), randomUUID()];
    for (const [i, id] of ids.entries())
      await db.insert(recommendations).values({
        id,
        workspaceId: ws,
        kind: i ? "send_window" : "segment_stop",
        key: `k${i}`,
        status: i ? "open" : "applied",
        title: `Recommendation ${i}`,
        rationale: "Because the evidence says so",
        target,
        figures: [{ label: "Retail", sends: 50, replies: 0, estimate: { rate: 0, low: 0, high: 0.07 } }],
        test: null,
        source: "rules v1",
        expected: { replies_per_month: 3, low: 1, high: 5, basis: "50 sends a month" },
        action: { kind: "segment_stop", campaignId: target.campaign_id, dimension: "industry", value: "retail" },
        permission: "campaigns:update",
        actionText: "Stop",
        generatedAt: new Date(Date.now() - (i + 1) * 86_400_000),
        expiresAt: new Date(Date.now() + 86_400_000),
      });
    const [app] = await db
      .insert(recommendationApplications)
      .values({
        workspaceId: ws,
        recommendationId: ids[0]!,
        kind: "segment_stop",
        title: "Recommendation 0",
        target,
        appliedAt: new Date(),
        baseline: sample(100, 5),
        minSends: 100,
        evaluateAfter: new Date(),
      })
      .returning();
    await db.insert(recommendationOutcomes).values({
      workspaceId: ws,
      applicationId: app!.id,
      verdict: "helped",
      after: sample(100, 9),
      test: { name: "two-proportion z-test", z: 2.1, p_value: 0.03 },
      note: "Replies rose",
      evaluatedAt: new Date(),
    });
    const page = (await get(owner, "/api/ai/explain/recommendations?limit=1")).json() as RecommendationWhyPage;
    expect(page.items[0]).toMatchObject({ id: ids[0], status: "applied", applications: [{ verdict: "helped", measured_change: 0.04 }] });
    expect(page.verdicts).toEqual({ helped: 1, hurt: 0, no_measurable_change: 0, pending: 0 });
    const next = (await get(owner, `/api/ai/explain/recommendations?limit=1&cursor=${page.next_cursor}`)).json() as RecommendationWhyPage;
    expect(next.items.map((r) => r.id)).toEqual([ids[1]]);
    const applied = (await get(owner, "/api/ai/explain/recommendations?filter=applied")).json() as RecommendationWhyPage;
    expect(applied.items.map((r) => r.id)).toEqual([ids[0]]);
    const one = (await get(owner, `/api/ai/explain/recommendations/${ids[1]}`)).json() as RecommendationWhy;
    expect(one).toMatchObject({ kind: "send_window", applications: [], expected: { replies_per_month: 3 } });
    const models = (await get(owner, "/api/ai/explain/models")).json() as ModelsOverview;
    expect(models.recommendation_rules.find((r) => r.kind === "segment_stop")).toMatchObject({ generated: 1, applied: 1, helped: 1 });
    expect((await get(stranger, `/api/ai/explain/recommendations/${ids[0]}`)).statusCode).toBe(404);
  });

  it("measures each model weekly with its n", async () => {
    const res = (await get(owner, "/api/ai/explain/performance?weeks=12")).json() as ModelPerformanceResult;
    expect(res.series.map((s) => s.model)).toEqual(["Lead score", "Reply classifier", "Language model"]);
    for (const s of res.series) expect(s.weeks).toHaveLength(12);
    // Leads were scored after their contact, so none counts towards realized AUC.
    expect(res.series[0]).toMatchObject({ n: 0, value: null });
    expect(res.series[2]).toMatchObject({ n: 1, value: 1 });
    expect(res.series[2]!.weeks.reduce((s, w) => s + w.n, 0)).toBe(1);

    // Scored before their first contact: every contacted lead counts, and the AUC is the direct one.
    await t.app.ctx.db.execute(
      sql`update lead_predictions set scored_at = now() - interval '80 days' where workspace_id = ${owner.workspaceId}`,
    );
    const after = (await get(owner, "/api/ai/explain/performance?weeks=12")).json() as ModelPerformanceResult;
    const direct = rowsOf<{ p: number; y: boolean }>(
      await t.app.ctx.db.execute(sql`
        select p.probability as p, exists (select 1 from campaign_events e where e.lead_id = p.lead_id and e.type = 'reply' and not e.is_bot) as y
        from lead_predictions p where p.workspace_id = ${owner.workspaceId}`),
    );
    let wins = 0;
    const pos = direct.filter((d) => d.y);
    const neg = direct.filter((d) => !d.y);
    for (const a of pos) for (const b of neg) wins += a.p > b.p ? 1 : a.p === b.p ? 0.5 : 0;
    expect(after.series[0]!.n).toBe(300);
    expect(after.series[0]!.value).toBeCloseTo(wins / (pos.length * neg.length), 4);
    expect(after.series[0]!.value!).toBeGreaterThan(0.6);
    expect(after.series[0]!.weeks.reduce((s, w) => s + w.n, 0)).toBe(300);
  });
});
