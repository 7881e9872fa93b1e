/**
 * Analytics engine benchmark (docs/analytics.md "Bench"): POST /api/analytics/query on PostgreSQL
 * with 1,000,000 sent campaign messages (20 campaigns, 5 inboxes, 3 steps × 2 variants, over the
 * last 365 days), their events (30 % opened by a person, 10 % bot opens, 5 % clicked, 4 % replied,
 * 1 % auto-replies, meetings marked on the lead, unsubscribes, complaints, 2 % bounced), 100,000
 * leads and 10,000 deals, all seeded with generate_series SQL in a database of its own. It times a
 * full refresh of the rollup and an incremental one after a day's new sends, then typical reports
 * through the real app (app.inject: routing, auth, access, zod) from the rollup, beside a baseline
 * measured in the same run: the same reports recounted live from the outbox and events (the
 * engine's live mode, called directly). Target: every report's p95 ≤ 200 ms from the rollup. Then
 * GET /api/playbooks (90 days) over the same outbox: computed, and repeated (its stored answer).
 * Prints one JSON object.
 *
 *   DATABASE_URL=postgres://127.0.0.1:5432/test node bench/analytics.bench.ts
 *   ANALYTICS_BENCH_MESSAGES=1000000 (default) ANALYTICS_BENCH_REQUESTS=50 ANALYTICS_BENCH_BASELINE_RUNS=3
 *   ANALYTICS_BENCH_KEEP_DB=analytics_bench_1m: keep the seeded database under that name and, when it
 *     exists, reuse it (each run works on a copy: CREATE DATABASE … TEMPLATE), skipping the ~7 min seed.
 *     Drop it (`drop database analytics_bench_1m`) after a migration or a change of the seed.
 *   ANALYTICS_BENCH_BASELINE_RUNS=0 skips the live recount (253 s for the 12-month report).
 *   ANALYTICS_BENCH_PLAYBOOK_RUNS=5: playbooks computed (not served from a stored answer) this many times.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const MESSAGES = Number(process.env.ANALYTICS_BENCH_MESSAGES ?? 1_000_000);
const REQUESTS = Number(process.env.ANALYTICS_BENCH_REQUESTS ?? 50);
const BASELINE_RUNS = Number(process.env.ANALYTICS_BENCH_BASELINE_RUNS ?? 3);
const PLAYBOOK_RUNS = Number(process.env.ANALYTICS_BENCH_PLAYBOOK_RUNS ?? 5);
const LEADS = Math.min(100_000, Math.max(1_000, Math.round(MESSAGES / 10)));
const CAMPAIGNS = 20;
const TARGET_P95_MS = 200;
const KEEP_DB = process.env.ANALYTICS_BENCH_KEEP_DB;
if (KEEP_DB && !/^[a-z_][a-z0-9_]*$/.test(KEEP_DB)) throw new Error("ANALYTICS_BENCH_KEEP_DB: a lower-case SQL identifier");

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round((s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] as number) * 10) / 10;
};
const stats = (xs: number[]) => (xs.length ? { runs: xs.length, p50: pct(xs, 50), p95: pct(xs, 95), max: pct(xs, 100) } : null);
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

async function main() {
  if (!process.env.DATABASE_URL) throw new Error("Set DATABASE_URL to a PostgreSQL server (the bench creates and drops its own database)");
  const server = path.join(here, "../apps/server");
  const { createTestApp } = await import(path.join(server, "test/create-test-app.ts"));
  const { createUser, createSession } = await import(path.join(server, "test/factories.ts"));
  const { PG_TEMPLATE_ENV } = await import(path.join(server, "test/database-template.ts"));
  const { migrate } = await import(path.join(server, "src/db/migrate.ts"));
  const pg = (await import("pg")).default;
  const { runReport } = await import(path.join(server, "src/features/analytics/analytics.engine.ts"));
  const { refreshAnalytics } = await import(path.join(server, "src/features/analytics/engine.refresh.ts"));
  const { ReportQuery } = await import("@prospector/contracts");
  const { sql } = await import("drizzle-orm");

  const admin = async <T>(q: string) => {
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    try {
      return (await c.query(q)).rows as T[];
    } finally {
      await c.end();
    }
  };
  const kept = KEEP_DB ? (await admin(`select 1 from pg_database where datname = '${KEEP_DB}'`)).length > 0 : false;
  let seedSeconds: number | null = null;
  if (!kept) {
    const s = await createTestApp({}, { work: false });
    const seedStart = performance.now();
    await seed(s.app.ctx.db, await createUser(s.app.ctx.db));
    seedSeconds = Math.round((performance.now() - seedStart) / 100) / 10;
    if (KEEP_DB) {
      // Keep it: close the app without dropping its database, then rename it.
      await s.app.close();
      await s.database.close();
      const seeded = new URL(s.config.DATABASE_URL as string).pathname.slice(1);
      await admin(`alter database ${seeded} rename to ${KEEP_DB}`);
    } else await s.close();
  }
  if (KEEP_DB) process.env[PG_TEMPLATE_ENV] = KEEP_DB;
  const t = await createTestApp({}, { work: false });
  // A kept database may predate a migration: the copy gets the ones added since (none otherwise).
  if (KEEP_DB) await migrate(t.database);
  const db = t.app.ctx.db;
  const exec = (q: string) => db.execute(sql.raw(q));
  const rows = async <T>(q: string) => ((await exec(q)) as unknown as { rows: T[] }).rows;
  // The seeded workspace and its owner (a new session: sessions expire).
  const [owner] = await rows<{ id: string; workspace_id: string }>(
    `select c.created_by as id, c.workspace_id from campaigns c where c.name = 'Campaign 1' limit 1`,
  );
  const user = { id: owner!.id, headers: { authorization: `Bearer ${await createSession(db, owner!.id)}` } };
  const ws = owner!.workspace_id;
  await exec(
    `create temp table bench_leads as select id, (row_number() over (order by id) - 1)::int as k from leads where workspace_id = '${ws}'`,
  );
  await exec(
    `create temp table bench_campaigns as select id, (row_number() over (order by id) - 1)::int as k from campaigns where workspace_id = '${ws}'`,
  );
  const counts = (
    await rows<{ sent: number; events: number }>(`select
      (select count(*) from campaign_messages where workspace_id = '${ws}' and sent_at is not null)::int as sent,
      (select count(*) from campaign_events where workspace_id = '${ws}')::int as events`)
  )[0]!;

  // The rollup: a full build, then an incremental refresh after 2,000 sends today and their opens.
  let start = performance.now();
  const full = await refreshAnalytics(t.app.ctx, ws, { full: true });
  const fullMs = Math.round(performance.now() - start);
  await exec(`vacuum analyze analytics_daily`);
  await exec(`insert into campaign_messages (id, workspace_id, campaign_id, lead_id, step, variant, status, sent_at)
    select gen_random_uuid(), '${ws}', c.id, l.id, 5, 0, 'sent', now() - interval '1 minute'
    from bench_leads l join bench_campaigns c on c.k = l.k % ${CAMPAIGNS} where l.k < 2000`);
  // Their opens, recorded now (the tracker stamps events when they arrive).
  await exec(`insert into campaign_events (id, workspace_id, campaign_id, lead_id, message_id, type, occurred_at)
    select gen_random_uuid(), workspace_id, campaign_id, lead_id, id, 'open', now()
    from campaign_messages where workspace_id = '${ws}' and step = 5 and (hashtext(id::text) & 2147483647) % 10 < 3`);
  start = performance.now();
  const incremental = await refreshAnalytics(t.app.ctx, ws);
  const incrementalMs = Math.round(performance.now() - start);
  const rollupRows = (await rows<{ n: number }>(`select count(*)::int as n from analytics_daily where workspace_id = '${ws}'`))[0]!.n;

  const today = Date.now();
  const QUERIES: Record<string, object> = {
    days30_by_day: {
      metrics: ["sent", "delivered", "opened", "replied", "open_rate", "reply_rate"],
      dimensions: ["day"],
      from: isoDay(today - 29 * 86_400_000),
      to: isoDay(today),
    },
    days90_by_campaign: {
      metrics: ["sent", "replied", "reply_rate", "meetings", "deals_won"],
      dimensions: ["campaign"],
      from: isoDay(today - 89 * 86_400_000),
      to: isoDay(today),
      sort: "reply_rate",
    },
    days90_step_by_variant: {
      metrics: ["sent", "open_rate", "reply_rate"],
      dimensions: ["step", "variant"],
      from: isoDay(today - 89 * 86_400_000),
      to: isoDay(today),
    },
    months12_by_month: {
      metrics: ["sent", "replied", "reply_rate", "leads_created", "revenue_won"],
      dimensions: ["month"],
      from: isoDay(today - 364 * 86_400_000),
      to: isoDay(today),
    },
    command_center_today: {
      metrics: ["sent", "opened", "replied", "bounced", "meetings", "leads_created", "deals_won"],
      dimensions: [],
      from: isoDay(today),
      to: isoDay(today),
    },
  };

  const results: Record<string, unknown> = {};
  let meets = true;
  for (const [name, body] of Object.entries(QUERIES)) {
    const timings: number[] = [];
    let answer: { rows: unknown[]; totals: Record<string, { value: number | null }> } | undefined;
    for (let k = 0; k < REQUESTS + 5; k++) {
      const s = performance.now();
      const res = await t.app.inject({ method: "POST", url: "/api/analytics/query", headers: user.headers, payload: body });
      const ms = performance.now() - s;
      if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
      if (k >= 5) timings.push(ms);
      answer = res.json();
    }
    const live: number[] = [];
    let liveAnswer: typeof answer;
    for (let k = 0; k < BASELINE_RUNS; k++) {
      const s = performance.now();
      liveAnswer = (await runReport(t.app.ctx, ws, ReportQuery.parse(body), { live: true })) as typeof answer;
      live.push(performance.now() - s);
    }
    const rollup = stats(timings);
    meets &&= (rollup?.p95 ?? 0) <= TARGET_P95_MS;
    results[name] = {
      rows: answer?.rows.length,
      sent: answer?.totals.sent?.value,
      equal_to_live: BASELINE_RUNS ? JSON.stringify(answer?.totals) === JSON.stringify(liveAnswer?.totals) : null,
      rollup_http: rollup,
      baseline_live_direct: stats(live),
    };
  }
  // Playbooks (GET /api/playbooks, 90 days) over the same outbox: a computed answer (each request a
  // minimum sample not asked before, so no stored answer serves it) and a repeated one.
  const playbooksAt = async (minSends: number) => {
    const s = performance.now();
    const res = await t.app.inject({ method: "GET", url: `/api/playbooks?days=90&min_sends=${minSends}`, headers: user.headers });
    if (res.statusCode !== 200) throw new Error(`playbooks: ${res.statusCode} ${res.body}`);
    return { ms: performance.now() - s, body: res.json() as { totals: { sends: number } } };
  };
  const pbWarm = await playbooksAt(100); // send-insights computes and stores its send-time answer here
  const computed: number[] = [];
  for (let k = 0; k < PLAYBOOK_RUNS; k++) computed.push((await playbooksAt(101 + k)).ms);
  const repeated: number[] = [];
  for (let k = 0; k < REQUESTS; k++) repeated.push((await playbooksAt(100)).ms);
  const playbooks = {
    days: 90,
    sends: pbWarm.body.totals.sends,
    first_request_ms: Math.round(pbWarm.ms),
    computed: stats(computed),
    repeated: stats(repeated),
  };

  // The optimization funnel (GET /api/analytics/optimization/funnel): leads created in the last 7
  // and 90 days, followed through contacted, opened, replied, meeting, deal and won.
  const funnel: Record<string, unknown> = {};
  for (const days of [7, 90]) {
    const url = `/api/analytics/optimization/funnel?from=${isoDay(today - (days - 1) * 86_400_000)}&to=${isoDay(today)}`;
    const timings: number[] = [];
    let leads = 0;
    for (let k = 0; k < PLAYBOOK_RUNS + 2; k++) {
      const s = performance.now();
      const res = await t.app.inject({ method: "GET", url, headers: user.headers });
      if (res.statusCode !== 200) throw new Error(`funnel: ${res.statusCode} ${res.body}`);
      if (k >= 2) timings.push(performance.now() - s);
      leads = (res.json() as { current: { stages: { count: number }[] } }).current.stages[0]?.count ?? 0;
    }
    funnel[`days${days}`] = { cohort_leads: leads, http: stats(timings) };
  }

  await t.close();
  console.log(
    JSON.stringify(
      {
        bench: "analytics",
        database: "postgres",
        rows: { sent_messages: counts.sent, campaign_events: counts.events, leads: LEADS, deals: 10_000, analytics_daily: rollupRows },
        seed_seconds: seedSeconds,
        refresh: {
          full_ms: fullMs,
          full_groups: full.groups,
          incremental_ms: incrementalMs,
          incremental_groups: incremental.groups,
        },
        target: { rollup_p95_ms: TARGET_P95_MS },
        meets_target: meets,
        queries: results,
        playbooks,
        funnel,
      },
      null,
      2,
    ),
  );
}

/** Seeds the workspace of `user`: leads, campaigns, 1M messages and their events, deals (generate_series SQL). */
// biome-ignore lint/suspicious/noExplicitAny: the server's Db type is imported dynamically
async function seed(db: any, user: { id: string; workspaceId: string }) {
  const { sql } = await import("drizzle-orm");
  const ws = user.workspaceId;
  const exec = (q: string) => db.execute(sql.raw(q));
  const rows = async <T>(q: string) => ((await exec(q)) as unknown as { rows: T[] }).rows;

  const perLead = Math.max(1, Math.round(MESSAGES / LEADS));
  await exec(`insert into leads (id, workspace_id, email, source, owner_id, created_at)
    select gen_random_uuid(), '${ws}', 'lead' || i || '@example.org',
      (array['manual','import','scraper','api'])[1 + i % 4], case when i % 3 = 0 then null else '${user.id}'::uuid end,
      now() - ((i * 53) % (365 * 24 * 60) || ' minutes')::interval
    from generate_series(1, ${LEADS}) as i`);
  await exec(`insert into campaigns (id, workspace_id, name, status, steps, schedule, created_by)
    select gen_random_uuid(), '${ws}', 'Campaign ' || i, 'active', '[]'::jsonb, '{}'::jsonb, '${user.id}'
    from generate_series(1, ${CAMPAIGNS}) as i`);
  // Lead k gets perLead messages: the r-th in campaign (k + r) % 20 (so (campaign, lead, step) is unique), step r % 3.
  await exec(
    `create temp table bench_leads as select id, (row_number() over (order by id) - 1)::int as k from leads where workspace_id = '${ws}'`,
  );
  await exec(
    `create temp table bench_campaigns as select id, (row_number() over (order by id) - 1)::int as k from campaigns where workspace_id = '${ws}'`,
  );
  await exec(`insert into campaign_messages (id, workspace_id, campaign_id, lead_id, step, variant, inbox_id, status, sent_at)
    select gen_random_uuid(), '${ws}', c.id, l.id, r % 3, (l.k / 7) % 2,
      ('00000000-0000-4000-8000-00000000000' || ((c.k * 2 + l.k % 2) % 5))::uuid,
      case when (l.k * 7 + r) % 50 = 0 then 'bounced' else 'sent' end,
      now() - (((l.k * ${perLead} + r) * 37) % (365 * 24 * 60) || ' minutes')::interval
    from bench_leads l cross join generate_series(0, ${perLead - 1}) as r join bench_campaigns c on c.k = (l.k + r) % ${CAMPAIGNS}`);
  const events = (type: string, mod: number, hit: string, delay: string, bot = false) =>
    exec(`insert into campaign_events (id, workspace_id, campaign_id, lead_id, message_id, type, is_bot, occurred_at)
      select gen_random_uuid(), workspace_id, campaign_id, lead_id, id, '${type}', ${bot}, sent_at + interval '${delay}'
      from campaign_messages where workspace_id = '${ws}' and status = 'sent' and (hashtext(id::text) & 2147483647) % ${mod} ${hit}`);
  await events("open", 100, "< 30", "40 minutes");
  await events("open", 100, "between 90 and 99", "1 minute", true);
  await events("click", 100, "between 30 and 34", "50 minutes");
  await events("reply", 100, "between 35 and 38", "3 hours");
  await events("auto_reply", 100, "= 39", "5 minutes");
  await events("unsubscribe", 1000, "< 5", "2 hours");
  await events("complaint", 1000, "= 5", "2 hours");
  // Meetings are marked on the lead (no message): attributed to the lead's latest message before them.
  await exec(`insert into campaign_events (id, workspace_id, campaign_id, lead_id, type, occurred_at)
    select gen_random_uuid(), workspace_id, campaign_id, lead_id, 'meeting', sent_at + interval '1 day'
    from campaign_messages where workspace_id = '${ws}' and status = 'sent' and (hashtext(id::text) & 2147483647) % 1000 between 10 and 14`);
  await exec(`insert into campaign_events (id, workspace_id, campaign_id, lead_id, message_id, type, occurred_at)
    select gen_random_uuid(), workspace_id, campaign_id, lead_id, id, 'bounce', sent_at + interval '2 minutes'
    from campaign_messages where workspace_id = '${ws}' and status = 'bounced'`);
  const [stage] = await rows<{ id: string }>(`select id from crm_stages where workspace_id = '${ws}' and is_won limit 1`);
  const wonStage =
    stage?.id ??
    (
      await rows<{ id: string }>(`insert into crm_stages (id, workspace_id, name, position, probability, is_won)
        values (gen_random_uuid(), '${ws}', 'Won', 9, 100, true) returning id`)
    )[0]!.id;
  const [open] = await rows<{ id: string }>(`insert into crm_stages (id, workspace_id, name, position, probability)
    values (gen_random_uuid(), '${ws}', 'Bench open', 8, 40) returning id`);
  await exec(`insert into crm_deals (id, workspace_id, name, value, stage_id, owner_id, source_campaign_id, created_at, closed_at)
    select gen_random_uuid(), '${ws}', 'Deal ' || i, (i % 97) * 100, case when i % 5 = 0 then '${wonStage}'::uuid else '${open!.id}'::uuid end,
      '${user.id}', (select id from bench_campaigns where k = i % ${CAMPAIGNS}),
      now() - ((i * 331) % (365 * 24 * 60) || ' minutes')::interval,
      case when i % 5 = 0 then now() - ((i * 331) % (365 * 24 * 60) || ' minutes')::interval + interval '9 days' end
    from generate_series(1, 10000) as i`);
  for (const table of ["leads", "campaigns", "campaign_messages", "campaign_events", "crm_deals"]) await exec(`vacuum analyze ${table}`);
}

await main();
process.exit(0);
