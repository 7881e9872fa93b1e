/**
 * Properties of the analytics engine on generated data (real database): every metric × dimension
 * answer equals a direct recount — the attribution written again as a join in SQL, the grouping
 * and counting done here in TypeScript — whether read from the rollup (after a full or an
 * incremental refresh) or live; totals of counts are the sums of their rows; keyset pages
 * concatenate to the whole answer. Another workspace's data sits beside it and must never show.
 */
import {
  type CampaignEventType,
  type DimensionKey,
  METRICS,
  MetricKey,
  ReportQuery,
  type ReportQueryParsed,
  type ReportResult,
} from "@prospector/contracts";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { wilson } from "../../platform/stats.ts";
import { runReport } from "./analytics.engine.ts";
import { refreshAnalytics } from "./engine.refresh.ts";

const DAY = 86_400_000;
/** A fixed clock: Monday 5 January 2026, 00:00 UTC. */
const BASE = Date.UTC(2026, 0, 5);
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const INBOXES = ["0193f000-0000-7000-8000-0000000000a1", "0193f000-0000-7000-8000-0000000000a2", null] as const;

let t: TestApp;
let owner: TestUser;
let member: TestUser;
let other: TestUser;

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.app.ctx.db;
  owner = await createUser(db);
  member = await addMember(db, owner, "sales_rep");
  await db.execute(sql`insert into crm_stages (id, workspace_id, name, position, probability, is_won, is_lost)
    values (gen_random_uuid(), ${owner.workspaceId}, 'Analytics open', 90, 50, false, false), (gen_random_uuid(), ${owner.workspaceId}, 'Analytics won', 91, 100, true, false)
    on conflict do nothing`);
  other = await createUser(db);
  // The other workspace: sends, events, leads and a won deal on the same days, which must never show.
  const [c] = rowsOf<{ id: string }>(
    await db.execute(sql`insert into campaigns (id, workspace_id, name, steps, schedule, created_by)
      values (gen_random_uuid(), ${other.workspaceId}, 'Other', '[]', '{}', ${other.id}) returning id`),
  );
  for (let i = 0; i < 5; i++) {
    const at = new Date(BASE + i * DAY + 3_600_000).toISOString();
    const [m] = rowsOf<{ id: string }>(
      await db.execute(sql`insert into campaign_messages (id, workspace_id, campaign_id, step, status, sent_at)
        values (gen_random_uuid(), ${other.workspaceId}, ${c!.id}, ${i}, 'sent', ${at}) returning id`),
    );
    await db.execute(sql`insert into campaign_events (id, workspace_id, campaign_id, message_id, type, occurred_at)
      values (gen_random_uuid(), ${other.workspaceId}, ${c!.id}, ${m!.id}, 'open', ${at}), (gen_random_uuid(), ${other.workspaceId}, ${c!.id}, ${m!.id}, 'reply', ${at})`);
    await db.execute(
      sql`insert into leads (id, workspace_id, source, created_at) values (gen_random_uuid(), ${other.workspaceId}, 'manual', ${at})`,
    );
  }
  await refreshAnalytics(t.app.ctx, other.workspaceId);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

// ————— the generated world —————

const EVENT_TYPES: CampaignEventType[] = ["open", "click", "reply", "auto_reply", "bounce", "unsubscribe", "complaint", "meeting"];

const world = fc.record({
  campaigns: fc.array(fc.constantFrom(0, 1), { minLength: 1, maxLength: 3 }),
  leads: fc.array(
    fc.record({
      source: fc.constantFrom("manual", "import", "scraper"),
      owner: fc.constantFrom(0, 1, null),
      day: fc.integer({ min: 0, max: 9 }),
      minute: fc.integer({ min: 0, max: 1439 }),
      deleted: fc.boolean(),
    }),
    { minLength: 1, maxLength: 6 },
  ),
  messages: fc.array(
    fc.record({
      c: fc.nat(2),
      lead: fc.nat(5),
      step: fc.nat(2),
      variant: fc.nat(1),
      inbox: fc.nat(2),
      status: fc.constantFrom("sent", "sent", "bounced", "queued", "failed"),
      day: fc.integer({ min: 0, max: 9 }),
      minute: fc.integer({ min: 0, max: 1439 }),
      events: fc.array(
        fc.record({
          type: fc.constantFrom(...EVENT_TYPES),
          bot: fc.boolean(),
          delay: fc.integer({ min: 0, max: 3000 }),
          onMessage: fc.boolean(),
        }),
        { maxLength: 4 },
      ),
    }),
    { maxLength: 25 },
  ),
  deals: fc.array(
    fc.record({
      c: fc.nat(3),
      owner: fc.constantFrom(0, 1, null),
      day: fc.integer({ min: 0, max: 9 }),
      closeAfter: fc.option(fc.integer({ min: 0, max: 5 })),
      won: fc.boolean(),
      value: fc.integer({ min: 0, max: 100_000 }),
    }),
    { maxLength: 6 },
  ),
  full: fc.boolean(),
});
type World = typeof world extends fc.Arbitrary<infer W> ? W : never;

