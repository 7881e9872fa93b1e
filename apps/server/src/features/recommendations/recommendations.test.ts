/**
 * Playbooks and recommendations on generated data with a known best option (variant B, Tuesday
 * mornings, software leads) and on noise (nothing fires): the rankings, generation as a run with
 * deterministic ids, one-click apply really changing the A/B test, the campaign's schedule and its
 * leads, the evaluation verdicts, permissions and tenancy.
 */
import type {
  Playbooks,
  Recommendation,
  RecommendationApplicationPage,
  RecommendationPage,
  RecommendationRun,
} from "@prospector/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { refreshAnalytics } from "../analytics/index.ts";
import { helpers } from "../campaigns/campaigns.test-helpers.ts";
import { fingerprint } from "./recommendations.playbooks.ts";
import { dailyTick, evaluate, judge, recommendationId, runGeneration } from "./recommendations.service.ts";
import { type Sent, seedLeads, seedSent, utcInstant } from "./recommendations.test-helpers.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe("playbooks and recommendations", () => {
  let t: TestApp;
  const h = helpers(() => t);
  let owner: TestUser;
  let viewer: TestUser;
  let stranger: TestUser;
  let alpha: { id: string };
  let beta: { id: string };
  let mining: string[];
  const now = new Date();

  const generate = async (user: TestUser): Promise<RecommendationRun> => {
    const run = (await h.ok(user, "POST", "/api/recommendations/runs", undefined, 202)) as RecommendationRun;
    expect(run.status).toBe("queued");
    // Asked again while queued: the same run, not a second one.
    expect(((await h.ok(user, "POST", "/api/recommendations/runs")) as RecommendationRun).id).toBe(run.id);
    return runGeneration(t.app.ctx, user.workspaceId, run.id);
  };
  const open = async (user: TestUser) => ((await h.ok(user, "GET", "/api/recommendations?limit=100")) as RecommendationPage).items;

  beforeAll(async () => {
    t = await createTestApp({}, { work: false });
    const db = t.app.ctx.db;
    owner = await createUser(db);
    viewer = await addMember(db, owner, "viewer");
    stranger = await createUser(db);

    const schedule = { timezone: "UTC", days: [1, 2, 3, 4, 5], start: "14:00", end: "18:00" };
    alpha = await h.campaign(owner, {
      name: "Alpha",
      schedule,
      subject_line: "Quick question",
      body: "Hi A",
      steps: [{ subject: "Quick question", body: "Hi A", variants: [{ subject: "Idea for you", body: "Hi   B" }] }],
    });
    beta = await h.campaign(owner, { name: "Beta", schedule });
    // Gamma's only step is Alpha's variant B give or take case and spaces: one template.
    const gamma = await h.campaign(owner, { name: "Gamma", schedule, subject_line: "IDEA for you", body: "hi b" });

    const software = await seedLeads(t, owner, 150, { industry: "Software" });
    mining = await seedLeads(t, owner, 50, { industry: "Mining" });
    await h.ok(owner, "POST", `/api/campaigns/${alpha.id}/leads`, { lead_ids: [...software, ...mining] });

    const base = new Date(now.getTime() - DAY);
    const morning = utcInstant(2, 10, base);
    const evening = utcInstant(2, 20, base);
    const sends: Sent[] = [];
    // Mining: 50 sends, no reply, in the evening.
    for (const [i, leadId] of mining.entries()) sends.push({ leadId, at: evening, variant: i % 2 });
    // Software: variant A 75 sends with 5 replies, B 75 with 25; every reply (and 30 more sends) on Tuesday morning.
    software.forEach((leadId, i) => {
      const variant = i < 75 ? 0 : 1;
      const k = i % 75;
      const replied = variant === 0 ? k < 5 : k < 25;
      const at = replied || (k >= 25 && k < 40) ? morning : evening;
      sends.push({ leadId, at, variant, replied });
    });
    await seedSent(t, owner, alpha.id, sends);
    const gammaLeads = await seedLeads(t, owner, 10, { industry: "Software" });
    await seedSent(
      t,
      owner,
      gamma.id,
      gammaLeads.map((leadId, i) => ({ leadId, at: morning, replied: i < 2 })),
    );

    // The stranger's workspace: noise. Two variants 10 vs 11 replies in 100, replies spread over every hour and segment.
    const noise = await h.campaign(stranger, {
      name: "Noise",
      schedule,
      subject_line: "One",
      body: "one",
      steps: [{ subject: "One", body: "one", variants: [{ subject: "Two", body: "two" }] }],
    });
    const noiseLeads = [
      ...(await seedLeads(t, stranger, 100, { industry: "Retail" })),
      ...(await seedLeads(t, stranger, 100, { industry: "Banking" })),
    ];
    await h.ok(stranger, "POST", `/api/campaigns/${noise.id}/leads`, { lead_ids: noiseLeads });
    await seedSent(
      t,
      stranger,
      noise.id,
      noiseLeads.map((leadId, i) => ({
        leadId,
        at: utcInstant(1 + (i % 5), i % 24, base),
        variant: i % 2,
        replied: i % 2 === 0 ? i % 20 === 0 : i % 20 === 1 || i === 199,
      })),
    );
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it("ranks templates, send times and segments by the lower bound of the reply rate", async () => {
    const p = (await h.ok(owner, "GET", "/api/playbooks?days=30&min_sends=20")) as Playbooks;
    expect(p.totals.sends).toBe(210);
    const [first, second] = p.templates;
    expect(first?.subject).toBe("Idea for you");
    expect(first?.hash).toBe(fingerprint("idea for you", "HI B"));
    expect(first).toMatchObject({ sends: 110, replies: 27, campaigns: 2, enough: true });
    expect(first?.estimate.low).toBeGreaterThan(second?.estimate.high ?? 1);
    expect(second).toMatchObject({ subject: "Quick question", sends: 100, replies: 5 });

    const best = p.send_times[0];
    expect(best).toMatchObject({ weekday: 2, start_hour: 9, end_hour: 12, replies: 32, enough: true });
    expect(p.send_time_basis).toMatch(/Recipient's local time/);

    const industries = p.segments.filter((s) => s.dimension === "industry");
    expect(industries.map((s) => s.value)).toEqual(["software", "mining"]);
    expect(industries[1]).toMatchObject({ sends: 50, replies: 0, estimate: { rate: 0, low: 0 } });
    expect(p.source).toMatch(/human replies/);
  });

  it("marks rows under the minimum sample and ranks them last; bad input is a 422 naming the field", async () => {
    const p = (await h.ok(owner, "GET", "/api/playbooks?days=30&min_sends=105")) as Playbooks;
    expect(p.templates.map((r) => [r.subject, r.enough])).toEqual([
      ["Idea for you", true],
      ["Quick question", false],
    ]);
    // Segments under the minimum come after every segment that reaches it, whatever their rate.
    const industries = p.segments.filter((s) => s.dimension === "industry").map((s) => [s.value, s.enough]);
    expect(industries).toEqual([
      ["software", true],
      ["mining", false],
    ]);
    const bad = await h.call(owner, "GET", "/api/playbooks?days=3");
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0]).toMatchObject({ field: "days", message: "At least 7 days" });
  });

  it("shows a template's evidence and copies it into a campaign as a new step", async () => {
    const p = (await h.ok(owner, "GET", "/api/playbooks?days=30")) as Playbooks;
    const hash = p.templates[0]!.hash;
    const detail = await h.ok(owner, "GET", `/api/playbooks/templates/${hash}?days=30`);
    expect(
      detail.evidence.map((e: { campaign_name: string; step: number; variant: number }) => [e.campaign_name, e.step, e.variant]),
    ).toEqual([
      ["Alpha", 1, 1],
      ["Gamma", 1, 0],
    ]);
    expect((await h.call(viewer, "POST", `/api/playbooks/templates/${hash}/use`, { campaign_id: beta.id, days: 30 })).statusCode).toBe(403);
    expect((await h.call(stranger, "GET", `/api/playbooks/templates/${hash}?days=30`)).statusCode).toBe(404);
    const used = await h.ok(owner, "POST", `/api/playbooks/templates/${hash}/use`, { campaign_id: beta.id, days: 30 });
    expect(used).toMatchObject({ campaign_id: beta.id, step: 2 });
    const c = await h.ok(owner, "GET", `/api/campaigns/${beta.id}`);
    expect(c.steps[1]).toMatchObject({ subject: "Idea for you", body: "Hi   B", delay_days: 3 });
  });

  it("fires on the known best options, not on noise, with deterministic ids", async () => {
    const run = await generate(owner);
    expect(run).toMatchObject({ status: "done", progress: 100, error: null });
    const items = await open(owner);
    const kinds = items.map((r) => `${r.kind}:${r.target.campaign_name}`).sort();
    expect(kinds).toEqual(["ab_winner:Alpha", "segment_stop:Alpha", "send_window:Alpha", "send_window:Beta", "send_window:Gamma"]);
    expect(run.created).toBe(5);

    const ab = items.find((r) => r.kind === "ab_winner")!;
    expect(ab.id).toBe(recommendationId(owner.workspaceId, "ab_winner", `${alpha.id}:1`));
    expect(ab.evidence.figures[1]).toMatchObject({ sends: 100, replies: 25 });
    expect(ab.evidence.test?.p_value).toBeLessThan(0.05);
    expect(ab.action.permission).toBe("campaigns:update");
    const seg = items.find((r) => r.kind === "segment_stop")!;
    expect(seg.title).toMatch(/industry "mining"/);
    expect(seg.evidence.figures[0]).toMatchObject({ sends: 50, replies: 0 });
    const win = items.find((r) => r.kind === "send_window" && r.target.campaign_id === beta.id)!;
    expect(win.expected.basis).toMatch(/sent nothing/);

    // Noise: nothing to advise.
    const noise = await generate(stranger);
    expect(noise).toMatchObject({ status: "done", created: 0 });
    expect(await open(stranger)).toEqual([]);

    // A second run refreshes the same rows instead of adding new ones.
    const again = await generate(owner);
    expect(again).toMatchObject({ created: 0, refreshed: 5, expired: 0 });
    expect((await open(owner)).length).toBe(5);
  });

  it("keeps recommendations in their workspace and demands the change's permission to apply", async () => {
    const ab = (await open(owner)).find((r) => r.kind === "ab_winner")!;
    expect((await h.call(stranger, "GET", `/api/recommendations/${ab.id}`)).statusCode).toBe(404);
    expect((await h.call(stranger, "POST", `/api/recommendations/${ab.id}/apply`)).statusCode).toBe(404);
    expect((await open(viewer)).length).toBe(5);
    const refused = await h.call(viewer, "POST", `/api/recommendations/${ab.id}/apply`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().requiredPermission).toBe("campaigns:update");
    expect((await h.call(viewer, "POST", `/api/recommendations/${ab.id}/dismiss`)).statusCode).toBe(403);
  });

  it("applies through the owning feature: the A/B winner, the schedule, the segment's leads", async () => {
    const items = await open(owner);
    const ab = items.find((r) => r.kind === "ab_winner")!;
    const applied = (await h.ok(owner, "POST", `/api/recommendations/${ab.id}/apply`)) as Recommendation;
    expect(applied.status).toBe("applied");
    expect(applied.application?.baseline).toMatchObject({ sends: 200, replies: 30 });
    expect((await h.ok(owner, "GET", `/api/experiments/${alpha.id}/1`)).declared_winner).toBe(1);
    expect((await h.call(owner, "POST", `/api/recommendations/${ab.id}/apply`)).statusCode).toBe(409);

    const win = items.find((r) => r.kind === "send_window" && r.target.campaign_id === beta.id)!;
    await h.ok(owner, "POST", `/api/recommendations/${win.id}/apply`);
    const schedule = (await h.ok(owner, "GET", `/api/campaigns/${beta.id}`)).schedule;
    expect(schedule.days).toEqual([2]);
    expect(Number.parseInt(schedule.start, 10)).toBeLessThanOrEqual(10);
    expect(Number.parseInt(schedule.end, 10)).toBeGreaterThan(10);

    const seg = items.find((r) => r.kind === "segment_stop")!;
    const total = async () => (await h.ok(owner, "GET", `/api/campaigns/${alpha.id}/leads?per_page=1`)).total as number;
    expect(await total()).toBe(200);
    await h.ok(owner, "POST", `/api/recommendations/${seg.id}/apply`);
    expect(await total()).toBe(150);
    const left = await h.ok(owner, "GET", `/api/campaigns/${alpha.id}/leads?per_page=100&page=2`);
    expect(left.leads.some((l: { lead_id: string }) => mining.includes(l.lead_id))).toBe(false);

    // Dismiss and snooze what is left; a dismissed one is not advised again.
    const gamma = items.find((r) => r.kind === "send_window" && r.target.campaign_name === "Gamma")!;
    await h.ok(owner, "POST", `/api/recommendations/${gamma.id}/dismiss`);
    const alphaWin = items.find((r) => r.kind === "send_window" && r.target.campaign_name === "Alpha")!;
    const snoozed = (await h.ok(owner, "POST", `/api/recommendations/${alphaWin.id}/snooze`, { days: 3 })) as Recommendation;
    expect(snoozed.status).toBe("snoozed");
    expect((await h.call(owner, "POST", `/api/recommendations/${alphaWin.id}/snooze`, { days: 300 })).json().errors[0].field).toBe("days");
    const run = await generate(owner);
    expect(run.created).toBe(0);
    expect((await open(owner)).map((r) => r.id)).not.toContain(gamma.id);
    expect(((await h.ok(owner, "GET", "/api/recommendations?status=dismissed")) as RecommendationPage).items.map((r) => r.id)).toEqual([
      gamma.id,
    ]);
  });

  it("judges applications after enough sends: helped, and no measurable change when too few came", async () => {
    // 120 sends of step 1 after applying, half of them replied: well above the 15 % baseline.
    const after = Array.from({ length: 120 }, (_, i) => ({
      leadId: null,
      at: new Date(Date.now() + HOUR + i * 60_000),
      variant: 1,
      replied: i % 2 === 0,
    }));
    await seedSent(t, owner, alpha.id, after);
    expect(await evaluate(t.app.ctx, owner.workspaceId, new Date(Date.now() + 2 * DAY + HOUR))).toBe(2);
    let apps = ((await h.ok(owner, "GET", "/api/recommendations/applications")) as RecommendationApplicationPage).items;
    const verdicts = Object.fromEntries(apps.map((a) => [a.kind, a.outcome?.verdict ?? "pending"]));
    expect(verdicts).toEqual({ ab_winner: "helped", segment_stop: "helped", send_window: "pending" });
    const ab = apps.find((a) => a.kind === "ab_winner")!;
    expect(ab.outcome?.after).toMatchObject({ sends: 120, replies: 60 });
    expect(ab.outcome?.test.p_value).toBeLessThan(0.05);
    // Evaluated once: a second pass changes nothing.
    expect(await evaluate(t.app.ctx, owner.workspaceId, new Date(Date.now() + 3 * DAY))).toBe(0);
    // Beta sent nothing since: after the give-up period it closes as "no measurable change".
    expect(await evaluate(t.app.ctx, owner.workspaceId, new Date(Date.now() + 61 * DAY))).toBe(1);
    apps = ((await h.ok(owner, "GET", "/api/recommendations/applications")) as RecommendationApplicationPage).items;
    const win = apps.find((a) => a.kind === "send_window")!;
    expect(win.outcome).toMatchObject({ verdict: "no_measurable_change" });
    expect(win.outcome?.note).toMatch(/too few/);
    expect(((await h.ok(stranger, "GET", "/api/recommendations/applications")) as RecommendationApplicationPage).items).toEqual([]);
  });

  it("judge: a significant fall hurt, a small difference is no measurable change", () => {
    expect(judge({ sends: 400, replies: 80 }, { sends: 400, replies: 40 }).verdict).toBe("hurt");
    expect(judge({ sends: 400, replies: 80 }, { sends: 400, replies: 84 }).verdict).toBe("no_measurable_change");
    expect(judge({ sends: 400, replies: 40 }, { sends: 400, replies: 80 }).verdict).toBe("helped");
  });

  it("pages recommendations with a keyset cursor", async () => {
    const first = (await h.ok(owner, "GET", "/api/recommendations?status=applied&limit=2")) as RecommendationPage;
    expect(first.items.length).toBe(2);
    expect(first.next_cursor).not.toBeNull();
    const second = (await h.ok(
      owner,
      "GET",
      `/api/recommendations?status=applied&limit=2&cursor=${first.next_cursor}`,
    )) as RecommendationPage;
    expect(second.items.length).toBe(1);
    expect(second.next_cursor).toBeNull();
    expect(new Set([...first.items, ...second.items].map((r) => r.id)).size).toBe(3);
    expect((await h.call(owner, "GET", "/api/recommendations?cursor=nonsense")).statusCode).toBe(422);
  });

  it("queues the daily run once per sending workspace, never a second while one is queued", async () => {
    expect(await dailyTick(t.app.ctx)).toBe(2);
    expect(await dailyTick(t.app.ctx)).toBe(0);
    const latest = (await h.ok(owner, "GET", "/api/recommendations/runs/latest")) as RecommendationRun;
    expect(latest.status).toBe("queued");
    expect((await h.call(stranger, "GET", `/api/recommendations/runs/${latest.id}`)).statusCode).toBe(404);
  });

  it("serves the playbooks from memory until the analytics are refreshed again", async () => {
    const later = await h.campaign(stranger, { name: "Later", subject_line: "Later", body: "later" });
    const [lead] = await seedLeads(t, stranger, 1, { industry: "Retail" });
    // Never refreshed: computed on every request.
    const live = (await h.ok(stranger, "GET", "/api/playbooks?days=30")) as Playbooks;
    await seedSent(t, stranger, later.id, [{ leadId: lead!, at: new Date(now.getTime() - HOUR), replied: true }]);
    const fresh = (await h.ok(stranger, "GET", "/api/playbooks?days=30")) as Playbooks;
    expect(fresh.totals.sends).toBe(live.totals.sends + 1);

    await refreshAnalytics(t.app.ctx, stranger.workspaceId);
    const first = (await h.ok(stranger, "GET", "/api/playbooks?days=30")) as Playbooks;
    expect(first.totals).toEqual(fresh.totals);
    await seedSent(t, stranger, later.id, [{ leadId: lead!, at: new Date(now.getTime() - HOUR), step: 1, replied: true }]);
    // The same answer (same window end) until the next refresh; another period is its own answer.
    expect(await h.ok(stranger, "GET", "/api/playbooks?days=30")).toEqual(first);
    expect(((await h.ok(stranger, "GET", "/api/playbooks?days=60")) as Playbooks).totals.sends).toBe(first.totals.sends + 1);
    await new Promise((r) => setTimeout(r, 5));
    await refreshAnalytics(t.app.ctx, stranger.workspaceId);
    const next = (await h.ok(stranger, "GET", "/api/playbooks?days=30")) as Playbooks;
    expect(next.totals).toMatchObject({ sends: first.totals.sends + 1, replies: first.totals.replies + 1 });
    expect(next.to > first.to).toBe(true);
  });
});
