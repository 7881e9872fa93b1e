/**
 * Leads benchmark: with N leads in a workspace, p95 of list and search requests through the real
 * app (app.inject: routing, auth, access, zod, Drizzle), and an N-row CSV import through the real
 * job path (multipart upload → pg-boss job → createLeadsBatch) against a raw multi-row INSERT of
 * the same rows measured in the same run. Targets (PostgreSQL): list + search p95 ≤ 50 ms, import
 * ≤ 30 s for 100,000 rows. Each database runs in its own child process so peak RSS is its own.
 * Prints one JSON object.
 *
 *   node bench/leads.bench.ts                          # PGlite only
 *   DATABASE_URL=postgres://… node bench/leads.bench.ts   # PostgreSQL and PGlite
 *   LEADS_BENCH_ROWS=100000 LEADS_BENCH_ROWS_PGLITE=100000 (defaults; 0 skips PGlite)
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { reportToParent, runInChild } from "./child-run.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const REQUESTS = Number(process.env.LEADS_BENCH_REQUESTS ?? 200);
const TARGET_P95_MS = 50;
const TARGET_IMPORT_S = 30;

type Target = "pglite" | "postgres";

async function main(): Promise<void> {
  const rows = Number(process.env.LEADS_BENCH_ROWS ?? 100_000);
  const pgliteRows = Number(process.env.LEADS_BENCH_ROWS_PGLITE ?? rows);
  const results: Record<string, unknown> = {};
  if (process.env.DATABASE_URL) results.postgres = await runInChild(fileURLToPath(import.meta.url), "postgres", rows);
  if (pgliteRows > 0) results.pglite = await runInChild(fileURLToPath(import.meta.url), "pglite", pgliteRows);
  const pg = results.postgres as Awaited<ReturnType<typeof run>> | undefined;
  console.log(
    JSON.stringify(
      {
        bench: "leads",
        requests_per_kind: REQUESTS,
        targets: { list_search_p95_ms: TARGET_P95_MS, import_100k_s: TARGET_IMPORT_S, database: "postgres" },
        meets_targets: pg ? pg.list_search.p95_ms <= TARGET_P95_MS && pg.import.seconds_per_100k <= TARGET_IMPORT_S : null,
        ...results,
      },
      null,
      2,
    ),
  );
}

// ---- Child: one database ----------------------------------------------------------------------

// Syllable pairs give 200 first and 300 last names: a name repeats about as often as in real lists.
const pairs = (a: string[], b: string[]) => a.flatMap((x) => b.map((y) => x + y));
const FIRST = pairs(
  ["Al", "Be", "Ca", "Da", "El", "Fa", "Ga", "Ha", "Il", "Jo", "Ka", "Le", "Ma", "Ni", "Ol", "Pa", "Ra", "Sa", "Ta", "Vi"],
  ["na", "ra", "mon", "ric", "lia", "ton", "dra", "vin", "sha", "len"],
);
const LAST = pairs(
  ["Smi", "Gar", "Mül", "Ros", "Naka", "Oka", "Sil", "Nov", "Lar", "Dub", "Kow", "Had", "Bren", "Fitz", "Yam"],
  [
    "th",
    "cia",
    "ler",
    "si",
    "mura",
    "for",
    "va",
    "ak",
    "sen",
    "ois",
    "ski",
    "dad",
    "nan",
    "roy",
    "ada",
    "berg",
    "wood",
    "ley",
    "ton",
    "man",
  ],
);
const COMPANY = ["Acme", "Globex", "Initech", "Umbrella", "Hooli", "Stark", "Wayne", "Wonka", "Tyrell", "Cyberdyne", "Soylent", "Vandelay"];
const TITLE = ["CEO", "CTO", "VP Sales", "Head of Growth", "Marketing Manager", "Engineer", "Founder", "Sales Director"];
const CITY = ["Berlin", "Austin", "Lagos", "Lisbon", "Osaka", "Toronto", "Madrid", "Oslo"];
const STATUS = ["new", "new", "new", "contacted", "replied", "interested", "not_interested"];

function lead(i: number) {
  const first = FIRST[i % FIRST.length] as string;
  const last = LAST[(i * 7 + Math.floor(i / FIRST.length)) % LAST.length] as string;
  const company = `${COMPANY[i % COMPANY.length]} ${Math.floor(i / 97)}`;
  const domain = `${company.toLowerCase().replace(/\s+/g, "")}.test`;
  return {
    first_name: first,
    last_name: last,
    email: `${first.toLowerCase()}.${i}@${domain}`,
    company_name: company,
    role: TITLE[i % TITLE.length] as string,
    phone: `+1 555 ${String(i % 10_000).padStart(4, "0")}`,
    website: `https://${domain}`,
    city: CITY[i % CITY.length] as string,
    country: "United States",
    industry: "Software",
    status: STATUS[i % STATUS.length] as string,
  };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round((s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0) * 100) / 100;
};
const stats = (xs: number[]) => ({ p50_ms: pct(xs, 50), p95_ms: pct(xs, 95), max_ms: pct(xs, 100) });

async function run(target: Target, rows: number) {
  const server = path.join(here, "../apps/server");
  const { createTestApp } = await import(path.join(server, "test/create-test-app.ts"));
  const { createUser } = await import(path.join(server, "test/factories.ts"));
  const { organizations } = await import(path.join(server, "src/features/organizations/organizations.table.ts"));
  const { leads } = await import(path.join(server, "src/features/leads/leads.table.ts"));
  const { newId } = await import(path.join(server, "src/platform/ids.ts"));
  const { eq, inArray } = await import("drizzle-orm");

  const t = await createTestApp({}, { work: true });
  const db = t.app.ctx.db;
  const users = [await createUser(db), await createUser(db)];
  await db
    .update(organizations)
    .set({ plan: "enterprise" })
    .where(
      inArray(
        organizations.id,
        users.map((u: { organizationId: string }) => u.organizationId),
      ),
    );
  const [seeded, importer] = users;

  // Baseline: the same rows as raw multi-row INSERTs, 1000 per statement and transaction.
  const baselineStart = performance.now();
  for (let i = 0; i < rows; i += 1000) {
    const chunk: (typeof leads.$inferInsert)[] = [];
    for (let j = i; j < Math.min(rows, i + 1000); j++) {
      const l = lead(j);
      chunk.push({
        id: newId(),
        workspaceId: seeded.workspaceId,
        firstName: l.first_name,
        lastName: l.last_name,
        email: l.email,
        companyName: l.company_name,
        role: l.role,
        phone: l.phone,
        website: l.website,
        city: l.city,
        country: l.country,
        industry: l.industry,
        status: l.status as "new",
        source: "import",
      });
    }
    await db.transaction((tx: typeof db) => tx.insert(leads).values(chunk));
  }
  const baselineMs = performance.now() - baselineStart;
  // Steady state: statistics and the visibility map as autovacuum would leave them.
  await db.execute("vacuum analyze leads");

  // List and search through the app.
  const inject = async (url: string) => {
    const start = performance.now();
    const res = await t.app.inject({ method: "GET", url, headers: seeded.headers });
    const ms = performance.now() - start;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return ms;
  };
  const listUrls = (k: number) =>
    [
      `/api/leads/?limit=50&skip=${(k * 50) % 5000}`,
      "/api/leads/?limit=50&status=contacted",
      "/api/leads/?limit=50&sort=company_name&order=asc",
      "/api/leads/?limit=50&sort=last_name&order=desc&status=new,replied",
    ][k % 4] as string;
  const searchUrls = (k: number) => {
    const terms = [
      LAST[k % LAST.length],
      `${COMPANY[k % COMPANY.length]} ${k % 500}`,
      `${FIRST[k % FIRST.length]?.toLowerCase()}.${k * 37}`,
      CITY[k % CITY.length],
    ];
    return `/api/leads/?limit=50&search=${encodeURIComponent(terms[k % terms.length] as string)}`;
  };
  for (let k = 0; k < 10; k++) {
    await inject(listUrls(k));
    await inject(searchUrls(k));
  }
  const list: number[] = [];
  const search: number[] = [];
  for (let k = 0; k < REQUESTS; k++) {
    list.push(await inject(listUrls(k)));
    search.push(await inject(searchUrls(k)));
  }

  // CSV import of the same rows through the real path.
  const header = ["First Name", "Last Name", "Email", "Company", "Title", "Corporate Phone", "Website", "City", "Country", "Industry"];
  const csvCell = (v: string) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  const lines = [header.join(",")];
  for (let i = 0; i < rows; i++) {
    const l = lead(i);
    lines.push(
      [l.first_name, l.last_name, l.email, l.company_name, l.role, l.phone, l.website, l.city, l.country, l.industry]
        .map(csvCell)
        .join(","),
    );
  }
  const csv = `${lines.join("\n")}\n`;
  lines.length = 0;
  const boundary = "----leadsbench";
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 50);
  const importStart = performance.now();
  const res = await t.app.inject({
    method: "POST",
    url: "/api/leads/import",
    payload,
    headers: { ...importer.headers, "content-type": `multipart/form-data; boundary=${boundary}` },
  });
  if (res.statusCode !== 202) throw new Error(`import: ${res.statusCode} ${res.body}`);
  const jobId = res.json().id;
  let job: { status: string; created: number; failed: number; progress: number };
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    const poll = await t.app.inject({ method: "GET", url: `/api/leads/import-jobs/${jobId}`, headers: importer.headers });
    job = poll.json();
    if (job.status === "completed" || job.status === "failed") break;
  }
  const importMs = performance.now() - importStart;
  clearInterval(sampler);
  const [{ n }] = (await db
    .select({ n: (await import("drizzle-orm")).count() })
    .from(leads)
    .where(eq(leads.workspaceId, importer.workspaceId))) as [{ n: number }];
  await t.close();

  const mb = (b: number) => Math.round(b / 1024 / 1024);
  return {
    database: target,
    rows,
    list: stats(list),
    search: stats(search),
    list_search: stats([...list, ...search]),
    import: {
      status: job.status,
      created: job.created,
      failed: job.failed,
      rows_in_table: n,
      seconds: Math.round(importMs / 100) / 10,
      seconds_per_100k: Math.round((importMs / rows) * 100_000) / 1000,
      csv_mb: Math.round((csv.length / 1024 / 1024) * 10) / 10,
      rss_before_mb: mb(rssBefore),
      rss_peak_mb: mb(rssPeak),
      rss_growth_mb: mb(rssPeak - rssBefore),
    },
    baseline_raw_insert: { seconds: Math.round(baselineMs / 100) / 10 },
    import_vs_raw_insert_ratio: Math.round((importMs / baselineMs) * 100) / 100,
  };
}

// Last, so every constant above is initialised before either side runs.
if (process.argv[2] === "--run") {
  const result = await run(process.argv[3] as Target, Number(process.argv[4]));
  reportToParent(result);
  process.exit(0);
} else {
  await main();
}