async function plant(w: World): Promise<void> {
  const db = t.app.ctx.db;
  const ws = owner.workspaceId;
  const users = [owner.id, member.id];
  await db.execute(sql`delete from campaigns where workspace_id = ${ws}`);
  await db.execute(sql`delete from crm_deals where workspace_id = ${ws}`);
  await db.execute(sql`delete from leads where workspace_id = ${ws}`);
  await db.execute(sql`delete from analytics_refresh_state where workspace_id = ${ws}`);
  // The incremental path: a refresh before any of it happened, then one after.
  if (!w.full) await refreshAnalytics(t.app.ctx, ws, { now: new Date(BASE - DAY) });

  const campaignIds: string[] = [];
  for (const [i, o] of w.campaigns.entries()) {
    const [c] = rowsOf<{ id: string }>(
      await db.execute(sql`insert into campaigns (id, workspace_id, name, steps, schedule, created_by)
        values (gen_random_uuid(), ${ws}, ${`Campaign ${i}`}, '[]', '{}', ${users[o]!}) returning id`),
    );
    campaignIds.push(c!.id);
  }
  const leadIds: string[] = [];
  for (const l of w.leads) {
    const [r] = rowsOf<{ id: string }>(
      await db.execute(sql`insert into leads (id, workspace_id, source, owner_id, created_at)
        values (gen_random_uuid(), ${ws}, ${l.source}, ${l.owner === null ? null : users[l.owner]!}, ${new Date(BASE + l.day * DAY + l.minute * 60_000).toISOString()})
        returning id`),
    );
    leadIds.push(r!.id);
  }
  const seen = new Set<string>();
  for (const m of w.messages) {
    const campaignId = campaignIds[m.c % campaignIds.length]!;
    const leadId = leadIds[m.lead % leadIds.length]!;
    const once = `${campaignId}:${leadId}:${m.step}`;
    if (seen.has(once)) continue;
    seen.add(once);
    const sentAt = m.status === "queued" || m.status === "failed" ? null : BASE + m.day * DAY + m.minute * 60_000;
    const [row] = rowsOf<{ id: string }>(
      await db.execute(sql`insert into campaign_messages (id, workspace_id, campaign_id, lead_id, step, variant, inbox_id, status, sent_at)
        values (gen_random_uuid(), ${ws}, ${campaignId}, ${leadId}, ${m.step}, ${m.variant}, ${INBOXES[m.inbox]!}, ${m.status},
          ${sentAt === null ? null : new Date(sentAt).toISOString()}) returning id`),
    );
    for (const e of m.events) {
      const at = new Date((sentAt ?? BASE + m.day * DAY) + e.delay * 60_000).toISOString();
      await db.execute(sql`insert into campaign_events (id, workspace_id, campaign_id, lead_id, message_id, type, is_bot, occurred_at)
        values (gen_random_uuid(), ${ws}, ${campaignId}, ${leadId}, ${e.onMessage ? row!.id : null}, ${e.type}, ${e.bot}, ${at})`);
    }
  }
  const [stages] = [
    rowsOf<{ id: string; is_won: boolean }>(
      await db.execute(sql`select id, is_won from crm_stages where workspace_id = ${ws} and not is_lost order by is_won`),
    ),
  ];
  const open = stages!.find((s) => !s.is_won)!;
  const won = stages!.find((s) => s.is_won)!;
  for (const d of w.deals) {
    const created = BASE + d.day * DAY + 7_200_000;
    const closed = d.closeAfter === null ? null : created + d.closeAfter * DAY;
    await db.execute(sql`insert into crm_deals (id, workspace_id, name, value, stage_id, owner_id, source_campaign_id, created_at, closed_at)
      values (gen_random_uuid(), ${ws}, 'Deal', ${d.value / 100}, ${closed !== null && d.won ? won.id : open.id}, ${d.owner === null ? null : users[d.owner]!},
        ${d.c < campaignIds.length ? campaignIds[d.c]! : null}, ${new Date(created).toISOString()}, ${closed === null ? null : new Date(closed).toISOString()})`);
  }
  // Deleted leads: their messages and events stay, with no lead.
  for (const [i, l] of w.leads.entries()) if (l.deleted) await db.execute(sql`delete from leads where id = ${leadIds[i]!}`);
  await refreshAnalytics(t.app.ctx, ws, w.full ? { full: true } : { now: new Date(BASE + 30 * DAY) });
}

