/**
 * The engine over HTTP: the catalogue, validation that names the field, workspace isolation,
 * rates with their sample and Wilson interval, labels, freshness (a refresh job through the route;
 * the rollup lags until refreshed) and the cohort rule (a reply counts on its message's send day).
 */
import { AnalyticsCatalog, AnalyticsRefreshStatus, ErrorBody, ReportResult } from "@prospector/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { waitFor } from "../../../test/wait.ts";
import { refreshAnalytics, tick } from "./engine.refresh.ts";

const DAY = 86_400_000;
/** A fixed clock well inside the days: Wednesday 14 January 2026, 12:00 UTC. */
const NOON = Date.UTC(2026, 0, 14, 12);
const iso = (t: number) => new Date(t).toISOString();
const isoDay = (t: number) => iso(t).slice(0, 10);
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

let t: TestApp;
let a: TestUser;
let b: TestUser;
let campaignId: string;

async function query(user: TestUser, body: unknown) {
  return t.app.inject({ method: "POST", url: "/api/analytics/query", headers: user.headers, payload: body as object });
}

/** n sends on `at` in the campaign, `opens` of them opened (plus a bot open on each), one reply the next day. */
async function seed(ws: string, campaign: string, at: number, n: number, opens: number): Promise<string[]> {
  const db = t.app.ctx.db;
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const [m] = rowsOf<{ id: string }>(
      await db.execute(sql`insert into campaign_messages (id, workspace_id, campaign_id, step, variant, status, sent_at)
        values (gen_random_uuid(), ${ws}, ${campaign}, ${i % 2}, 0, 'sent', ${iso(at + i * 60_000)}) returning id`),
    );
    ids.push(m!.id);
    await db.execute(sql`insert into campaign_events (id, workspace_id, campaign_id, message_id, type, is_bot, occurred_at)
      values (gen_random_uuid(), ${ws}, ${campaign}, ${m!.id}, 'open', true, ${iso(at + i * 60_000 + 1000)})`);
    if (i < opens)
      await db.execute(sql`insert into campaign_events (id, workspace_id, campaign_id, message_id, type, occurred_at)
        values (gen_random_uuid(), ${ws}, ${campaign}, ${m!.id}, 'open', ${iso(at + i * 60_000 + 5000)})`);
  }
  return ids;
}

async function newCampaign(user: TestUser, name: string): Promise<string> {
  const [c] = rowsOf<{ id: string }>(
    await t.app.ctx.db.execute(sql`insert into campaigns (id, workspace_id, name, steps, schedule, created_by)
      values (gen_random_uuid(), ${user.workspaceId}, ${name}, '[]', '{}', ${user.id}) returning id`),
  );
  return c!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createUser(t.app.ctx.db, { name: "Ada Owner" });
  b = await createUser(t.app.ctx.db);
  campaignId = await newCampaign(a, "Spring outreach");
  await seed(a.workspaceId, campaignId, NOON, 10, 3);
  const other = await newCampaign(b, "Other workspace");
  await seed(b.workspaceId, other, NOON, 7, 7);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const day = { from: isoDay(NOON), to: isoDay(NOON) };

describe("GET /api/analytics/catalog", () => {
  it("lists every metric with its source and dimensions", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/analytics/catalog", headers: a.headers });
    expect(res.statusCode).toBe(200);
    const body = AnalyticsCatalog.parse(res.json());
    expect(body.metrics.find((m) => m.key === "reply_rate")).toMatchObject({ kind: "rate", source: "Replied ÷ delivered" });
    expect(body.metrics.find((m) => m.key === "leads_created")?.dimensions).toContain("lead_source");
    expect(body.dimensions.map((d) => d.key)).toContain("weekday");
  });

  it("needs a signed-in caller", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/analytics/catalog" });
    expect(res.statusCode).toBe(401);
  });
});

