/**
 * The optimization part on generated data: the funnel equals a recount from the raw rows (and the
 * comparison's z-tests), ROI arithmetic under a saved cost model, the calculator's prefill equals
 * the workspace's own rates, scenarios CRUD with 422s and keyset pages, the p-chart's limits, and
 * the live-event backlog with its per-minute counts; another workspace sees none of it.
 */
import { type FunnelAnswer, projectPlan, type RoiAnswer, type Scenario } from "@prospector/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { newId } from "../../platform/ids.ts";
import { twoProportionZTest, wilson } from "../../platform/stats.ts";
import { helpers } from "../campaigns/campaigns.test-helpers.ts";
import { campaignEvents, campaignLeads, campaignMessages } from "../campaigns/index.ts";
import { crmDeals } from "../crm/index.ts";
import { leads } from "../leads/index.ts";
import { pChart } from "./optimization.service.ts";

const B = "/api/analytics/optimization";
const DAY = 86_400_000;
const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
/** Noon UTC `n` days ago: well inside its day whatever the clock says. */
const daysAgo = (n: number) => new Date(today - n * DAY + 12 * 3_600_000);
const dateAgo = (n: number) => new Date(today - n * DAY).toISOString().slice(0, 10);

/** A small seeded PRNG, so a failure can be replayed. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

interface Generated {
  leadId: string;
  createdAgo: number;
  delivered: boolean;
  bounced: boolean;
  opened: boolean;
  replied: boolean;
  meeting: boolean;
  deal: boolean;
  won: boolean;
  value: number;
}

describe("optimization", () => {
  let t: TestApp;
  const h = helpers(() => t);
  let owner: TestUser;
  let stranger: TestUser;
  let viewer: TestUser;
  let campaignA: string;
  let campaignB: string;
  let wonStage: string;
  let openStage: string;
  const gen: Generated[] = [];
  const inboxA = newId();
  const patch = (user: TestUser, url: string, payload: object) => t.app.inject({ method: "PATCH", url, headers: user.headers, payload });

  beforeAll(async () => {
    t = await createTestApp({}, { work: false });
    owner = await createUser(t.app.ctx.db);
    stranger = await createUser(t.app.ctx.db);
    viewer = await addMember(t.app.ctx.db, owner, "viewer");
    campaignA = (await h.campaign(owner, { name: "Alpha" })).id;
    campaignB = (await h.campaign(owner, { name: "Beta" })).id;
    const db = t.app.ctx.db;
    await h.ok(owner, "GET", "/api/crm/stages"); // the default stages, made on first use
    const stages = (
      (await db.execute(
        sql`select id, is_won, is_lost from crm_stages where workspace_id = ${owner.workspaceId} order by position`,
      )) as unknown as {
        rows: { id: string; is_won: boolean; is_lost: boolean }[];
      }
    ).rows;
    wonStage = stages.find((s) => s.is_won)!.id;
    openStage = stages[0]!.id;

    // 120 leads in the current period (added 2..19 days ago), 80 in the previous one (22..39 days ago).
    const rnd = prng(16);
    for (let i = 0; i < 200; i++) {
      const createdAgo = i < 120 ? 2 + Math.floor(rnd() * 18) : 22 + Math.floor(rnd() * 18);
      const better = i < 120;
      const contacted = rnd() < 0.8;
      const bounced = contacted && rnd() < 0.1;
      const delivered = contacted && !bounced;
      const opened = delivered && rnd() < 0.6;
      const replied = delivered && rnd() < (better ? 0.35 : 0.15);
      const meeting = replied && rnd() < 0.5;
      const deal = meeting && rnd() < 0.6;
      const won = deal && rnd() < 0.5;
      gen.push({
        leadId: newId(),
        createdAgo,
        delivered,
        bounced,
        opened,
        replied,
        meeting,
        deal,
        won,
        value: 1000 + Math.floor(rnd() * 9) * 500,
      });
    }
    await db.insert(leads).values(
      gen.map((g, i) => ({
        id: g.leadId,
        workspaceId: owner.workspaceId,
        email: `gen${i}@example.org`,
        source: i % 2 ? "import" : "manual",
        createdAt: daysAgo(g.createdAgo),
      })),
    );
    await db.insert(campaignLeads).values(gen.map((g) => ({ campaignId: campaignA, leadId: g.leadId, workspaceId: owner.workspaceId })));
    const sends = gen.filter((g) => g.delivered || g.bounced);
    const msgs = sends.map((g) => ({
      id: newId(),
      workspaceId: owner.workspaceId,
      campaignId: campaignA,
      leadId: g.leadId,
      step: 0,
      inboxId: inboxA,
      status: g.bounced ? ("bounced" as const) : ("sent" as const),
      sentAt: daysAgo(Math.max(1, g.createdAgo - 1)),
    }));
    await db.insert(campaignMessages).values(msgs);
    const events = sends.flatMap((g, i) => {
      const base = {
        workspaceId: owner.workspaceId,
        campaignId: campaignA,
        leadId: g.leadId,
        messageId: msgs[i]!.id,
        occurredAt: msgs[i]!.sentAt,
      };
      return [
        ...(g.opened ? [{ ...base, type: "open" as const }] : []),
        // A bot open on everyone delivered: never counts.
        ...(g.delivered ? [{ ...base, type: "open" as const, isBot: true }] : []),
        ...(g.replied ? [{ ...base, type: "reply" as const }] : []),
        ...(g.meeting ? [{ ...base, type: "meeting" as const }] : []),
      ];
    });
    await db.insert(campaignEvents).values(events);
    await db.insert(crmDeals).values(
      gen
        .filter((g) => g.deal)
        .map((g) => ({
          workspaceId: owner.workspaceId,
          name: "Deal",
          value: g.value,
          stageId: g.won ? wonStage : openStage,
          leadId: g.leadId,
          sourceCampaignId: campaignA,
          createdAt: daysAgo(Math.max(1, g.createdAgo - 1)),
          closedAt: g.won ? daysAgo(1) : null,
        })),
    );
  });
  afterAll(() => t.close());

  const from = dateAgo(19);
  const to = dateAgo(0);

  /** The funnel recounted in plain code from what was generated. */
  const recount = (inPeriod: (g: Generated) => boolean) => {
    const c = gen.filter(inPeriod);
    const d = c.filter((g) => g.delivered);
    const opened = d.filter((g) => g.opened || g.replied || g.meeting || g.deal);
    const replied = d.filter((g) => g.replied || g.meeting || g.deal);
    return {
      counts: [
        c.length,
        d.length,
        opened.length,
        replied.length,
        d.filter((g) => g.meeting || g.deal).length,
        d.filter((g) => g.deal).length,
        d.filter((g) => g.won).length,
      ],
      revenue: d.filter((g) => g.won).reduce((n, g) => n + g.value, 0),
    };
  };

  it("counts each funnel stage as a recount of the raw rows, with intervals and the biggest drop", async () => {
    const a: FunnelAnswer = await h.ok(owner, "GET", `${B}/funnel?from=${from}&to=${to}`);
    const want = recount((g) => g.createdAgo <= 19);
    expect(a.current.stages.map((s) => s.count)).toEqual(want.counts);
    expect(a.current.revenue_won).toBe(want.revenue);
    const replied = a.current.stages.find((s) => s.key === "replied")!;
    expect(replied.conversion).toEqual(wilson(want.counts[3]!, want.counts[2]!));
    expect(replied.lost).toBe(want.counts[2]! - want.counts[3]!);
    const highs = a.current.stages.slice(1).map((s) => s.conversion.high ?? 2);
    expect(a.current.biggest_drop).toBe(a.current.stages[1 + highs.indexOf(Math.min(...highs))]!.key);
    expect(a.previous).toBeNull();
    // The same SQL, cross-checked once more by a direct count of contacted cohort leads.
    const direct = (await t.app.ctx.db.execute(sql`
      select count(distinct l.id)::int as n from leads l join campaign_messages m on m.lead_id = l.id and m.status = 'sent'
      where l.workspace_id = ${owner.workspaceId} and l.created_at >= ${`${from}T00:00:00Z`}`)) as unknown as { rows: { n: number }[] };
    expect(a.current.stages[1]!.count).toBe(direct.rows[0]!.n);
  });

  it("compares with the previous period of the same length, stage by stage", async () => {
    const a: FunnelAnswer = await h.ok(owner, "GET", `${B}/funnel/compare?from=${from}&to=${to}`);
    expect(a.previous?.from).toBe(dateAgo(39));
    expect(a.previous?.to).toBe(dateAgo(20));
    const prev = recount((g) => g.createdAgo >= 20 && g.createdAgo <= 39);
    expect(a.previous!.stages.map((s) => s.count)).toEqual(prev.counts);
    const cur = recount((g) => g.createdAgo <= 19);
    const r = a.comparison.find((c) => c.key === "replied")!;
    const z = twoProportionZTest(prev.counts[3]!, prev.counts[2]!, cur.counts[3]!, cur.counts[2]!);
    expect(r).toMatchObject({ z: z.z, p_value: z.p_value, significant: z.significant });
  });

  it("filters the funnel by campaign, refuses a foreign campaign and a bad period", async () => {
    const b: FunnelAnswer = await h.ok(owner, "GET", `${B}/funnel?from=${from}&to=${to}&campaign_id=${campaignB}`);
    expect(b.current.stages[0]!.count).toBe(0);
    const foreign = await h.call(stranger, "GET", `${B}/funnel?from=${from}&to=${to}&campaign_id=${campaignA}`);
    expect(foreign.statusCode).toBe(404);
    const bad = await h.call(owner, "GET", `${B}/funnel?from=2026-13-01&to=${to}`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].field).toContain("from");
    const backwards = await h.call(owner, "GET", `${B}/funnel?from=${to}&to=${from}`);
    expect(backwards.statusCode).toBe(422);
    const other: FunnelAnswer = await h.ok(stranger, "GET", `${B}/funnel?from=${from}&to=${to}`);
    expect(other.current.stages[0]!.count).toBe(0);
  });

  it("saves the cost model (write permission) and allocates it per campaign", async () => {
    const model = {
      currency: "EUR",
      inbox_monthly_cost: 100,
      tooling_monthly_cost: 250,
      lead_cost_by_source: { import: 2 },
      default_lead_cost: 1,
    };
    expect((await h.call(viewer, "PUT", `${B}/cost-model`, model)).statusCode).toBe(403);
    const bad = await h.call(owner, "PUT", `${B}/cost-model`, { ...model, inbox_monthly_cost: -1 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].field).toContain("inbox_monthly_cost");
    const saved = await h.ok(owner, "PUT", `${B}/cost-model`, model);
    expect(saved).toMatchObject({ ...model, saved: true });
    expect(saved.known_sources).toEqual(["import", "manual"]);

    const a: RoiAnswer = await h.ok(owner, "GET", `${B}/roi?from=${from}&to=${to}`);
    const months = 20 / 30.4375; // from..to, both included, at the average month
    const inPeriod = gen.filter((g) => (g.delivered || g.bounced) && Math.max(1, g.createdAgo - 1) <= 19);
    const alpha = a.campaigns.find((c) => c.campaign_id === campaignA)!;
    expect(alpha.sent).toBe(inPeriod.length);
    // One campaign sent everything: it carries the whole inbox and tooling cost of the 20 days.
    expect(alpha.inbox_cost).toBeCloseTo(100 * months, 2);
    expect(alpha.tooling_cost).toBeCloseTo(250 * months, 2);
    const leadCost = inPeriod.reduce((n, g) => n + (gen.indexOf(g) % 2 ? 2 : 1), 0);
    expect(alpha.lead_cost).toBeCloseTo(leadCost, 2);
    const cost = Math.round((350 * months + leadCost) * 100) / 100;
    expect(alpha.cost).toBeCloseTo(cost, 2);
    const won = gen.filter((g) => g.won);
    expect(alpha.deals_won).toBe(won.length);
    expect(alpha.revenue).toBe(won.reduce((n, g) => n + g.value, 0));
    expect(alpha.roi).toBeCloseTo((alpha.revenue - cost) / cost, 3);
    const replies = inPeriod.filter((g) => g.replied).length;
    expect(alpha.replies).toBe(replies);
    expect(alpha.cost_per_reply).toBeCloseTo(cost / replies, 2);
    expect(a.totals.cost).toBeCloseTo(cost, 2);
    expect(a.campaigns.some((c) => c.campaign_id === campaignB)).toBe(false);
  });

  it("prefills the calculator with the workspace's own rates and labels defaults where it has none", async () => {
    const p = await h.ok(owner, "GET", `${B}/calculator/prefill`);
    const reached = gen.filter((g) => (g.delivered || g.bounced) && g.createdAgo - 1 < 90);
    const delivered = reached.filter((g) => g.delivered);
    expect(p.rates.delivered_share).toMatchObject({ successes: delivered.length, n: reached.length, origin: "workspace" });
    expect(p.rates.delivered_share.rate).toBe(wilson(delivered.length, reached.length).rate);
    const replied = delivered.filter((g) => g.replied);
    expect(p.rates.reply_rate).toMatchObject({ successes: replied.length, n: delivered.length });
    const met = delivered.filter((g) => g.meeting);
    expect(p.rates.meeting_rate).toMatchObject({ successes: met.length, n: replied.length });
    expect(p.rates.deal_rate).toMatchObject({ successes: met.filter((g) => g.deal).length, n: met.length });
    const won = gen.filter((g) => g.won);
    expect(p.rates.win_rate).toMatchObject({ successes: won.length, n: won.length, origin: "workspace" });
    expect(p.average_deal_value.value).toBeCloseTo(won.reduce((n, g) => n + g.value, 0) / won.length, 2);

    const empty = await h.ok(stranger, "GET", `${B}/calculator/prefill`);
    expect(empty.rates.reply_rate).toMatchObject({ origin: "industry_default", n: 0 });
    expect(empty.average_deal_value.origin).toBe("industry_default");
  });

  it("projects a plan: expected and bounds from every rate's interval", () => {
    const r = (rate: number, low = rate, high = rate) => ({ rate, low, high });
    const p = projectPlan({
      leads_per_month: 1000,
      delivered_share: r(0.9, 0.8, 1),
      reply_rate: r(0.1, 0.05, 0.2),
      meeting_rate: r(0.5),
      deal_rate: r(0.5),
      win_rate: r(0.4),
      average_deal_value: 2000,
      monthly_cost: 500,
      cost_per_lead: 0.5,
    });
    expect(p.expected).toMatchObject({ delivered: 900, cost: 1000 });
    expect(p.expected.replies).toBeCloseTo(90);
    expect(p.expected.won).toBeCloseTo(9);
    expect(p.expected.revenue).toBeCloseTo(18_000);
    expect(p.expected.roi).toBeCloseTo(17);
    expect(p.low.replies).toBeCloseTo(40);
    expect(p.high.replies).toBeCloseTo(200);
  });

  it("saves, lists in keyset pages, renames and deletes scenarios; bad input is a 422 naming the field", async () => {
    const prefill = await h.ok(owner, "GET", `${B}/calculator/prefill`);
    const rate = (k: string) => ({ rate: prefill.rates[k].rate, low: prefill.rates[k].low, high: prefill.rates[k].high });
    const inputs = {
      leads_per_month: 500,
      delivered_share: rate("delivered_share"),
      reply_rate: rate("reply_rate"),
      meeting_rate: rate("meeting_rate"),
      deal_rate: rate("deal_rate"),
      win_rate: rate("win_rate"),
      average_deal_value: 3000,
      monthly_cost: 200,
      cost_per_lead: 1,
    };
    const bad = await h.call(owner, "POST", `${B}/scenarios`, {
      name: "x",
      inputs: { ...inputs, reply_rate: { rate: 2, low: 0, high: 1 } },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].field).toContain("reply_rate");
    const noName = await h.call(owner, "POST", `${B}/scenarios`, { name: " ", inputs });
    expect(noName.statusCode).toBe(422);
    expect(noName.json().errors[0].field).toContain("name");
    expect((await h.call(viewer, "POST", `${B}/scenarios`, { name: "v", inputs })).statusCode).toBe(403);

    const made: Scenario[] = [];
    for (const name of ["One", "Two", "Three"]) made.push(await h.ok(owner, "POST", `${B}/scenarios`, { name, inputs }, 201));
    const p1 = await h.ok(owner, "GET", `${B}/scenarios?limit=2`);
    expect(p1.items.map((s: Scenario) => s.name)).toEqual(["Three", "Two"]);
    const p2 = await h.ok(owner, "GET", `${B}/scenarios?limit=2&cursor=${p1.next_cursor}`);
    expect(p2.items.map((s: Scenario) => s.name)).toEqual(["One"]);
    expect(p2.next_cursor).toBeNull();
    expect((await h.call(owner, "GET", `${B}/scenarios?cursor=nope`)).statusCode).toBe(422);

    const res = await patch(owner, `${B}/scenarios/${made[0]!.id}`, { name: "Renamed" });
    expect(res.statusCode).toBe(200);
    const renamed = res.json();
    expect(renamed).toMatchObject({ name: "Renamed", inputs });
    expect((await patch(stranger, `${B}/scenarios/${made[0]!.id}`, { name: "Mine" })).statusCode).toBe(404);
    expect((await h.call(stranger, "DELETE", `${B}/scenarios/${made[1]!.id}`)).statusCode).toBe(404);
    expect((await h.call(owner, "DELETE", `${B}/scenarios/${made[1]!.id}`)).statusCode).toBe(204);
    expect((await h.call(owner, "DELETE", `${B}/scenarios/${made[1]!.id}`)).statusCode).toBe(404);
    const left = await h.ok(owner, "GET", `${B}/scenarios`);
    expect(left.items.map((s: Scenario) => s.name)).toEqual(["Three", "Renamed"]);
    expect((await h.ok(stranger, "GET", `${B}/scenarios`)).items).toEqual([]);
  });

  it("draws p-chart limits from the pooled rate and each week's n, and flags weeks beyond them", () => {
    const { centre, weeks } = pChart([
      { week: "2026-01-05", n: 100, x: 10 },
      { week: "2026-01-12", n: 400, x: 30 },
      { week: "2026-01-19", n: 100, x: 40 },
      { week: "2026-01-26", n: 0, x: 0 },
    ]);
    const p = 80 / 600;
    expect(centre).toBeCloseTo(p, 4);
    const sigma100 = Math.sqrt((p * (1 - p)) / 100);
    expect(weeks[0]!.ucl).toBeCloseTo(p + 3 * sigma100, 4);
    expect(weeks[0]!.lcl).toBeCloseTo(Math.max(0, p - 3 * sigma100), 4);
    expect(weeks[1]!.lcl).toBeCloseTo(p - 3 * Math.sqrt((p * (1 - p)) / 400), 4);
    expect(weeks[1]!.signal).toBe("below");
    expect(weeks[2]!.signal).toBe("above");
    expect(weeks[2]!.wow_significant).toBe(true);
    expect(weeks[3]).toMatchObject({ lcl: null, ucl: null, signal: "none", wow_z: null });
  });

  it("answers the weekly p-chart over complete UTC weeks", async () => {
    const a = await h.ok(owner, "GET", `${B}/performance?weeks=8&metric=reply_rate`);
    expect(a.weeks).toHaveLength(8);
    expect(new Date(`${a.weeks[0].week}T00:00:00Z`).getUTCDay()).toBe(1);
    const total = a.weeks.reduce((n: number, w: { n: number }) => n + w.n, 0);
    const x = a.weeks.reduce((n: number, w: { successes: number }) => n + w.successes, 0);
    expect(a.centre).toBeCloseTo(x / total, 4);
    // The generated messages recounted by send week (Monday, UTC) within the chart's 8 complete weeks.
    const monday = (d: Date) => {
      const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
      return new Date(day - ((new Date(day).getUTCDay() + 6) % 7) * DAY).toISOString().slice(0, 10);
    };
    const weeks = new Set(a.weeks.map((w: { week: string }) => w.week));
    const delivered = gen.filter((g) => g.delivered && weeks.has(monday(daysAgo(Math.max(1, g.createdAgo - 1)))));
    expect(total).toBeGreaterThan(0);
    expect(total).toBe(delivered.length);
    expect(x).toBe(delivered.filter((g) => g.replied).length);
    expect((await h.call(owner, "GET", `${B}/performance?weeks=2`)).statusCode).toBe(422);
  });

  it("serves the recent events newest first in keyset pages, with per-minute counts of the last hour", async () => {
    const db = t.app.ctx.db;
    const msg = newId();
    await db.insert(campaignMessages).values({
      id: msg,
      workspaceId: owner.workspaceId,
      campaignId: campaignB,
      leadId: gen[0]!.leadId,
      step: 5,
      status: "sent",
      sentAt: new Date(),
    });
    const now = Date.now();
    await db.insert(campaignEvents).values(
      [1, 2, 3].map((m) => ({
        workspaceId: owner.workspaceId,
        campaignId: campaignB,
        leadId: gen[0]!.leadId,
        messageId: msg,
        type: "click" as const,
        occurredAt: new Date(now - m * 60_000),
      })),
    );
    const p1 = await h.ok(owner, "GET", `${B}/events?limit=2&campaign_id=${campaignB}`);
    expect(p1.items).toHaveLength(2);
    expect(p1.items[0]).toMatchObject({ type: "click", campaign_name: "Beta", lead_email: "gen0@example.org" });
    expect(p1.per_minute).toHaveLength(60);
    expect(p1.per_minute.reduce((n: number, m: { count: number }) => n + m.count, 0)).toBe(3);
    const p2 = await h.ok(owner, "GET", `${B}/events?limit=2&campaign_id=${campaignB}&cursor=${encodeURIComponent(p1.next_cursor)}`);
    expect(p2.items).toHaveLength(1);
    expect(p2.next_cursor).toBeNull();
    expect(new Date(p2.items[0].occurred_at).getTime()).toBeLessThan(new Date(p1.items[1].occurred_at).getTime());
    const opens = await h.ok(owner, "GET", `${B}/events?type=open&limit=200`);
    expect(opens.items.every((e: { type: string; is_bot: boolean }) => e.type === "open" && !e.is_bot)).toBe(true);
    expect((await h.ok(stranger, "GET", `${B}/events`)).items).toEqual([]);
  });
});