// ————— the reference recount —————

interface Fact {
  keys: Record<DimensionKey, string | null>;
  counts: Record<string, number>;
}

function timeKeys(iso: string): Pick<Record<DimensionKey, string>, "day" | "week" | "month" | "weekday"> {
  const t0 = Date.parse(`${iso}T00:00:00Z`);
  const dow = (new Date(t0).getUTCDay() + 6) % 7; // Monday 0
  return { day: iso, week: isoDay(t0 - dow * DAY), month: iso.slice(0, 7), weekday: String(dow + 1) };
}

async function referenceFacts(from: string, to: string): Promise<{ mail: Fact[]; leads: Fact[]; created: Fact[]; won: Fact[] }> {
  const db = t.app.ctx.db;
  const ws = owner.workspaceId;
  const lo = `${from}T00:00:00Z`;
  const hi = new Date(Date.parse(`${to}T00:00:00Z`) + DAY).toISOString();
  const mail = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select m.id, to_char(m.sent_at at time zone 'UTC', 'YYYY-MM-DD') as d, m.campaign_id, m.inbox_id, m.step, m.variant, c.created_by, m.status,
        coalesce((select array_agg(distinct e.type) from campaign_events e
          where not e.is_bot and (e.message_id = m.id or (e.message_id is null and e.campaign_id = m.campaign_id and e.lead_id = m.lead_id
            and m.sent_at = (select max(n.sent_at) from campaign_messages n
              where n.campaign_id = m.campaign_id and n.lead_id = m.lead_id and n.sent_at <= e.occurred_at)))), '{}') as types
      from campaign_messages m join campaigns c on c.id = m.campaign_id
      where m.workspace_id = ${ws} and m.sent_at >= ${lo} and m.sent_at < ${hi}`),
  ).map((r) => {
    const types = new Set(Array.isArray(r.types) ? (r.types as string[]) : String(r.types).replace(/[{}]/g, "").split(",").filter(Boolean));
    const bounced = r.status === "bounced" ? 1 : 0;
    return {
      keys: {
        ...timeKeys(String(r.d)),
        campaign: String(r.campaign_id),
        inbox: r.inbox_id == null ? null : String(r.inbox_id),
        step: String(r.step),
        variant: String(r.variant),
        owner: r.created_by == null ? null : String(r.created_by),
        lead_source: null,
      },
      counts: {
        sent: 1,
        bounced,
        delivered: 1 - bounced,
        opened: types.has("open") ? 1 : 0,
        clicked: types.has("click") ? 1 : 0,
        replied: types.has("reply") ? 1 : 0,
        meetings: types.has("meeting") ? 1 : 0,
        unsubscribed: types.has("unsubscribe") ? 1 : 0,
        complaints: types.has("complaint") ? 1 : 0,
      },
    };
  });
  const leads = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as d, owner_id, source from leads
      where workspace_id = ${ws} and created_at >= ${lo} and created_at < ${hi}`),
  ).map((r) => ({
    keys: {
      ...timeKeys(String(r.d)),
      owner: r.owner_id == null ? null : String(r.owner_id),
      lead_source: String(r.source),
      campaign: null,
      inbox: null,
      step: null,
      variant: null,
    },
    counts: { leads_created: 1 },
  }));
  const deals = async (col: "created_at" | "closed_at", wonOnly: boolean) =>
    rowsOf<Record<string, unknown>>(
      await db.execute(sql`select to_char(d.${sql.raw(col)} at time zone 'UTC', 'YYYY-MM-DD') as d, d.owner_id, d.source_campaign_id, d.value::float8 as value
        from crm_deals d join crm_stages s on s.id = d.stage_id
        where d.workspace_id = ${ws} and d.${sql.raw(col)} >= ${lo} and d.${sql.raw(col)} < ${hi} ${wonOnly ? sql`and s.is_won` : sql``}`),
    ).map((r) => ({
      keys: {
        ...timeKeys(String(r.d)),
        owner: r.owner_id == null ? null : String(r.owner_id),
        campaign: r.source_campaign_id == null ? null : String(r.source_campaign_id),
        inbox: null,
        step: null,
        variant: null,
        lead_source: null,
      },
      counts: (wonOnly ? { deals_won: 1, revenue_won: Number(r.value) } : { deals_created: 1 }) as Record<string, number>,
    }));
  return { mail, leads, created: await deals("created_at", false), won: await deals("closed_at", true) };
}

