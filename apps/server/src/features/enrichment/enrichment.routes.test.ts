import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { waitFor } from "../../../test/wait.ts";
import { createLeadsBatch } from "../leads/index.ts";
import { companySite, serveSite } from "../scraping/scraping.fixtures.ts";
import { startDnsServer } from "./dns.fixtures.ts";

describe("enrichment jobs", () => {
  let t: TestApp;
  let owner: TestUser;
  let site: Awaited<ReturnType<typeof serveSite>>;
  let dns: Awaited<ReturnType<typeof startDnsServer>>;
  let siteUrl: string;
  const ids: Record<string, string> = {};
  const events: { type: string; payload: { id: string; status: string } }[] = [];

  beforeAll(async () => {
    site = await serveSite(companySite);
    siteUrl = site.url.replace("127.0.0.1", "acme-robotics.test");
    dns = await startDnsServer({
      "acme-robotics.test": { a: ["127.0.0.1"], mx: [{ preference: 10, exchange: "mx1.acme-robotics.test" }] },
      "mailinator.com": { mx: [{ preference: 10, exchange: "mail.mailinator.com" }] },
    });
    t = await createTestApp({ OUTBOUND_ALLOWLIST: "127.0.0.1", DNS_SERVERS: dns.server });
    owner = await createUser(t.app.ctx.db);
    await t.app.ctx.bus.subscribe(`ws:${owner.workspaceId}`, (m) => events.push(m as (typeof events)[number]));
    const res = await createLeadsBatch(t.app.ctx, {
      workspaceId: owner.workspaceId,
      userId: owner.id,
      source: "manual",
      duplicatePolicy: "skip",
      leads: [
        { first_name: "JANE", last_name: "doe", role: "ceo", email: "jane.doe@acme-robotics.test", website: siteUrl },
        { first_name: "Sam", last_name: "Lee", company_name: "Acme Robotics", website: siteUrl, role: "vp of sales" },
        { company_name: "Acme front desk", email: "info@acme-robotics.test", website: siteUrl },
        { first_name: "Temp", last_name: "User", email: "someone@mailinator.com" },
        { first_name: "Bob", last_name: "Gone", email: "bob@nowhere-at-all.test" },
      ],
    });
    [ids.jane, ids.sam, ids.info, ids.temp, ids.gone] = res.ids as [string, string, string, string, string];
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await site?.close();
    await dns?.close();
  });

  const post = (url: string, body?: unknown, user = owner) =>
    t.app.inject({ method: "POST", url, headers: user.headers, payload: body as object });
  const get = (url: string, user = owner) => t.app.inject({ method: "GET", url, headers: user.headers });
  const lead = async (id: string) => (await get(`/api/leads/${id}`)).json();
  const finished = (id: string) =>
    waitFor(
      async () => {
        const job = (await get(`/api/leads/enrichment-jobs/${id}`)).json();
        return ["completed", "failed", "cancelled"].includes(job.status) && job;
      },
      { what: `enrichment job ${id} to finish`, timeoutMs: 45_000, intervalMs: 200 },
    );
  /** The queue's handler for this job has returned (pg-boss marks it completed): nothing more will be written. */
  const handlerReturned = (id: string) =>
    waitFor(
      async () => {
        const res = (await t.app.ctx.db.execute(
          sql`select state from pgboss.job where name = 'enrichment.run' and data->>'jobId' = ${id}`,
        )) as unknown as { rows: { state: string }[] };
        return res.rows.some((r) => r.state === "completed");
      },
      { what: `the enrichment.run handler of job ${id} to return`, timeoutMs: 30_000 },
    );

  it("enriches leads from their website and DNS, recording where each value came from", async () => {
    const stranger = await createUser(t.app.ctx.db);
    const [foreign] = (
      await createLeadsBatch(t.app.ctx, {
        workspaceId: stranger.workspaceId,
        userId: stranger.id,
        source: "manual",
        duplicatePolicy: "skip",
        leads: [{ email: "x@y.test" }],
      })
    ).ids;
    const res = await post("/api/leads/bulk-enrich", { lead_ids: [ids.jane, ids.sam, ids.info, ids.temp, ids.gone, foreign] });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ status: "queued", counts: { total: 6 } });
    const job = await finished(res.json().id);
    expect(job).toMatchObject({ status: "completed", progress: 100, counts: { total: 6, processed: 6, enriched: 5, failed: 1 } });
    expect(job.results.map((r: { lead_id: string }) => r.lead_id)).toEqual([ids.jane, ids.sam, ids.info, ids.temp, ids.gone, foreign]);
    expect(job.results[5]).toMatchObject({ status: "not_found" });

    const jane = await lead(ids.jane!);
    expect(jane).toMatchObject({
      first_name: "Jane",
      last_name: "Doe",
      role: "CEO",
      seniority: "c_level",
      department: "executive",
      email_status: "valid",
      company_name: "Acme Robotics",
      company_insight: "Acme builds warehouse robots for logistics teams.",
      industry: "Logistics",
      city: "Leeds",
    });
    expect(jane.custom_fields.socials).toMatchObject({ twitter: "https://twitter.com/acmerobotics" });
    expect(jane.custom_fields.email_check).toMatchObject({ mx: ["mx1.acme-robotics.test"], role: false, disposable: false });
    expect(jane.provenance).toMatchObject({
      first_name: { source: "normalizer" },
      seniority: { source: "title_classifier" },
      email_status: { source: "email_verifier" },
      company_insight: { source: "company_website" },
      score: { source: "lead_score" },
    });
    expect(jane.score).toBe(Object.values(jane.score_breakdown as Record<string, number>).reduce((a, b) => a + b, 0));
    expect(job.results[0].fields).toEqual(expect.arrayContaining(["first_name", "seniority", "email_status", "company_insight", "score"]));

    // No email: guessed from the colleague's pattern, and clearly marked as a guess.
    const sam = await lead(ids.sam!);
    expect(sam).toMatchObject({
      email: "sam.lee@acme-robotics.test",
      email_status: "unknown",
      role: "VP of Sales",
      seniority: "vp",
      department: "sales",
    });
    expect(sam.provenance.email.source).toBe("pattern_guess (unverified)");
    expect(sam.custom_fields.email_guess).toEqual({ pattern: "first.last", learned_from_colleagues: true });

    const info = await lead(ids.info!);
    expect(info.email_status).toBe("risky");
    expect(info.linkedin_url).toBe("https://www.linkedin.com/company/acme-robotics");
    expect((await lead(ids.temp!)).email_status).toBe("risky");
    expect((await lead(ids.gone!)).email_status).toBe("invalid");
    expect(jane.score).toBeGreaterThan(info.score);
    expect(info.score).toBeGreaterThan((await lead(ids.gone!)).score);

    const mine = events.filter((e) => e.type === "enrichment_job.progress" && e.payload.id === job.id);
    expect(mine[0]!.payload.status).toBe("queued");
    expect(mine.at(-1)!.payload).toMatchObject({ status: "completed", progress: 100 });
  });

  it("changes nothing when run again", async () => {
    const before = await lead(ids.jane!);
    const res = await post(`/api/leads/${ids.jane}/enrich`);
    expect(res.statusCode).toBe(202);
    const job = await finished(res.json().id);
    expect(job.counts).toMatchObject({ total: 1, unchanged: 1, enriched: 0 });
    expect(await lead(ids.jane!)).toEqual(before);
  });

  it("cancels a job that has not finished, and refuses to cancel a finished one", async () => {
    const res = await post("/api/leads/bulk-enrich", { lead_ids: [ids.jane, ids.sam, ids.info, ids.temp, ids.gone] });
    const cancel = await t.app.inject({ method: "DELETE", url: `/api/leads/enrichment-jobs/${res.json().id}`, headers: owner.headers });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().status).toBe("cancelled");
    // Once the handler has returned, the job is as the runner left it: still cancelled, not all leads done.
    await handlerReturned(res.json().id);
    const job = (await get(`/api/leads/enrichment-jobs/${res.json().id}`)).json();
    expect(job.status).toBe("cancelled");
    expect(job.counts.processed).toBeLessThan(5);

    const [done] = (await get("/api/leads/enrichment-jobs?status=completed&limit=1")).json();
    const again = await t.app.inject({ method: "DELETE", url: `/api/leads/enrichment-jobs/${done.id}`, headers: owner.headers });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: "JOB_NOT_CANCELLABLE", detail: "This job is already completed and cannot be cancelled" });
  });

  it("validates the lead list and answers 404 for leads it cannot see", async () => {
    const tooMany = await post("/api/leads/bulk-enrich", { lead_ids: Array.from({ length: 1001 }, () => ids.jane) });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().detail).toContain("At most 1000");
    expect((await post("/api/leads/bulk-enrich", { lead_ids: ["nope"] })).statusCode).toBe(422);
    expect((await post("/api/leads/bulk-enrich", { lead_ids: [] })).statusCode).toBe(422);
    const stranger = await createUser(t.app.ctx.db);
    const foreign = await post(`/api/leads/${ids.jane}/enrich`, undefined, stranger);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe("LEAD_NOT_FOUND");
  });

  it("lists jobs with paging and keeps them inside their workspace; viewers read but cannot enrich", async () => {
    const list = await get("/api/leads/enrichment-jobs?limit=2");
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(2);
    expect(Number(list.headers["x-total-count"])).toBe(3);
    const cancelled = (await get("/api/leads/enrichment-jobs?status=cancelled")).json();
    expect(cancelled).toHaveLength(1);

    const stranger = await createUser(t.app.ctx.db);
    const id = list.json()[0].id;
    expect((await get(`/api/leads/enrichment-jobs/${id}`, stranger)).json()).toMatchObject({ code: "ENRICHMENT_JOB_NOT_FOUND" });
    expect((await t.app.inject({ method: "DELETE", url: `/api/leads/enrichment-jobs/${id}`, headers: stranger.headers })).statusCode).toBe(
      404,
    );
    expect((await get("/api/leads/enrichment-jobs", stranger)).json()).toEqual([]);

    const viewer = await addMember(t.app.ctx.db, owner, "viewer");
    expect((await get("/api/leads/enrichment-jobs", viewer)).statusCode).toBe(200);
    const denied = await post(`/api/leads/${ids.jane}/enrich`, undefined, viewer);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().requiredPermission).toBe("leads:update");
    const rep = await addMember(t.app.ctx.db, owner, "sales_rep");
    expect((await post(`/api/leads/${ids.jane}/enrich`, undefined, rep)).statusCode).toBe(202);
  });
});
