/**
 * Send-insights benchmark: GET /api/send-insights/send-time and GET /api/send-insights/providers
 * with 50,000 delivered sends to 5,000 leads (in 10 countries and 20 cities, at 6 email domains,
 * 30 % opened by a person, 5 % replied, 10 % bot opens, 2 % bounced) through the real app
 * (app.inject: routing, auth, access, zod, Drizzle), beside a baseline measured in the same run
 * (GET /api/auth/me). It times the computation (the first read of a period computes and stores the
 * answer; later periods too: `compute`), then the reads from the stored answer (`cached`), then
 * the recompute job after new sends (`job`). Target: cached p95 ≤ 300 ms on both endpoints.
 * Each database runs in its own child process. Prints one JSON object.
 *
 *   node bench/send-insights.bench.ts                            # PGlite only
 *   DATABASE_URL=postgres://… node bench/send-insights.bench.ts  # PostgreSQL and PGlite
 *   INSIGHTS_BENCH_REQUESTS=200 (default) INSIGHTS_BENCH_SENDS=50000 (default) INSIGHTS_BENCH_ANALYZE=0 (no ANALYZE after seeding)
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { reportToParent, runInChild } from "./child-run.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const REQUESTS = Number(process.env.INSIGHTS_BENCH_REQUESTS ?? 200);
const SENDS = Number(process.env.INSIGHTS_BENCH_SENDS ?? 50_000);
const LEADS = 5_000;
const TARGET_P95_MS = 300;

type Target = "pglite" | "postgres";

async function main(): Promise<void> {
  const results: Record<string, Awaited<ReturnType<typeof run>>> = {};
  if (process.env.DATABASE_URL)
    results.postgres = (await runInChild(fileURLToPath(import.meta.url), "postgres", SENDS)) as Awaited<ReturnType<typeof run>>;
  results.pglite = (await runInChild(fileURLToPath(import.meta.url), "pglite", SENDS)) as Awaited<ReturnType<typeof run>>;
  console.log(
    JSON.stringify(
      {
        bench: "send-insights",
        requests: REQUESTS,
        target: { cached_p95_ms: TARGET_P95_MS },
        meets_target: Object.values(results).every((r) => r.meets_target),
        ...results,
      },
      null,
      2,
    ),
  );
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round((s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] as number) * 10) / 10;
};
const stats = (xs: number[]) => ({ p50: pct(xs, 50), p95: pct(xs, 95), max: pct(xs, 100) });

async function run(target: Target, sends: number) {
  const server = path.join(here, "../apps/server");
  const { createTestApp } = await import(path.join(server, "test/create-test-app.ts"));
  const { addMember, createUser } = await import(path.join(server, "test/factories.ts"));
  const { runSnapshotJob } = await import(path.join(server, "src/features/send-insights/send-insights.freshness.ts"));
  const { sql } = await import("drizzle-orm");

  const t = await createTestApp({}, { work: false });
  const db = t.app.ctx.db;
  const user = await createUser(db);
  const ws = user.workspaceId;
  const callers = [user];
  for (let k = 0; k < 3; k++) callers.push(await addMember(db, user, "admin"));
  let turn = 0;
  const headers = () => callers[turn++ % callers.length].headers;
  const exec = (q: string) => db.execute(sql.raw(q));
  const rows = async <T>(q: string) => ((await exec(q)) as unknown as { rows: T[] }).rows;

  const seedStart = performance.now();
  const places = [
    ["Germany", "Berlin"],
    ["US", "Austin, TX"],
    ["United Kingdom", "London"],
    ["France", "Paris"],
    ["US", "Seattle"],
    ["Japan", "Tokyo"],
    ["India", "Mumbai"],
    ["Australia", "Sydney NSW 2000"],
    ["Canada", "Toronto"],
    ["Brazil", ""],
    ["", ""],
    ["United States", ""],
  ];
  const placeSql = `(array[${places.map(([c]) => `'${c}'`).join(",")}])[1 + i % ${places.length}]`;
  const citySql = `(array[${places.map(([, c]) => `'${c}'`).join(",")}])[1 + (i / 7)::int % ${places.length}]`;
  await exec(`insert into leads (id, workspace_id, email, first_name, country, city)
    select gen_random_uuid(), '${ws}',
      'lead' || i || '@' || (array['gmail.com','outlook.com','yahoo.com','acme-corp.test','icloud.com','example.org'])[1 + i % 6],
      'Lead ' || i, nullif(${placeSql}, ''), nullif(${citySql}, '')
    from generate_series(1, ${LEADS}) as i`);
  await exec(`insert into campaigns (id, workspace_id, name, status, steps, schedule)
    select gen_random_uuid(), '${ws}', 'Campaign ' || i, 'active', '[]'::jsonb,
      '{"timezone":"America/New_York","days":[1,2,3,4,5],"start":"09:00","end":"17:00"}'::jsonb
    from generate_series(1, 5) as i`);
  // Sends spread over the last 170 days at every hour; each lead mailed ${sends / LEADS} times (distinct steps).
  await exec(`with l as (select id, row_number() over (order by id) as k from leads where workspace_id = '${ws}'),
      c as (select id, row_number() over (order by id) as k from campaigns where workspace_id = '${ws}')
    insert into campaign_messages (id, workspace_id, campaign_id, lead_id, step, status, sent_at)
    select gen_random_uuid(), '${ws}', c.id, l.id, s, case when (l.k * 7 + s) % 50 = 0 then 'bounced' else 'sent' end,
      now() - ((l.k * 13 + s * 997) % (170 * 24) || ' hours')::interval - ((l.k + s) % 60 || ' minutes')::interval
    from l join c on c.k = 1 + l.k % 5, generate_series(1, ${Math.round(sends / LEADS)}) as s`);
  const human = (type: string, mod: number, hit: string, delay: string, bot = false) =>
    exec(`insert into campaign_events (id, workspace_id, campaign_id, lead_id, message_id, type, is_bot, occurred_at)
      select gen_random_uuid(), workspace_id, campaign_id, lead_id, id, '${type}', ${bot}, sent_at + interval '${delay}'
      from campaign_messages where workspace_id = '${ws}' and status = 'sent' and (hashtext(id::text) & 2147483647) % ${mod} ${hit}`);
  await human("open", 10, "< 3", "40 minutes");
  await human("open", 10, "= 9", "1 minute", true);
  await human("click", 20, "= 1", "50 minutes");
  await human("reply", 20, "= 0", "3 hours");
  await exec(`insert into campaign_events (id, workspace_id, campaign_id, lead_id, message_id, type, occurred_at)
    select gen_random_uuid(), workspace_id, campaign_id, lead_id, id, 'bounce', sent_at + interval '2 minutes'
    from campaign_messages where workspace_id = '${ws}' and status = 'bounced'`);
  // INSIGHTS_BENCH_ANALYZE=0: measure on freshly loaded tables (no statistics), as a bulk import leaves them.
  if (process.env.INSIGHTS_BENCH_ANALYZE !== "0")
    for (const table of ["leads", "campaigns", "campaign_messages", "campaign_events"]) await exec(`vacuum analyze ${table}`);
  const seedSeconds = Math.round((performance.now() - seedStart) / 100) / 10;
  const counts = (
    await rows<{ messages: number; events: number }>(`select
      (select count(*) from campaign_messages where workspace_id = '${ws}')::int as messages,
      (select count(*) from campaign_events where workspace_id = '${ws}')::int as events`)
  )[0]!;

  const inject = async (method: "GET" | "POST", url: string, payload?: object) => {
    const start = performance.now();
    const res = await t.app.inject({ method, url, headers: headers(), payload });
    const ms = performance.now() - start;
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return { ms, body: res.json() };
  };
  const ST = "/api/send-insights/send-time";
  const PR = "/api/send-insights/providers";

  // The computation: first reads of periods nobody read yet (each computes and stores its answer).
  const compute: Record<string, number[]> = { send_time: [], providers: [] };
  for (const days of [180, 179, 178]) {
    const a = await inject("GET", `${ST}?days=${days}`);
    if (!a.body.cache.fresh || a.body.totals.sends < sends * 0.9)
      throw new Error(`unexpected send-time answer: ${JSON.stringify(a.body.totals)}`);
    compute.send_time!.push(a.ms);
    const b = await inject("GET", `${PR}?days=${days}`);
    if (!b.body.cache.fresh || b.body.totals.sent < sends * 0.9)
      throw new Error(`unexpected providers answer: ${JSON.stringify(b.body.totals)}`);
    compute.providers!.push(b.ms);
  }

  // Reads from the stored answers, alternating with the baseline so a burst of other work lands on all.
  const timings: Record<string, number[]> = { send_time: [], providers: [], auth_me: [] };
  for (let k = 0; k < 10; k++) {
    await inject("GET", `${ST}?days=180&metric=open`);
    await inject("GET", `${PR}?days=180`);
    await inject("GET", "/api/auth/me");
  }
  const metrics = ["reply", "open"];
  for (let k = 0; k < REQUESTS; k++) {
    const r = await inject("GET", `${ST}?days=180&metric=${metrics[k % 2]}&block_hours=${1 + (k % 6)}`);
    if (r.body.cache.fresh) throw new Error("a read recomputed");
    timings.send_time!.push(r.ms);
    timings.providers!.push((await inject("GET", `${PR}?days=180`)).ms);
    timings.auth_me!.push((await inject("GET", "/api/auth/me")).ms);
  }

  // The recompute job after new sends (what the sweep or Refresh runs), timed from its row.
  const job: Record<string, number> = {};
  for (const [kind, url] of [
    ["send_time", ST],
    ["providers", PR],
  ] as const) {
    await inject("POST", `${url}/recompute`, { days: 180 });
    const [row] = await rows<{ id: string }>(
      `select id from send_insights_snapshots where workspace_id = '${ws}' and kind = '${kind}' and days = 180 and campaign_id = ''`,
    );
    const start = performance.now();
    await runSnapshotJob(t.app.ctx, row!.id);
    job[kind] = Math.round(performance.now() - start);
  }
  await t.close();

  const cached = { send_time: stats(timings.send_time!), providers: stats(timings.providers!) };
  const baseline = stats(timings.auth_me!);
  const med = (xs: number[]) => pct(xs, 50);
  return {
    database: target,
    rows: { leads: LEADS, campaign_messages: counts.messages, campaign_events: counts.events },
    seed_seconds: seedSeconds,
    compute_first_read_ms: { send_time: compute.send_time!.map(Math.round), providers: compute.providers!.map(Math.round) },
    compute_median_ms: { send_time: med(compute.send_time!), providers: med(compute.providers!) },
    job_recompute_ms: job,
    cached,
    baseline_auth_me: baseline,
    meets_target: cached.send_time.p95 <= TARGET_P95_MS && cached.providers.p95 <= TARGET_P95_MS,
  };
}

if (process.argv[2] === "--run") {
  const result = await run(process.argv[3] as Target, Number(process.argv[4]));
  reportToParent(result);
  process.exit(0);
} else {
  await main();
}