function expectedCell(metric: MetricKey, counts: Record<string, number>) {
  const spec = METRICS[metric];
  if (spec.ratio) {
    const x = counts[spec.ratio.numerator] ?? 0;
    const n = counts[spec.ratio.denominator] ?? 0;
    const e = wilson(x, n);
    return { value: e.rate, n, low: e.low, high: e.high };
  }
  return { value: Math.round((counts[metric] ?? 0) * 100) / 100 };
}

function expected(facts: Fact[], dims: DimensionKey[], metrics: MetricKey[]) {
  const groups = new Map<string, Record<string, number>>();
  for (const f of facts) {
    const id = JSON.stringify(dims.map((d) => f.keys[d]));
    const g = groups.get(id) ?? {};
    for (const [k, v] of Object.entries(f.counts)) g[k] = (g[k] ?? 0) + v;
    groups.set(id, g);
  }
  return new Map([...groups].map(([id, g]) => [id, Object.fromEntries(metrics.map((m) => [m, expectedCell(m, g)]))]));
}

const asMap = (r: ReportResult, dims: DimensionKey[]) =>
  new Map(r.rows.map((row) => [JSON.stringify(dims.map((d) => row.keys[d])), row.values]));

const SOURCES: Record<string, MetricKey[]> = {
  mail: MetricKey.options.filter((m) => METRICS[m].dimensions.includes("inbox") && METRICS[m].kind === "count"),
  rates: MetricKey.options.filter((m) => METRICS[m].kind === "rate"),
  leads: ["leads_created"],
  created: ["deals_created"],
  won: ["deals_won", "revenue_won"],
};
const DIMS: DimensionKey[][] = [
  [],
  ["day"],
  ["week"],
  ["month"],
  ["weekday"],
  ["campaign"],
  ["inbox"],
  ["step", "variant"],
  ["owner"],
  ["lead_source"],
  ["owner", "day"],
];

async function everyPage(q: ReportQueryParsed, live: boolean): Promise<ReportResult["rows"]> {
  const rows: ReportResult["rows"] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 200; i++) {
    const page = await runReport(t.app.ctx, owner.workspaceId, { ...q, limit: 3, cursor }, { live });
    rows.push(...page.rows);
    if (!page.next_cursor) return rows;
    cursor = page.next_cursor;
  }
  throw new Error("paging did not end");
}

describe("the engine against a direct recount", () => {
  it("every metric × dimension, rollup and live, equals the recount; totals sum the rows; pages concatenate", async () => {
    await fc.assert(
      fc.asyncProperty(world, fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 }), async (w, a, b) => {
        await plant(w);
        const ranges = [
          { from: isoDay(BASE), to: isoDay(BASE + 9 * DAY) },
          { from: isoDay(BASE + Math.min(a, b) * DAY), to: isoDay(BASE + Math.max(a, b) * DAY) },
        ];
        for (const range of ranges) {
          const facts = await referenceFacts(range.from, range.to);
          for (const [source, metrics] of Object.entries(SOURCES)) {
            for (const dims of DIMS) {
              if (!dims.every((d) => metrics.every((m) => METRICS[m].dimensions.includes(d)))) continue;
              const q = ReportQuery.parse({ metrics, dimensions: dims, ...range, limit: 1000 });
              const want = expected(facts[(source === "rates" ? "mail" : source) as keyof typeof facts], dims, metrics);
              for (const live of [false, true]) {
                const got = await runReport(t.app.ctx, owner.workspaceId, q, { live });
                expect(asMap(got, dims), `${source} by ${dims.join("×") || "nothing"} (${live ? "live" : "rollup"})`).toEqual(want);
                for (const m of metrics)
                  if (METRICS[m].kind !== "rate") {
                    const sum = got.rows.reduce((s, r) => s + (r.values[m]?.value ?? 0), 0);
                    expect(got.totals[m]?.value).toBeCloseTo(sum, 6);
                  }
              }
              if (dims.length) {
                const whole = await runReport(t.app.ctx, owner.workspaceId, q);
                expect(await everyPage(q, false)).toEqual(whole.rows);
                const sorted = ReportQuery.parse({ ...q, sort: metrics[0] });
                expect(await everyPage(sorted, false)).toEqual((await runReport(t.app.ctx, owner.workspaceId, sorted)).rows);
              }
            }
          }
        }
      }),
      { numRuns: 12 },
    );
  }, 600_000);
});