describe("POST /api/analytics/query validation (422 naming the field)", () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ["a dimension the metric cannot be cut by", { metrics: ["leads_created"], dimensions: ["inbox"], ...day }, "dimensions"],
    ["from after to", { metrics: ["sent"], from: "2026-02-02", to: "2026-02-01" }, "from"],
    ["a range over 731 days", { metrics: ["sent"], from: "2024-01-01", to: "2026-01-02" }, "to"],
    [
      "a filter the metric cannot take",
      { metrics: ["leads_created"], ...day, filters: { inbox_ids: [campaignIdPlaceholder()] } },
      "filters.inbox_ids",
    ],
    ["sorting by a metric not asked for", { metrics: ["sent"], dimensions: ["day"], ...day, sort: "opened" }, "sort"],
    ["a cursor that is not one", { metrics: ["sent"], dimensions: ["day"], ...day, cursor: "not-a-cursor" }, "cursor"],
  ];
  for (const [what, body, field] of cases)
    it(`refuses ${what}`, async () => {
      const res = await query(a, body);
      expect(res.statusCode).toBe(422);
      const err = ErrorBody.parse(res.json());
      expect(err.code).toBe("ANALYTICS_INVALID_QUERY");
      expect(err.errors?.map((e) => e.field)).toContain(field);
    });

  it("refuses an unknown metric and a bad date through the contract", async () => {
    const res = await query(a, { metrics: ["revenue"], from: "2026-13-01", to: "2026-01-01" });
    expect(res.statusCode).toBe(422);
    const fields = ErrorBody.parse(res.json()).errors?.map((e) => e.field) ?? [];
    expect(fields.some((f) => f.startsWith("metrics"))).toBe(true);
    expect(fields).toContain("from");
  });

  it("accepts exactly 731 days", async () => {
    const res = await query(a, { metrics: ["sent"], from: "2024-01-01", to: "2025-12-31" });
    expect(res.statusCode).toBe(200);
  });
});

describe("answers", () => {
  it("gives rates with n and the 95 % Wilson interval, bots excluded, and labels", async () => {
    const res = await query(a, { metrics: ["sent", "opened", "open_rate"], dimensions: ["campaign"], ...day });
    expect(res.statusCode).toBe(200);
    const body = ReportResult.parse(res.json());
    expect(body.rows).toHaveLength(1);
    const row = body.rows[0]!;
    expect(row.labels.campaign).toBe("Spring outreach");
    expect(row.values.sent).toEqual({ value: 10 });
    expect(row.values.opened).toEqual({ value: 3 });
    // 3 of 10: Wilson 95 % [0.1078, 0.6032].
    expect(row.values.open_rate).toEqual({ value: 0.3, n: 10, low: 0.1078, high: 0.6032 });
    expect(body.totals.open_rate).toEqual(row.values.open_rate);
    expect(body.sources.open_rate).toBe("Opened ÷ delivered");
  });

  it("never shows another workspace's figures", async () => {
    const mine = ReportResult.parse((await query(a, { metrics: ["sent", "opened"], ...day })).json());
    const theirs = ReportResult.parse((await query(b, { metrics: ["sent", "opened"], ...day })).json());
    expect(mine.totals.sent?.value).toBe(10);
    expect(theirs.totals.sent?.value).toBe(7);
    expect(theirs.totals.opened?.value).toBe(7);
    // Filtering by another workspace's campaign finds nothing.
    const cross = ReportResult.parse((await query(b, { metrics: ["sent"], ...day, filters: { campaign_ids: [campaignId] } })).json());
    expect(cross.rows).toEqual([]);
    expect(cross.totals.sent?.value).toBe(0);
  });

  it("labels steps, variants, weekdays and owners", async () => {
    const body = ReportResult.parse((await query(a, { metrics: ["sent"], dimensions: ["step", "weekday"], ...day })).json());
    expect(body.rows.map((r) => [r.labels.step, r.labels.weekday, r.values.sent?.value])).toEqual([
      ["Step 1", "Wednesday", 5],
      ["Step 2", "Wednesday", 5],
    ]);
    const owners = ReportResult.parse((await query(a, { metrics: ["sent"], dimensions: ["owner"], ...day })).json());
    expect(owners.rows[0]?.labels.owner).toBe("Ada Owner");
  });

  it("a viewer may read; a role without analytics:read may not", async () => {
    const viewer = await addMember(t.app.ctx.db, a, "viewer");
    expect((await query(viewer, { metrics: ["sent"], ...day })).statusCode).toBe(200);
    const rep = await addMember(t.app.ctx.db, a, "sales_rep");
    expect((await query(rep, { metrics: ["sent"], ...day })).statusCode).toBe(403);
  });
});

