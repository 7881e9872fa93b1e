import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { waitFor } from "../../../test/wait.ts";
import { startDnsServer } from "../enrichment/dns.fixtures.ts";
import { leads } from "../leads/index.ts";
import { NAME_GUESS_SOURCE } from "./crawl-leads.ts";
import { companySite, fakeGooglePlaces, fakeLinkedInProvider, page, serveSite, siblingTeamSite } from "./scraping.fixtures.ts";

type Site = Awaited<ReturnType<typeof serveSite>>;
const named = (s: Site, host: string): Site => ({ ...s, url: s.url.replace("127.0.0.1", host) });

describe("scraping jobs", () => {
  let t: TestApp;
  let owner: TestUser;
  let site: Site;
  let slow: Site;
  let dental: Site;
  let northwind: Site;
  let dns: Awaited<ReturnType<typeof startDnsServer>>;
  let places: Awaited<ReturnType<typeof fakeGooglePlaces>>;
  let linkedin: Awaited<ReturnType<typeof fakeLinkedInProvider>>;
  const events: { type: string; payload: { id: string; status: string; progress: number } }[] = [];

  beforeAll(async () => {
    // Sites are reached by name, as in production: a local DNS server points the names at 127.0.0.1.
    dns = await startDnsServer({
      "acme-robotics.test": { a: ["127.0.0.1"] },
      "slow.test": { a: ["127.0.0.1"] },
      "leedsdental.test": { a: ["127.0.0.1"] },
      "www.northwind.test": { a: ["127.0.0.1"] },
    });
    site = named(await serveSite(companySite), "acme-robotics.test");
    // 60 pages that answer slowly: a job on it is still running when the test cancels it.
    slow = named(
      await serveSite(() => {
        const pages: Record<string, string> = {};
        for (let i = 0; i < 60; i++)
          pages[i === 0 ? "/" : `/p/${i}`] = page(`P${i}`, `<a href="/p/${i + 1}">next</a> person${i}@slow.test`);
        return pages;
      }),
      "slow.test",
    );
    dental = named(
      await serveSite(() => ({
        "/": page("Leeds Dental 1", `<a href="/contact">Contact</a>`, `<meta name="description" content="Family dentist in Leeds.">`),
        "/contact": page(
          "Contact",
          `<p>Book: reception@leedsdental.test</p><p>Hygienist: k.patel@leedsdental.test</p><div class="card"><h4>Sarah Jones</h4><p>Principal Dentist</p><a href="mailto:sarah@leedsdental.test">Email</a></div>`,
        ),
      })),
      "leedsdental.test",
    );
    northwind = named(await serveSite(siblingTeamSite), "www.northwind.test");
    places = await fakeGooglePlaces({ key: "places-key", total: 3, websiteFor: (i) => (i === 1 ? `${dental.url}/` : undefined) });
    linkedin = await fakeLinkedInProvider({ key: "li-key", total: 30 });
    t = await createTestApp({
      OUTBOUND_ALLOWLIST: "127.0.0.1",
      GOOGLE_PLACES_API_KEY: "places-key",
      GOOGLE_PLACES_BASE_URL: places.url,
      LINKEDIN_PROVIDER_API_KEY: "li-key",
      LINKEDIN_PROVIDER_BASE_URL: linkedin.url,
      DNS_SERVERS: dns.server,
    });
    owner = await createUser(t.app.ctx.db);
    await t.app.ctx.bus.subscribe(`ws:${owner.workspaceId}`, (m) => events.push(m as (typeof events)[number]));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await Promise.all([
      site?.close(),
      slow?.close(),
      dental?.close(),
      northwind?.close(),
      places?.close(),
      linkedin?.close(),
      dns?.close(),
    ]);
  });

  const post = (url: string, body: unknown, user = owner) =>
    t.app.inject({ method: "POST", url, headers: user.headers, payload: body as object });
  const get = (url: string, user = owner) => t.app.inject({ method: "GET", url, headers: user.headers });

  const jobIn = (id: string, done = ["completed", "failed", "cancelled"], user = owner) =>
    waitFor(
      async () => {
        const res = await get(`/api/leads/scraping-jobs/${id}`, user);
        expect(res.statusCode).toBe(200);
        const job = res.json();
        return done.includes(job.status) && job;
      },
      { what: `scraping job ${id} to be ${done.join(" or ")}`, timeoutMs: 45_000, intervalMs: 200 },
    );
  /** The queue's handler for this job has returned (pg-boss marks it completed): it fetches nothing more. */
  const handlerReturned = (id: string) =>
    waitFor(
      async () => {
        const res = (await t.app.ctx.db.execute(
          sql`select state from pgboss.job where name = 'scraping.run' and data->>'jobId' = ${id}`,
        )) as unknown as { rows: { state: string }[] };
        return res.rows.some((r) => r.state === "completed");
      },
      { what: `the scraping.run handler of job ${id} to return`, timeoutMs: 30_000 },
    );

  it("crawls a website into leads, pushing progress over the team socket", async () => {
    const res = await post("/api/leads/scrape/website", { url: `${site.url}/`, max_pages: 10 });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({
      source: "website",
      status: "queued",
      progress: 0,
      parameters: { url: `${site.url}/`, max_pages: 10 },
    });
    const job = await jobIn(res.json().id);
    expect(job.status).toBe("completed");
    expect(job.progress).toBe(100);
    expect(job.counts).toMatchObject({ created: 3, duplicates_skipped: 0, failed: 0 });
    expect(job.result_lead_ids).toHaveLength(3);
    expect(job.notes.join("\n")).toMatch(/robots\.txt/);

    const rows = await t.app.ctx.db.select().from(leads).where(eq(leads.workspaceId, owner.workspaceId));
    const byEmail = Object.fromEntries(rows.map((r) => [r.email, r]));
    expect(byEmail["jane.doe@acme-robotics.test"]).toMatchObject({
      firstName: "Jane",
      lastName: "Doe",
      role: "Chief Executive Officer",
      source: "website",
    });
    expect(byEmail["jane.doe@acme-robotics.test"]!.provenance.email).toMatchObject({ source: "website_crawler" });
    expect(rows.some((r) => r.email === "hidden.person@acme-robotics.test")).toBe(false);

    // The lead route still answers for a created lead (static /scraping-jobs routes and /{id} coexist).
    const lead = await get(`/api/leads/${job.result_lead_ids[0]}`);
    expect(lead.statusCode).toBe(200);

    const mine = events.filter((e) => e.type === "scraping_job.progress" && e.payload.id === job.id);
    expect(mine[0]!.payload.status).toBe("queued");
    expect(mine.some((e) => e.payload.status === "running")).toBe(true);
    expect(mine.at(-1)!.payload).toMatchObject({ status: "completed", progress: 100 });
  });

  it("saves the people of a team page without cards and every personal address on the site; names read from addresses are marked as guessed", async () => {
    const res = await post("/api/leads/scrape/website", { url: `${northwind.url}/`, max_pages: 10 });
    const job = await jobIn(res.json().id);
    expect(job.status).toBe("completed");
    // Anna, Pieter and Maria from the team page; Lisa, Tom and J. Bakker from addresses; the studio itself.
    expect(job.counts).toMatchObject({ found: 7, created: 7, duplicates_skipped: 0, failed: 0 });
    const byEmail = new Map<
      string,
      {
        first_name: string | null;
        last_name: string | null;
        role: string | null;
        custom_fields: Record<string, unknown>;
        provenance: Record<string, { source: string }>;
      }
    >();
    for (const id of job.result_lead_ids) {
      const lead = (await get(`/api/leads/${id}`)).json();
      byEmail.set(lead.email, lead);
    }
    expect(byEmail.get("pieter.vandenberg@northwind.test")).toMatchObject({
      first_name: "Pieter",
      last_name: "van den Berg",
      role: "Head of Design",
      provenance: { first_name: { source: "website_crawler" }, last_name: { source: "website_crawler" } },
    });
    expect(byEmail.get("pieter.vandenberg@northwind.test")!.custom_fields).not.toHaveProperty("name_guess");
    expect(byEmail.get("m.dossantos@northwind.test")).toMatchObject({
      first_name: "Maria",
      last_name: "dos Santos",
      role: "Senior Architect",
    });
    expect(byEmail.get("lisa.meyer@northwind.test")).toMatchObject({
      first_name: "Lisa",
      last_name: "Meyer",
      custom_fields: { name_guess: { from_email: "lisa.meyer@northwind.test", pattern: "first.last" } },
      provenance: {
        first_name: { source: NAME_GUESS_SOURCE },
        last_name: { source: NAME_GUESS_SOURCE },
        email: { source: "website_crawler" },
      },
    });
    const tom = byEmail.get("tom@northwind.test")!;
    expect(tom).toMatchObject({ first_name: "Tom", last_name: null, provenance: { first_name: { source: NAME_GUESS_SOURCE } } });
    expect(tom.provenance).not.toHaveProperty("last_name");
    expect(byEmail.get("sales@northwind.test")).toMatchObject({ first_name: null, last_name: null });
  });

  it("skips the leads it already has when the same site is scraped again", async () => {
    const res = await post("/api/leads/scraping-jobs", { source: "website", parameters: { url: site.url } });
    const job = await jobIn(res.json().id);
    expect(job.counts).toMatchObject({ created: 0, duplicates_skipped: 3 });
  });

  it("searches Google Places and crawls a place's website for its emails", async () => {
    const res = await post("/api/leads/scrape/google-maps", { query: "dentists", location: "Leeds", limit: 3 });
    expect(res.statusCode).toBe(202);
    const job = await jobIn(res.json().id);
    expect(job.status).toBe("completed");
    // 3 places, the principal dentist listed on the first one's website, and its hygienist's address.
    expect(job.counts).toMatchObject({ found: 5, created: 5, duplicates_skipped: 0 });
    expect(places.requests[0]!.body).toMatchObject({ textQuery: "dentists in Leeds" });
    const [first] = await t.app.ctx.db
      .select()
      .from(leads)
      .where(
        and(
          eq(leads.workspaceId, owner.workspaceId),
          eq(leads.companyName, "Leeds Dental 1"),
          isNull(leads.firstName),
          isNull(leads.lastName),
        ),
      );
    expect(first).toMatchObject({
      source: "google_maps",
      phone: "+44 113 496 0001",
      city: "Leeds",
      industry: "dentist",
      email: "reception@leedsdental.test",
      companyInsight: "Family dentist in Leeds.",
    });
    const [sarah] = await t.app.ctx.db.select().from(leads).where(eq(leads.email, "sarah@leedsdental.test"));
    expect(sarah).toMatchObject({ firstName: "Sarah", lastName: "Jones", role: "Principal Dentist", companyName: "Leeds Dental 1" });
    // A name read from an address (last name only) is a person of the place, not its company lead.
    const [patel] = await t.app.ctx.db.select().from(leads).where(eq(leads.email, "k.patel@leedsdental.test"));
    expect(patel).toMatchObject({
      firstName: null,
      lastName: "Patel",
      companyName: "Leeds Dental 1",
      customFields: { name_guess: { from_email: "k.patel@leedsdental.test", pattern: "f.last" } },
    });
    expect(patel!.provenance.last_name).toMatchObject({ source: NAME_GUESS_SOURCE });
  });

  it("fetches people from the LinkedIn data provider", async () => {
    const res = await post("/api/leads/scrape/linkedin", { search_url: "https://www.linkedin.com/sales/search/people?query=x", limit: 30 });
    const job = await jobIn(res.json().id);
    expect(job).toMatchObject({ status: "completed", counts: { found: 30, created: 30 } });
    const li = await t.app.ctx.db
      .select()
      .from(leads)
      .where(and(eq(leads.workspaceId, owner.workspaceId), eq(leads.source, "linkedin")));
    expect(li).toHaveLength(30);
    expect(li.find((l) => l.lastName === "Person1")).toMatchObject({
      role: "VP Sales",
      companyName: "Company 1",
      country: "United Kingdom",
    });
  });

  it("runs several sources in one job and merges what they find", async () => {
    const res = await post("/api/leads/scrape/multi-source", {
      sources: [
        { source: "website", url: site.url, max_pages: 5 },
        { source: "linkedin", profile_urls: ["https://www.linkedin.com/in/new-1", "https://www.linkedin.com/in/new-2"] },
      ],
    });
    expect(res.statusCode).toBe(202);
    const job = await jobIn(res.json().id);
    expect(job.status).toBe("completed");
    expect(job.source).toBe("multi_source");
    // The two profiles are Person1/Person2 of companies already found by the search above.
    expect(job.counts.duplicates_skipped).toBeGreaterThanOrEqual(5);
  });

  it("fails the job with the provider's reason when the key is refused", async () => {
    const saved = t.config.LINKEDIN_PROVIDER_API_KEY;
    t.config.LINKEDIN_PROVIDER_API_KEY = "broke";
    try {
      const res = await post("/api/leads/scrape/linkedin", { company_urls: ["https://www.linkedin.com/company/acme"] });
      const job = await jobIn(res.json().id);
      expect(job.status).toBe("failed");
      expect(job.error).toMatch(/out of credits/);
    } finally {
      t.config.LINKEDIN_PROVIDER_API_KEY = saved;
    }
  });

  it("cancels a running job, which then stops; a finished job cannot be cancelled", async () => {
    const res = await post("/api/leads/scrape/website", { url: slow.url, max_pages: 60 });
    const id = res.json().id;
    await jobIn(id, ["running"]);
    const cancel = await t.app.inject({ method: "DELETE", url: `/api/leads/scraping-jobs/${id}`, headers: owner.headers });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().status).toBe("cancelled");
    const hitsAtCancel = slow.hits.length;
    await handlerReturned(id);
    // At most the fetches already in flight finish after the cancel.
    expect(slow.hits.length - hitsAtCancel).toBeLessThanOrEqual(2);
    const job = await jobIn(id);
    expect(job.status).toBe("cancelled");
    expect(job.progress).toBeLessThan(100);

    const again = await t.app.inject({ method: "DELETE", url: `/api/leads/scraping-jobs/${id}`, headers: owner.headers });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: "JOB_NOT_CANCELLABLE", detail: "This job is already cancelled and cannot be cancelled" });
    const [done] = (await get("/api/leads/scraping-jobs?status=completed")).json();
    const finished = await t.app.inject({ method: "DELETE", url: `/api/leads/scraping-jobs/${done.id}`, headers: owner.headers });
    expect(finished.json()).toMatchObject({ code: "JOB_NOT_CANCELLABLE", detail: "This job is already completed and cannot be cancelled" });
  });

  it("refuses unconfigured sources with the env var to set, and queues nothing", async () => {
    const before = Number((await get("/api/leads/scraping-jobs")).headers["x-total-count"]);
    const saved = { key: t.config.GOOGLE_PLACES_API_KEY, li: t.config.LINKEDIN_PROVIDER_API_KEY };
    t.config.GOOGLE_PLACES_API_KEY = undefined;
    t.config.LINKEDIN_PROVIDER_API_KEY = undefined;
    try {
      const maps = await post("/api/leads/scrape/google-maps", { query: "dentists" });
      expect(maps.statusCode).toBe(400);
      expect(maps.json().code).toBe("SOURCE_NOT_CONFIGURED");
      expect(maps.json().detail).toContain("GOOGLE_PLACES_API_KEY");
      const li = await post("/api/leads/scrape/multi-source", {
        sources: [
          { source: "website", url: site.url },
          { source: "linkedin", search_url: "https://linkedin.com/sales/search/people" },
        ],
      });
      expect(li.json()).toMatchObject({ code: "SOURCE_NOT_CONFIGURED" });
      expect(li.json().detail).toContain("LINKEDIN_PROVIDER_API_KEY");
      const sources = (await get("/api/leads/scraping-sources")).json();
      expect(sources).toEqual([
        { source: "website", configured: true, hint: null },
        { source: "google_maps", configured: false, hint: expect.stringContaining("GOOGLE_PLACES_API_KEY") },
        { source: "linkedin", configured: false, hint: expect.stringContaining("Sales Navigator CSV") },
      ]);
    } finally {
      t.config.GOOGLE_PLACES_API_KEY = saved.key;
      t.config.LINKEDIN_PROVIDER_API_KEY = saved.li;
    }
    expect(Number((await get("/api/leads/scraping-jobs")).headers["x-total-count"])).toBe(before);
  });

  it.each(["http://169.254.169.254/latest/meta-data/", "http://10.0.0.1/", "http://[::1]/", "http://192.168.1.1/", "http://[fd00::1]/"])(
    "refuses to crawl %s",
    async (url) => {
      const res = await post("/api/leads/scrape/website", { url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: "URL_NOT_ALLOWED", errors: [{ field: "url" }] });
    },
  );

  it("validates bodies with field errors", async () => {
    const ftp = await post("/api/leads/scrape/website", { url: "ftp://example.com" });
    expect(ftp.statusCode).toBe(422);
    expect(ftp.json().errors[0].field).toBe("url");
    const two = await post("/api/leads/scrape/linkedin", {
      search_url: "https://linkedin.com/sales/x",
      profile_urls: ["https://linkedin.com/in/a"],
    });
    expect(two.statusCode).toBe(422);
    expect(two.json().detail).toBe("Give exactly one of search_url, profile_urls or company_urls");
    expect((await post("/api/leads/scrape/google-maps", { query: "x", limit: 100 })).statusCode).toBe(422);
    expect((await post("/api/leads/scrape/website", { url: site.url, max_pages: 101 })).statusCode).toBe(422);
    expect((await post("/api/leads/scraping-jobs", { source: "fax", parameters: {} })).statusCode).toBe(422);
  });

  it("lists jobs newest first with paging, a status filter and X-Total-Count", async () => {
    const all = await get("/api/leads/scraping-jobs?limit=2");
    expect(all.statusCode).toBe(200);
    expect(all.json()).toHaveLength(2);
    const total = Number(all.headers["x-total-count"]);
    expect(total).toBeGreaterThanOrEqual(7);
    const rest = (await get(`/api/leads/scraping-jobs?skip=2&limit=100`)).json();
    expect(rest).toHaveLength(total - 2);
    const failed = (await get("/api/leads/scraping-jobs?status=failed")).json();
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((j: { status: string }) => j.status === "failed")).toBe(true);
  });

  it("keeps jobs inside their workspace and checks permissions", async () => {
    const [job] = (await get("/api/leads/scraping-jobs?limit=1")).json();
    const stranger = await createUser(t.app.ctx.db);
    expect((await get(`/api/leads/scraping-jobs/${job.id}`, stranger)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/leads/scraping-jobs/${job.id}`, headers: stranger.headers })).statusCode,
    ).toBe(404);
    expect((await get("/api/leads/scraping-jobs", stranger)).json()).toEqual([]);
    const missing = await get("/api/leads/scraping-jobs/0190a000-0000-7000-8000-000000000000");
    expect(missing.json()).toMatchObject({ code: "SCRAPING_JOB_NOT_FOUND" });

    const viewer = await addMember(t.app.ctx.db, owner, "viewer");
    expect((await get(`/api/leads/scraping-jobs/${job.id}`, viewer)).statusCode).toBe(200);
    const denied = await post("/api/leads/scrape/website", { url: site.url }, viewer);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().requiredPermission).toBe("leads:create");
    expect((await t.app.inject({ method: "GET", url: "/api/leads/scraping-jobs" })).statusCode).toBe(401);
  });
});
