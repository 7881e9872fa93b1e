/**
 * Deliverability benchmark: GET /api/deliverability (the whole page's answer: 50 inboxes on 10
 * sending domains, their cached checks, 30 days of bounce and complaint rates over 45,000 sent
 * emails, today's volume, campaigns) through the real app (app.inject: routing, auth, access, zod,
 * Drizzle), from cached checks, beside a baseline measured in the same run (GET /api/auth/me).
 * Target: p95 ≤ 300 ms. Each database runs in its own child process. Prints one JSON object.
 *
 *   node bench/deliverability.bench.ts                         # PGlite only
 *   DATABASE_URL=postgres://… node bench/deliverability.bench.ts  # PostgreSQL and PGlite
 *   DELIV_BENCH_REQUESTS=200 (default)
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { reportToParent, runInChild } from "./child-run.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const REQUESTS = Number(process.env.DELIV_BENCH_REQUESTS ?? 200);
const INBOXES = 50;
const DOMAINS = 10;
const PER_INBOX_PER_DAY = 30;
const TARGET_P95_MS = 300;

type Target = "pglite" | "postgres";

async function main(): Promise<void> {
  const results: Record<string, Awaited<ReturnType<typeof run>>> = {};
  if (process.env.DATABASE_URL)
    results.postgres = (await runInChild(fileURLToPath(import.meta.url), "postgres", INBOXES)) as Awaited<ReturnType<typeof run>>;
  results.pglite = (await runInChild(fileURLToPath(import.meta.url), "pglite", INBOXES)) as Awaited<ReturnType<typeof run>>;
  console.log(
    JSON.stringify(
      {
        bench: "deliverability",
        requests: REQUESTS,
        target: { p95_ms: TARGET_P95_MS },
        meets_target: Object.values(results).every((r) => r.overview.p95 <= TARGET_P95_MS),
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

async function run(target: Target, inboxes: number) {
  const server = path.join(here, "../apps/server");
  const { createTestApp } = await import(path.join(server, "test/create-test-app.ts"));
  const { addMember, createUser } = await import(path.join(server, "test/factories.ts"));
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

  const seedStart = performance.now();
  await exec(`insert into inboxes (id, workspace_id, kind, email, smtp, daily_limit, warmup_enabled, warmup_started_at)
    select gen_random_uuid(), '${ws}', 'smtp', 'sender' || i || '@domain' || (i % ${DOMAINS}) || '.test',
      jsonb_build_object('host', 'smtp.domain' || (i % ${DOMAINS}) || '.test', 'port', 587, 'secure', false, 'username', 'u' || i),
      100, i % 2 = 0, now() - ((i % 20) || ' days')::interval
    from generate_series(0, ${inboxes - 1}) as i`);
  await exec(`insert into campaigns (id, workspace_id, name, status, steps, schedule, inbox_ids)
    select gen_random_uuid(), '${ws}', 'Campaign ' || i, 'active', '[]'::jsonb,
      '{"timezone":"UTC","days":[1,2,3,4,5],"start":"09:00","end":"17:00"}'::jsonb,
      (select array_agg(id) from inboxes where workspace_id = '${ws}')
    from generate_series(0, 4) as i`);
  // 30 days × 30 emails per inbox per day; 2 % bounced, 0.1 % complained.
  await exec(`with i as (select id, row_number() over (order by id) as k from inboxes where workspace_id = '${ws}'),
      c as (select id from campaigns where workspace_id = '${ws}' limit 1)
    insert into campaign_messages (id, workspace_id, campaign_id, step, inbox_id, status, sent_at)
    select gen_random_uuid(), '${ws}', c.id, (i.k * 100000 + d * 100 + n)::int, i.id,
      case when (d * 31 + n) % 50 = 0 then 'bounced' else 'sent' end,
      now() - (d || ' days')::interval - (n || ' minutes')::interval
    from i, c, generate_series(0, 29) as d, generate_series(0, ${PER_INBOX_PER_DAY - 1}) as n`);
  await exec(`insert into campaign_events (id, workspace_id, campaign_id, message_id, type, occurred_at)
    select gen_random_uuid(), workspace_id, campaign_id, id, 'complaint', sent_at from campaign_messages
    where workspace_id = '${ws}' and status = 'sent' and step % 1000 = 7`);
  // Fresh cached checks for every domain (4 DNS checks + 4 blocklist zones), as a run leaves them.
  await exec(`insert into deliverability_checks (id, workspace_id, domain, kind, status, summary, found, fix, checked_at)
    select gen_random_uuid(), '${ws}', 'domain' || d || '.test', k, 'pass', 'Cached answer', 'v=spf1 -all', null, now()
    from generate_series(0, ${DOMAINS - 1}) as d,
      unnest(array['spf','dkim','dmarc','mx','blocklist:zen.spamhaus.org','blocklist:bl.spamcop.net','blocklist:b.barracudacentral.org','blocklist:dbl.spamhaus.org']) as k`);
  for (const table of ["inboxes", "campaigns", "campaign_messages", "campaign_events", "deliverability_checks"])
    await exec(`vacuum analyze ${table}`);
  const seedSeconds = Math.round((performance.now() - seedStart) / 100) / 10;
  const messages = (
    (await exec(`select count(*)::int as n from campaign_messages where workspace_id = '${ws}'`)) as unknown as { rows: { n: number }[] }
  ).rows[0]?.n;

  const inject = async (url: string) => {
    const start = performance.now();
    const res = await t.app.inject({ method: "GET", url, headers: headers() });
    const ms = performance.now() - start;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return { ms, body: res.json() };
  };
  const first = await inject("/api/deliverability?per_page=50");
  if (first.body.inboxes.length !== inboxes || first.body.domains.length !== DOMAINS || first.body.run !== null)
    throw new Error(
      `unexpected answer: ${first.body.inboxes.length} inboxes, ${first.body.domains.length} domains, run ${JSON.stringify(first.body.run)}`,
    );
  const timings: Record<string, number[]> = { overview: [], auth_me: [] };
  for (let k = 0; k < 10; k++) {
    await inject("/api/deliverability?per_page=50");
    await inject("/api/auth/me");
  }
  // Alternate, so a burst of other work on the machine lands on both sides.
  for (let k = 0; k < REQUESTS; k++) {
    timings.overview!.push((await inject("/api/deliverability?per_page=50")).ms);
    timings.auth_me!.push((await inject("/api/auth/me")).ms);
  }
  await t.close();
  const overview = stats(timings.overview!);
  const baseline = stats(timings.auth_me!);
  return {
    database: target,
    rows: { inboxes, domains: DOMAINS, campaign_messages: messages, cached_checks: DOMAINS * 8 },
    seed_seconds: seedSeconds,
    overview,
    baseline_auth_me: baseline,
    p95_vs_auth_me_ratio: Math.round((overview.p95 / baseline.p95) * 10) / 10,
    meets_target: overview.p95 <= TARGET_P95_MS,
  };
}

if (process.argv[2] === "--run") {
  const result = await run(process.argv[3] as Target, Number(process.argv[4]));
  reportToParent(result);
  process.exit(0);
} else {
  await main();
}