describe("freshness and the cohort rule", () => {
  it("reads the rollup once refreshed, lags until the next refresh, and counts a late reply on the send day", async () => {
    const user = await createUser(t.app.ctx.db);
    const c = await newCampaign(user, "Cohort");
    const [first] = await seed(user.workspaceId, c, NOON - DAY, 2, 0);
    const live = ReportResult.parse((await query(user, { metrics: ["sent"], ...day, from: isoDay(NOON - DAY) })).json());
    expect(live.computed_at).toBeNull();
    expect(live.totals.sent?.value).toBe(2);

    // The route queues the refresh job; it runs and reports its outcome.
    const asked = await t.app.inject({ method: "POST", url: "/api/analytics/refresh", headers: user.headers, payload: {} });
    expect(asked.statusCode).toBe(202);
    expect(AnalyticsRefreshStatus.parse(asked.json()).status).toBe("queued");
    const done = await waitFor(
      async () => {
        const s = AnalyticsRefreshStatus.parse(
          (await t.app.inject({ method: "GET", url: "/api/analytics/refresh", headers: user.headers })).json(),
        );
        return s.status === "idle" && s.computed_at ? s : null;
      },
      { what: "the refresh job" },
    );
    expect(done.groups_refreshed).toBe(1);

    // A reply today to yesterday's message: not in the rollup until refreshed, then on yesterday.
    await t.app.ctx.db.execute(sql`insert into campaign_events (id, workspace_id, campaign_id, message_id, type, occurred_at)
      values (gen_random_uuid(), ${user.workspaceId}, ${c}, ${first!}, 'reply', now()), (gen_random_uuid(), ${user.workspaceId}, ${c}, ${first!}, 'auto_reply', now())`);
    const q = { metrics: ["replied"], dimensions: ["day"], from: isoDay(NOON - DAY), to: isoDay(Date.now()) };
    const before = ReportResult.parse((await query(user, q)).json());
    expect(before.computed_at).not.toBeNull();
    expect(before.totals.replied?.value).toBe(0);
    await refreshAnalytics(t.app.ctx, user.workspaceId);
    const after = ReportResult.parse((await query(user, q)).json());
    expect(after.rows.map((r) => [r.keys.day, r.values.replied?.value])).toEqual([[isoDay(NOON - DAY), 1]]);
  });
});

describe("the schedule's pass", () => {
  it("queues a refresh for a workspace with sends after its watermark, and none once it is current", async () => {
    const user = await createUser(t.app.ctx.db);
    const c = await newCampaign(user, "Scheduled");
    await seed(user.workspaceId, c, Date.now() - 10 * 60_000, 3, 1);
    const status = async () =>
      AnalyticsRefreshStatus.parse((await t.app.inject({ method: "GET", url: "/api/analytics/refresh", headers: user.headers })).json());
    expect((await status()).computed_at).toBeNull();
    await tick(t.app.ctx);
    const done = await waitFor(async () => ((await status()).computed_at ? status() : null), { what: "the scheduled refresh" });
    expect(done.status).toBe("idle");
    const body = ReportResult.parse(
      (await query(user, { metrics: ["sent", "opened"], from: isoDay(Date.now() - DAY), to: isoDay(Date.now()) })).json(),
    );
    expect(body.computed_at).toBe(done.computed_at);
    expect([body.totals.sent?.value, body.totals.opened?.value]).toEqual([3, 1]);
    // Current now: the next pass leaves it alone (its watermark is after every send and event).
    await tick(t.app.ctx);
    expect((await status()).status).toBe("idle");
  });
});

function campaignIdPlaceholder(): string {
  return "0193f000-0000-7000-8000-0000000000a1";
}
