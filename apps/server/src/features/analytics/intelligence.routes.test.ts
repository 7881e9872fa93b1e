/**
 * /api/analytics/intelligence: insights found by a run on seeded sends (a planted reply-rate change
 * in one campaign, none in another), benchmarks CRUD with validation, permission and the read-only
 * published rows, the lead-source funnel against an SQL recount, and workspace isolation.
 */
import type { Benchmark, BenchmarkList, CompetitiveAnswer, InsightRun, InsightsAnswer, LeadSourceAnswer } from "@prospector/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { helpers } from "../campaigns/campaigns.test-helpers.ts";
import { campaignEvents, campaignMessages } from "../campaigns/index.ts";
import { crmDeals, crmStages } from "../crm/index.ts";
import { leads } from "../leads/index.ts";
import { getInsights, periodsFor, runInsights } from "./intelligence.service.ts";

const BASE = "/api/analytics/intelligence";
const DAY = 86_400_000;

describe("analytics intelligence", () => {
  let t: TestApp;
  const h = helpers(() => t);
  let owner: TestUser;
  let viewer: TestUser;
  let stranger: TestUser;
  const now = new Date();

  beforeAll(async () => {
    t = await createTestApp({}, { work: false });
    const db = t.app.ctx.db;
    owner = await createUser(db);
    viewer = await addMember(db, owner, "viewer");
    stranger = await createUser(db);
  });
  afterAll(() => t.close());

  /** `n` sends of one campaign and step on a day at noon UTC, `replies` of them replied (a human). */
  async function sends(user: TestUser, campaignId: string, day: string, n: number, replies: number, step = 0) {
    const db = t.app.ctx.db;
    const at = new Date(`${day}T12:00:00Z`);
    const rows = await db
      .insert(campaignMessages)
      .values(
        Array.from({ length: n }, () => ({
          workspaceId: user.workspaceId,
          campaignId,
          leadId: null,
          step,
          status: "sent" as const,
          sentAt: at,
        })),
      )
      .returning({ id: campaignMessages.id });
    if (replies > 0)
      await db.insert(campaignEvents).values(
        rows.slice(0, replies).map((r) => ({
          workspaceId: user.workspaceId,
          campaignId,
          messageId: r.id,
          type: "reply" as const,
          step,
          occurredAt: new Date(at.getTime() + 3_600_000),
        })),
      );
  }

  describe("insights", () => {
    it("finds the planted reply-rate change in one campaign and not in the steady one, with the evidence", async () => {
      const p = periodsFor(14, now);
      const changed = await h.campaign(owner, { name: "Changed" });
      const steady = await h.campaign(owner, { name: "Steady" });
      await sends(owner, changed.id, p.previousFrom, 400, 12); // 3 %
      await sends(owner, changed.id, p.currentTo, 400, 60); // 15 %
      await sends(owner, steady.id, p.previousTo, 400, 20); // 5 %
      await sends(owner, steady.id, p.currentFrom, 400, 21); // 5.25 %

      const empty: InsightsAnswer = await h.ok(owner, "GET", `${BASE}/insights`);
      expect(empty.run).toBeNull();

      const queued: InsightRun = await h.ok(viewer, "POST", `${BASE}/insights/recompute`, { period_days: 14 }, 202);
      expect(queued).toMatchObject({ status: "queued", current_from: p.currentFrom, previous_to: p.previousTo });
      // A second ask while one is queued answers the same run.
      const again: InsightRun = await h.ok(owner, "POST", `${BASE}/insights/recompute`, {}, 200);
      expect(again.id).toBe(queued.id);

      await runInsights(t.app.ctx, queued.id);
      const answer: InsightsAnswer = await h.ok(viewer, "GET", `${BASE}/insights`);
      const run = answer.run!;
      expect(run.status).toBe("completed");
      expect(run.tests).toBeGreaterThan(2);
      const campaignReply = run.findings.filter((f) => f.scope === "campaign" && f.metric === "reply_rate");
      expect(campaignReply.map((f) => f.key)).toEqual([changed.id]);
      expect(campaignReply[0]).toMatchObject({
        label: "Changed",
        link: `/campaigns/${changed.id}`,
        direction: "up",
        good: true,
        previous: { successes: 12, n: 400 },
        current: { successes: 60, n: 400 },
      });
      expect(campaignReply[0]!.q_value).toBeLessThanOrEqual(0.05);
      expect(run.findings.some((f) => f.key === steady.id)).toBe(false);
      expect(answer.sources.reply_rate).toMatch(/Replied ÷ delivered/);

      // A day later, reading the insights queues the next run by itself (same period length); the last answer stays shown.
      const later = await getInsights(t.app.ctx, owner.workspaceId, new Date(Date.now() + 25 * 3_600_000));
      expect(later.run).toMatchObject({ status: "queued", period_days: 14 });
      expect(later.last_completed?.id).toBe(run.id);

      // Another workspace sees neither the run nor its findings.
      const theirs: InsightsAnswer = await h.ok(stranger, "GET", `${BASE}/insights`);
      expect(theirs.run).toBeNull();
      expect((await h.call(stranger, "GET", `${BASE}/insights/runs/${run.id}`)).statusCode).toBe(404);
    });

    it("refuses a period outside 7–90 days, naming the field", async () => {
      const res = await h.call(owner, "POST", `${BASE}/insights/recompute`, { period_days: 3 });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[0]).toMatchObject({ field: "period_days", message: "At least 7 days" });
    });
  });

  describe("benchmarks", () => {
    const input = {
      metric: "meeting_rate",
      value_low: 0.01,
      value_high: 0.02,
      segment: "B2B SaaS, our vertical",
      source_name: "Our trade association survey",
      source_url: "https://example.org/survey",
      published: "2025-03",
      retrieved_on: "2026-01-10",
    };

    it("lists the published rows with their source and age, stale past two years", async () => {
      const list: BenchmarkList = await h.ok(viewer, "GET", `${BASE}/benchmarks`);
      const reply = list.items.find((b) => b.metric === "reply_rate" && b.origin === "published_seed");
      expect(reply).toMatchObject({ value_low: 0.085, source_url: "https://backlinko.com/email-outreach-study", published: "2019" });
      expect(reply!.stale).toBe(true);
      expect(reply!.age_years).toBeGreaterThan(2);
      expect(list.items.some((b) => b.metric === "meeting_rate" && b.origin === "published_seed")).toBe(false);
    });

    it("lets an admin add, replace and delete the workspace's rows; a viewer may only read", async () => {
      expect((await h.call(viewer, "POST", `${BASE}/benchmarks`, input)).statusCode).toBe(403);
      const created: Benchmark = await h.ok(owner, "POST", `${BASE}/benchmarks`, input, 201);
      expect(created).toMatchObject({ origin: "workspace", metric: "meeting_rate", stale: false });
      const updated: Benchmark = await h.ok(owner, "PUT", `${BASE}/benchmarks/${created.id}`, { ...input, value_high: 0.03 });
      expect(updated.value_high).toBe(0.03);
      expect((await h.call(viewer, "DELETE", `${BASE}/benchmarks/${created.id}`)).statusCode).toBe(403);

      // Another workspace neither sees nor changes it.
      const theirs: BenchmarkList = await h.ok(stranger, "GET", `${BASE}/benchmarks?metric=meeting_rate`);
      expect(theirs.items.map((b) => b.id)).not.toContain(created.id);
      expect((await h.call(stranger, "PUT", `${BASE}/benchmarks/${created.id}`, input)).statusCode).toBe(404);

      await h.ok(owner, "DELETE", `${BASE}/benchmarks/${created.id}`, undefined, 204);
      const mine: BenchmarkList = await h.ok(owner, "GET", `${BASE}/benchmarks?metric=meeting_rate`);
      expect(mine.items.map((b) => b.id)).not.toContain(created.id);
    });

    it("keeps the published rows read-only", async () => {
      const list: BenchmarkList = await h.ok(owner, "GET", `${BASE}/benchmarks`);
      const seed = list.items.find((b) => b.origin === "published_seed")!;
      const res = await h.call(owner, "PUT", `${BASE}/benchmarks/${seed.id}`, input);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe("BENCHMARK_READ_ONLY");
    });

    it("refuses bad input with 422 naming each field", async () => {
      const res = await h.call(owner, "POST", `${BASE}/benchmarks`, {
        ...input,
        value_low: 0.5,
        value_high: 0.2,
        source_url: "not a url",
        published: "March 2025",
      });
      expect(res.statusCode).toBe(422);
      const fields = res.json().errors.map((e: { field: string }) => e.field);
      expect(fields).toEqual(expect.arrayContaining(["source_url", "published"]));
      const range = await h.call(owner, "POST", `${BASE}/benchmarks`, { ...input, value_low: 0.5, value_high: 0.2 });
      expect(range.statusCode).toBe(422);
      expect(range.json().errors[0]).toMatchObject({ field: "value_high" });
    });

    it("compares recent rates with the workspace's history and places them against each benchmark", async () => {
      const answer: CompetitiveAnswer = await h.ok(viewer, "GET", `${BASE}/competitive?recent_days=14&history_days=180`);
      const reply = answer.metrics.find((m) => m.metric === "reply_rate")!;
      // The insights test's sends: 81 replies of 800 in the last 14 days (the current period), 32 of 800 before.
      expect(reply.recent).toMatchObject({ successes: 81, n: 800 });
      expect(reply.history).toMatchObject({ successes: 32, n: 800 });
      expect(reply.significant).toBe(true);
      const backlinko = answer.benchmarks.find((b) => b.source_url === "https://backlinko.com/email-outreach-study")!;
      // 10.1 % with its interval against 8.5 %: the interval (≈ 8.2–12.4 %) overlaps it.
      expect(reply.benchmarks.find((b) => b.id === backlinko.id)?.position).toBe("within");
      const theirs: CompetitiveAnswer = await h.ok(stranger, "GET", `${BASE}/competitive`);
      expect(theirs.metrics.find((m) => m.metric === "reply_rate")!.recent.n).toBe(0);
    });
  });

  describe("lead sources", () => {
    it("counts each source's funnel as an SQL recount does, and only the workspace's leads", async () => {
      const db = t.app.ctx.db;
      const ws = owner.workspaceId;
      const c = await h.campaign(owner, { name: "Sources" });
      const mk = (source: string, i: number) => ({ workspaceId: ws, email: `src-${source}-${i}-${Date.now()}@acme.test`, source });
      const imported = await db
        .insert(leads)
        .values(Array.from({ length: 10 }, (_, i) => mk("import", i)))
        .returning({ id: leads.id });
      const crawled = await db
        .insert(leads)
        .values(Array.from({ length: 4 }, (_, i) => mk("website", i)))
        .returning({ id: leads.id });
      await db.insert(leads).values({ workspaceId: stranger.workspaceId, email: `other-${Date.now()}@x.test`, source: "import" });
      // 6 imported leads contacted, 3 replied, 1 booked; 2 crawled contacted (one bounced), 1 replied.
      const contact = async (leadId: string, status: "sent" | "bounced", events: ("reply" | "meeting")[]) => {
        const [m] = await db
          .insert(campaignMessages)
          .values({ workspaceId: ws, campaignId: c.id, leadId, step: 0, status, sentAt: new Date(now.getTime() - 2 * DAY) })
          .returning({ id: campaignMessages.id });
        for (const type of events)
          await db.insert(campaignEvents).values({ workspaceId: ws, campaignId: c.id, leadId, messageId: m!.id, type });
      };
      for (let i = 0; i < 6; i++) await contact(imported[i]!.id, "sent", i < 3 ? (i === 0 ? ["reply", "meeting"] : ["reply"]) : []);
      await contact(crawled[0]!.id, "sent", ["reply"]);
      await contact(crawled[1]!.id, "bounced", []);
      // A bot "reply" does not count.
      await db.insert(campaignEvents).values({ workspaceId: ws, campaignId: c.id, leadId: imported[5]!.id, type: "reply", isBot: true });
      const [won] = await db
        .insert(crmStages)
        .values({ workspaceId: ws, name: "Won (src test)", position: 90, probability: 100, isWon: true })
        .returning();
      const [open] = await db
        .insert(crmStages)
        .values({ workspaceId: ws, name: "Open (src test)", position: 89, probability: 30 })
        .returning();
      await db.insert(crmDeals).values([
        { workspaceId: ws, name: "A", stageId: won!.id, leadId: imported[0]!.id, value: 1200, currency: "USD" },
        { workspaceId: ws, name: "B", stageId: open!.id, leadId: imported[1]!.id, value: 500, currency: "USD" },
        { workspaceId: ws, name: "C", stageId: won!.id, leadId: crawled[0]!.id, value: 300, currency: "USD" },
      ]);

      const answer: LeadSourceAnswer = await h.ok(viewer, "GET", `${BASE}/lead-sources`);
      const recount = (
        (await db.execute(sql`
          select l.source, count(*)::int as leads,
            count(*) filter (where exists (select 1 from campaign_messages m where m.lead_id = l.id and m.status in ('sent','bounced') and m.sent_at is not null))::int as contacted,
            count(*) filter (where exists (select 1 from campaign_events e where e.lead_id = l.id and e.type = 'reply' and not e.is_bot))::int as replied,
            count(*) filter (where exists (select 1 from campaign_events e where e.lead_id = l.id and e.type = 'meeting' and not e.is_bot))::int as meetings,
            count(*) filter (where exists (select 1 from crm_deals d where d.lead_id = l.id))::int as deals,
            count(*) filter (where exists (select 1 from crm_deals d join crm_stages s on s.id = d.stage_id where d.lead_id = l.id and s.is_won))::int as deals_won
          from leads l where l.workspace_id = ${ws} group by l.source`)) as unknown as { rows: { source: string }[] }
      ).rows;
      for (const r of recount) {
        const row = answer.rows.find((x) => x.source === r.source)!;
        expect({
          source: row.source,
          leads: row.leads,
          contacted: row.contacted,
          replied: row.replied,
          meetings: row.meetings,
          deals: row.deals,
          deals_won: row.deals_won,
        }).toEqual(r);
      }
      const imp = answer.rows.find((r) => r.source === "import")!;
      expect(imp).toMatchObject({
        leads: 10,
        contacted: 6,
        replied: 3,
        meetings: 1,
        deals: 2,
        deals_won: 1,
        revenue: 1200,
        label: "CSV import",
      });
      expect(imp.reply_rate).toMatchObject({ successes: 3, n: 6, rate: 0.5 });
      expect(imp.reply_rate.low).toBeLessThan(0.5);
      const web = answer.rows.find((r) => r.source === "website")!;
      expect(web).toMatchObject({ leads: 4, contacted: 2, replied: 1, revenue: 300 });
      expect(answer.currency).toBe("USD");

      const theirs: LeadSourceAnswer = await h.ok(stranger, "GET", `${BASE}/lead-sources`);
      expect(theirs.totals.leads).toBe(1);
      expect(theirs.rows[0]).toMatchObject({ source: "import", contacted: 0, revenue: 0 });
    });

    it("refuses a reversed range naming the field", async () => {
      const res = await h.call(owner, "GET", `${BASE}/lead-sources?from=2026-02-01&to=2026-01-01`);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[0].field).toBe("from");
    });
  });
});
