import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { ago, monthStart, type Stages, seedDeal, seedPath, seedStages, ymd } from "./pipeline.fixtures.ts";

describe("pipeline API", () => {
  let t: TestApp;
  let owner: TestUser;
  let rep: TestUser;
  let viewer: TestUser;
  let stranger: TestUser;
  let st: Stages;
  const deals: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({}, { work: false });
    const db = t.app.ctx.db;
    owner = await createUser(db);
    rep = await addMember(db, owner, "manager");
    viewer = await addMember(db, owner, "viewer");
    stranger = await createUser(db);
    st = await seedStages(db, owner.workspaceId);
    const ws = owner.workspaceId;
    // Open deals: A (own 50%, next month), B (stage 60%, this month), C (the rep's, 40%, undated).
    deals.a = await seedDeal(db, ws, {
      name: "Acme renewal",
      value: 1000,
      stageId: st.proposal,
      probability: 50,
      ownerId: owner.id,
      expectedCloseDate: monthStart(1),
      description: "x",
    });
    deals.b = await seedDeal(db, ws, {
      name: "Bolt expansion",
      value: 2000,
      stageId: st.proposal,
      ownerId: owner.id,
      expectedCloseDate: ymd(new Date()),
      description: "x",
    });
    deals.c = await seedDeal(db, ws, { name: "Cobalt pilot", value: 500, stageId: st.lead, ownerId: rep.id });
    // Stuck in Demo for 40 days, unowned, 45 days past its close date.
    deals.stuck = await seedDeal(db, ws, {
      name: "Dormant deal",
      value: 3000,
      stageId: st.demo,
      inStageDays: 40,
      expectedCloseDate: ymd(ago(45)),
    });
    // Closed in the last 180 days: one won last month or before (created 30 days before it closed), one lost.
    await seedDeal(db, ws, {
      name: "Won deal",
      value: 4000,
      stageId: st.won,
      ownerId: owner.id,
      inStageDays: 40,
      createdDaysAgo: 70,
      closedDaysAgo: 40,
    });
    await seedDeal(db, ws, { name: "Lost deal", value: 700, stageId: st.lost, ownerId: owner.id, inStageDays: 10, closedDaysAgo: 10 });
    // History: six deals each spent 9–11 days in Demo before moving to Proposal, then were lost.
    for (let i = 0; i < 6; i++) {
      const start = 120 + i * 5;
      await seedPath(db, ws, `Past ${i}`, [
        { stageId: st.demo, daysAgo: start },
        { stageId: st.proposal, daysAgo: start - (9 + (i % 3)) },
        { stageId: st.lost, daysAgo: start - 30 },
      ]);
    }
  });
  afterAll(() => t.close());

  const call = (user: TestUser, method: "GET" | "POST" | "PUT", url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: user.headers, payload: payload as Record<string, unknown> });
  const get = async (user: TestUser, url: string) => {
    const res = await call(user, "GET", url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it("documents every pipeline route in the OpenAPI document, with the query defaults", async () => {
    const res = await t.app.inject({ method: "GET", url: "/docs/json" });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const paths = res.json().paths;
    for (const p of [
      "/api/pipeline/health/overview",
      "/api/pipeline/forecasts/precomputed",
      "/api/pipeline/health/actions",
      "/api/deal-insights/{id}",
    ]) {
      expect(paths[p], p).toBeDefined();
    }
    const params = paths["/api/pipeline/forecasts/precomputed"].get.parameters;
    expect(params.find((x: { name: string }) => x.name === "method").schema.default).toBe("monte_carlo");
    expect(params.find((x: { name: string }) => x.name === "months_ahead").schema.default).toBe(6);
  });

  it("forecasts with Monte Carlo by default: 6 months, 10,000 runs, the closed-form expectation per month", async () => {
    const f = await get(owner, "/api/pipeline/forecasts/precomputed?use_cache=false");
    expect(f).toMatchObject({ method: "monte_carlo", months_ahead: 6, runs: 10_000, open_deals: 4, from_cache: false, scope: "all" });
    expect(f.months).toHaveLength(6);
    expect(f.months[0].month).toBe(monthStart(0).slice(0, 7));
    // This month: B 2000 × 60%, plus a third of the undated C (500 × 10%) and of the overdue deal (3000 × 40%).
    expect(f.months[0].expected).toBeCloseTo(1200 + 50 / 3 + 1200 / 3, 1);
    expect(f.months[1].expected).toBeCloseTo(500 + 50 / 3 + 1200 / 3, 1);
    expect(f.months[3].expected).toBe(0);
    for (const m of f.months) expect(m.p10).toBeLessThanOrEqual(m.p90);
    expect(f.total.expected).toBeCloseTo(1000 * 0.5 + 2000 * 0.6 + 50 + 1200, 1);
    expect(f.basis).toContain("10,000 simulated futures");
    const again = await get(owner, "/api/pipeline/forecasts/precomputed");
    expect(again).toMatchObject({ from_cache: true, computed_at: f.computed_at, months: f.months });
  });

  it("offers the weighted and historical methods", async () => {
    const w = await get(owner, "/api/pipeline/forecasts/precomputed?method=weighted&months_ahead=2");
    expect(w).toMatchObject({ method: "weighted", months_ahead: 2, runs: 0 });
    expect(w.months[0].p10).toBe(w.months[0].p90);
    expect(w.months[1].expected).toBeCloseTo(500 + 50 / 3 + 400, 1);
    const h = await get(owner, "/api/pipeline/forecasts/precomputed?method=historical&months_ahead=3");
    expect(h).toMatchObject({ method: "historical", months_ahead: 3 });
    expect(h.basis).toContain("4,000 in all");
  });

  it("recomputes a cached forecast once deals change (crm.dealsChanged)", async () => {
    const before = await get(owner, "/api/pipeline/forecasts/precomputed");
    await t.app.ctx.db.execute(sql`update crm_deals set probability = 100 where id = ${deals.b}`);
    await t.app.ctx.hooks.run("crm.dealsChanged", { workspaceId: owner.workspaceId });
    const after = await get(owner, "/api/pipeline/forecasts/precomputed");
    expect(after.from_cache).toBe(false);
    expect(after.months[0].expected - before.months[0].expected).toBeCloseTo(800, 1);
    await t.app.ctx.db.execute(sql`update crm_deals set probability = null where id = ${deals.b}`);
    await t.app.ctx.hooks.run("crm.dealsChanged", { workspaceId: owner.workspaceId });
  });

  it("answers the health overview with each figure's basis; role=sales_rep limits it to the caller's deals", async () => {
    const o = await get(owner, "/api/pipeline/health/overview?use_cache=false");
    expect(o.open_deals).toBe(4);
    expect(o.pipeline_value.value).toBe(6500);
    expect(o.weighted_value.value).toBeCloseTo(500 + 1200 + 50 + 1200, 2);
    expect(o.win_rate).toMatchObject({ value: 0.5, basis: expect.stringContaining("1 won of 2 closed") });
    expect(o.avg_cycle_days.value).toBeCloseTo(30, 0);
    expect(o.coverage.target.value).toBe(4000);
    // Due in the next 90 days: A (500 weighted) and B (1200).
    expect(o.coverage.ratio.value).toBe(0.43);
    const demo = o.stage_conversion.find((c: { stage_id: string }) => c.stage_id === st.demo);
    expect(demo).toMatchObject({ entered: 7, advanced: 6 });
    const mine = await get(owner, "/api/pipeline/health/overview?role=sales_rep&use_cache=false");
    expect(mine).toMatchObject({ scope: "own", open_deals: 2 });
    expect(mine.pipeline_value.value).toBe(3000);
  });

  it("lets whoever may read the CRM read its pipeline: a sales rep their own deals, an analyst everything; marketing not", async () => {
    const db = t.app.ctx.db;
    const salesRep = await addMember(db, owner, "sales_rep");
    const analyst = await addMember(db, owner, "analyst");
    const marketing = await addMember(db, owner, "marketing");
    expect(await get(salesRep, "/api/pipeline/health/overview?use_cache=false")).toMatchObject({ scope: "own", open_deals: 0 });
    expect(await get(analyst, "/api/pipeline/health/overview?use_cache=false")).toMatchObject({ open_deals: 4 });
    const refused = await t.app.inject({ method: "GET", url: "/api/pipeline/health/overview", headers: marketing.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ requiredPermission: "crm:read" });
  });

  it("finds the stage whose open deals sit far longer than its history, with the deals", async () => {
    const b = await get(owner, "/api/pipeline/bottlenecks?use_cache=false");
    const demo = b.bottlenecks.find((x: { stage_id: string }) => x.stage_id === st.demo);
    expect(demo).toMatchObject({ kind: "time_in_stage", severity: "high", value: 40, baseline: 10 });
    expect(demo.deals.map((d: { id: string }) => d.id)).toEqual([deals.stuck]);
    expect(demo.basis).toContain("6 stays");
    expect((await get(owner, "/api/pipeline/bottlenecks?severity_threshold=high")).bottlenecks).toHaveLength(1);
    expect((await call(owner, "GET", "/api/pipeline/bottlenecks?severity_threshold=extreme")).statusCode).toBe(422);
  });

  it("lists alerts by severity with their actions, limited, and hides a snoozed one", async () => {
    const res = await call(owner, "GET", "/api/pipeline/health/alerts");
    expect(res.statusCode).toBe(200);
    const alerts = res.json();
    const kinds = alerts.map((a: { kind: string }) => a.kind);
    expect(kinds).toEqual(expect.arrayContaining(["stuck", "overdue_close", "no_owner", "no_next_task", "coverage"]));
    expect(Number(res.headers["x-total-count"])).toBe(alerts.length);
    const stuck = alerts.find((a: { key: string }) => a.key === `stuck:${st.demo}`);
    expect(stuck).toMatchObject({ severity: "high", deal_ids: [deals.stuck] });
    expect(stuck.actions[0]).toMatchObject({ action_type: "move_stage", parameters: { deal_ids: [deals.stuck], stage_id: st.proposal } });
    expect(await get(owner, "/api/pipeline/health/alerts?limit=2")).toHaveLength(2);
    const high = await get(owner, "/api/pipeline/health/alerts?severity=high");
    expect(high.every((a: { severity: string }) => a.severity === "high")).toBe(true);

    const snooze = await call(owner, "POST", "/api/pipeline/health/actions", {
      action_type: "snooze_alert",
      parameters: { alert_key: "no_next_task", days: 3 },
      reason: "Planning week",
    });
    expect(snooze.statusCode, snooze.body).toBe(200);
    expect(snooze.json()).toMatchObject({ action_type: "snooze_alert", alert_key: "no_next_task", affected: 1 });
    const after = await get(owner, "/api/pipeline/health/alerts?limit=50");
    expect(after.map((a: { key: string }) => a.key)).not.toContain("no_next_task");
    const unknown = await call(owner, "POST", "/api/pipeline/health/actions", {
      action_type: "snooze_alert",
      parameters: { alert_key: "nope" },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("scores a deal's health with reasons; another workspace's deal or a bad id is a 404", async () => {
    const h = await get(owner, `/api/pipeline/health/deal/${deals.stuck}`);
    const factors = Object.fromEntries(h.reasons.map((r: { factor: string; impact: number }) => [r.factor, r.impact]));
    expect(factors).toMatchObject({ time_in_stage: -30, close_date: -25, owner: -15, next_step: -10, contact: -10 });
    expect(h).toMatchObject({ score: 10, grade: "critical" });
    const good = await get(owner, `/api/pipeline/health/deal/${deals.a}`);
    expect(good.score).toBeGreaterThan(h.score);
    for (const url of [`/api/pipeline/health/deal/${deals.a}`, `/api/deal-insights/${deals.a}`]) {
      expect((await call(stranger, "GET", url)).json()).toMatchObject({ code: "PIPELINE_DEAL_NOT_FOUND" });
    }
    expect((await call(owner, "GET", "/api/pipeline/health/deal/not-an-id")).statusCode).toBe(404);
    expect((await call(owner, "GET", "/api/deal-insights/0190e0a0-0000-7000-8000-000000000000")).statusCode).toBe(404);
  });

  it("gives a deal's risks and next best actions, each with its evidence", async () => {
    const i = await get(owner, `/api/deal-insights/${deals.stuck}`);
    expect(i.health.score).toBe(10);
    expect(i.risks[0]).toMatchObject({ key: "time_in_stage", severity: "high" });
    for (const x of [...i.risks, ...i.next_best_actions]) expect(x.evidence.length).toBeGreaterThan(0);
    const keys = i.next_best_actions.map((a: { key: string }) => a.key);
    expect(keys).toEqual(expect.arrayContaining(["assign_owner", "follow_up", "confirm_close_date", "advance_or_close"]));
    const advance = i.next_best_actions.find((a: { key: string }) => a.key === "advance_or_close");
    expect(advance.action).toMatchObject({ action_type: "move_stage", parameters: { stage_id: st.proposal } });
  });

  it("reports missing values and stale deals", async () => {
    const q = await get(owner, "/api/pipeline/health/data-quality");
    const missing = Object.fromEntries(q.missing.map((m: { field: string; missing: number }) => [m.field, m.missing]));
    expect(q.open_deals).toBe(4);
    expect(missing).toMatchObject({ owner: 1, expected_close_date: 1, customer: 4, description: 2 });
    // The stuck deal was last updated 40 days ago and has no interaction.
    expect(q.stale.deals.map((d: { id: string }) => d.id)).toEqual([deals.stuck]);
  });

  it("refuses bad actions with the field named and writes nothing", async () => {
    const act = (body: unknown, user = owner) => call(user, "POST", "/api/pipeline/health/actions", body);
    const notMember = await act({ action_type: "reassign", parameters: { deal_ids: [deals.stuck], owner_id: stranger.id } });
    expect(notMember.statusCode).toBe(422);
    expect(notMember.json().errors[0].field).toBe("parameters.owner_id");
    const badStage = await act({
      action_type: "move_stage",
      parameters: { deal_ids: [deals.stuck], stage_id: "0190e0a0-0000-7000-8000-000000000000" },
    });
    expect(badStage.statusCode).toBe(422);
    expect(badStage.json().errors[0].field).toBe("parameters.stage_id");
    const foreign = await act({ action_type: "reassign", parameters: { deal_ids: [deals.stuck], owner_id: stranger.id } }, stranger);
    expect(foreign.statusCode).toBe(404);
    const invalid = await act({ action_type: "explode", parameters: {} });
    expect(invalid.statusCode).toBe(422);
    expect((await act({ action_type: "move_stage", parameters: { deal_ids: [], stage_id: st.demo } })).statusCode).toBe(422);
    expect((await act({ action_type: "snooze_alert", parameters: { alert_key: "coverage" } }, viewer)).statusCode).toBe(403);
    const h = await get(owner, `/api/pipeline/health/deal/${deals.stuck}`);
    expect(h.reasons.map((r: { factor: string }) => r.factor)).toContain("owner");
    expect((await call(owner, "GET", "/api/pipeline/forecasts/precomputed?months_ahead=0")).statusCode).toBe(422);
    expect((await call(owner, "GET", "/api/pipeline/forecasts/precomputed?method=guess")).statusCode).toBe(422);
  });

  it("executes reassign, move_stage and create_task through the CRM, and audits each", async () => {
    const act = (body: unknown) => call(owner, "POST", "/api/pipeline/health/actions", body);
    const re = await act({ action_type: "reassign", parameters: { deal_ids: [deals.stuck], owner_id: rep.id }, reason: "Rep covers Demo" });
    expect(re.statusCode, re.body).toBe(200);
    expect(re.json()).toMatchObject({ affected: 1, deal_ids: [deals.stuck] });
    const mv = await act({ action_type: "move_stage", parameters: { deal_ids: [deals.stuck], stage_id: st.proposal } });
    expect(mv.statusCode, mv.body).toBe(200);
    const task = await act({ action_type: "create_task", parameters: { deal_id: deals.stuck, title: "Call the buyer" } });
    expect(task.statusCode, task.body).toBe(200);
    expect(task.json().task_id).toEqual(expect.any(String));
    const h = await get(owner, `/api/pipeline/health/deal/${deals.stuck}`);
    const factors = h.reasons.map((r: { factor: string }) => r.factor);
    expect(factors).not.toContain("owner");
    expect(factors).not.toContain("time_in_stage");
    expect(factors).not.toContain("next_step");
    const history = await t.app.ctx.db.execute(sql`select count(*)::int as n from crm_deal_stage_history where deal_id = ${deals.stuck}`);
    expect((history as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(2);
    await t.app.ctx.access.audit.flush();
    const audit = await t.app.ctx.db.execute(
      sql`select event, reason from access_audit where workspace_id = ${owner.workspaceId} and event like 'pipeline.action.%' order by created_at`,
    );
    const events = (audit as unknown as { rows: { event: string; reason: string | null }[] }).rows;
    expect(events.map((e) => e.event)).toEqual(
      expect.arrayContaining([
        "pipeline.action.snooze_alert",
        "pipeline.action.reassign",
        "pipeline.action.move_stage",
        "pipeline.action.create_task",
      ]),
    );
    expect(events.find((e) => e.event === "pipeline.action.reassign")?.reason).toBe("Rep covers Demo");
  });
});
