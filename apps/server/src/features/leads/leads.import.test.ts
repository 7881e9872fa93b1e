import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import { waitFor } from "../../../test/wait.ts";
import { organizations } from "../organizations/organizations.table.ts";
import { planUsage } from "../plans/plans.table.ts";

/** A multipart/form-data body as a browser's FormData sends it. */
export function multipart(parts: { name: string; value: string; filename?: string }[]) {
  const boundary = `----prospector${Math.random().toString(16).slice(2)}`;
  const body = parts
    .map((p) => {
      const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ""}`;
      const type = p.filename ? "\r\nContent-Type: text/csv" : "";
      return `--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n${p.value}\r\n`;
    })
    .join("");
  return { payload: `${body}--${boundary}--\r\n`, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

const APOLLO = `First Name,Last Name,Title,Company,Email,Email Status,Corporate Phone,Website,Person Linkedin Url,City,Country,Industry
Ann,Lee,  VP Sales ,Acme Corp,ann@acme.test,Verified,+1 555 0100,acme.test,https://linkedin.com/in/annlee,Austin,United States,Software
Bob,Stone,CTO,Initech,bob@initech.test,Verified,,initech.test,,Dallas,United States,Software
Cara,Diaz,Founder,Globex,not-an-email,Unverified,,globex.test,,Madrid,Spain,Retail
,,,,,,,,,,,
"Dan ""The Man""",Ng,Engineer,"Umbrella, Inc",dan@umbrella.test,Verified,,umbrella.test,,Seoul,South Korea,Biotech
`;

const HUBSPOT = `Record ID,First Name,Last Name,Email,Company Name,Job Title,Phone Number,Lifecycle Stage
101,Ann,Lee,ANN@acme.test,Acme Corp,Chief Revenue Officer,+1 555 0199,lead
102,Eve,Moss,eve@hooli.test,Hooli,Head of Growth,,lead
`;

describe("CSV import", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const upload = async (user: TestUser, csv: string, fields: Record<string, string> = {}, url = "/api/leads/import") => {
    const parts = [
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      { name: "file", value: csv, filename: "leads.csv" },
    ];
    const { payload, headers } = multipart(parts);
    return t.app.inject({ method: "POST", url, payload, headers: { ...headers, ...user.headers } });
  };
  const waitForJob = (user: TestUser, id: string) =>
    waitFor(
      async () => {
        const res = await t.app.inject({ method: "GET", url: `/api/leads/import-jobs/${id}`, headers: user.headers });
        expect(res.statusCode).toBe(200);
        const job = res.json();
        return (job.status === "completed" || job.status === "failed") && job;
      },
      { what: `import job ${id} to finish`, timeoutMs: 20_000, intervalMs: 100 },
    );
  const importCsv = async (user: TestUser, csv: string, fields: Record<string, string> = {}) => {
    const res = await upload(user, csv, fields);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ status: "queued", file_name: "leads.csv" });
    return waitForJob(user, res.json().id);
  };
  const leads = async (user: TestUser, q = "") => {
    const res = await t.app.inject({ method: "GET", url: `/api/leads/?limit=200${q}`, headers: user.headers });
    return res.json().sort((a: { email: string }, b: { email: string }) => (a.email ?? "").localeCompare(b.email ?? ""));
  };

  it("previews an Apollo export with automatic mapping", async () => {
    const u = await createUser(t.app.ctx.db);
    const res = await upload(u, APOLLO, {}, "/api/leads/import/preview");
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json();
    expect(p.mapping).toMatchObject({
      "First Name": "first_name",
      Title: "role",
      Company: "company_name",
      "Corporate Phone": "phone",
      "Person Linkedin Url": "linkedin_url",
      Industry: "industry",
    });
    expect(p.unmapped).toEqual(["Email Status"]);
    expect(p.rows).toHaveLength(5);
    expect(p.rows[0]).toMatchObject({ first_name: "Ann", role: "VP Sales", company_name: "Acme Corp" });
  });

  it("imports an Apollo export through the job, reporting bad rows with their values", async () => {
    const u = await createUser(t.app.ctx.db);
    const job = await importCsv(u, APOLLO);
    expect(job).toMatchObject({ status: "completed", progress: 100, processed_rows: 4, created: 3, failed: 1, skipped: 0 });
    expect(job.errors).toEqual([{ row: 3, field: "email", message: "Enter a valid email address" }]);
    const list = await leads(u);
    expect(list.map((l: { email: string }) => l.email)).toEqual(["ann@acme.test", "bob@initech.test", "dan@umbrella.test"]);
    expect(list[0]).toMatchObject({
      role: "VP Sales",
      phone: "+1 555 0100",
      website: "https://acme.test",
      linkedin_url: "https://linkedin.com/in/annlee",
      source: "import",
    });
    expect(list[2]).toMatchObject({ first_name: 'Dan "The Man"', company_name: "Umbrella, Inc" });
    const report = await t.app.inject({ method: "GET", url: `/api/leads/import-jobs/${job.id}/errors.csv`, headers: u.headers });
    expect(report.statusCode).toBe(200);
    const lines = report.body.trim().split("\n");
    expect(lines[0]).toBe(
      "row,field,error,First Name,Last Name,Title,Company,Email,Email Status,Corporate Phone,Website,Person Linkedin Url,City,Country,Industry",
    );
    expect(lines[1]).toContain("3,email,Enter a valid email address,Cara,Diaz,Founder,Globex,not-an-email");
  });

  it("applies each duplicate policy to a HubSpot export", async () => {
    const u = await createUser(t.app.ctx.db);
    await importCsv(u, APOLLO);

    const skip = await importCsv(u, HUBSPOT, { duplicate_policy: "skip" });
    expect(skip).toMatchObject({ created: 1, skipped: 1, updated: 0 });
    expect((await leads(u, "&search=ann@acme")).at(0)).toMatchObject({ role: "VP Sales", phone: "+1 555 0100" });

    const update = await importCsv(u, HUBSPOT, { duplicate_policy: "update" });
    expect(update).toMatchObject({ created: 0, updated: 2 });
    expect((await leads(u, "&search=ann@acme")).at(0)).toMatchObject({
      role: "Chief Revenue Officer",
      phone: "+1 555 0199",
      city: "Austin",
    });

    const keep = await importCsv(u, "First Name,Last Name,Company\nBob,Stone,Initech\n", { duplicate_policy: "keep_both" });
    expect(keep).toMatchObject({ created: 1, failed: 0 });
    expect((await leads(u, "&search=stone")).length).toBe(2);
    const keepEmail = await importCsv(u, HUBSPOT, { duplicate_policy: "keep_both" });
    expect(keepEmail).toMatchObject({ created: 0, failed: 2 });
    expect(keepEmail.errors[0].message).toContain("already exists");
  });

  it("uses a given mapping and refuses a bad one or a bad policy with 422", async () => {
    const u = await createUser(t.app.ctx.db);
    const csv = "col_a;col_b;col_c\nzed@x.test;Zed;note one\n";
    const job = await importCsv(u, csv, { mapping: JSON.stringify({ col_a: "email", col_b: "first_name", col_c: "notes" }) });
    expect(job).toMatchObject({ created: 1 });
    expect((await leads(u))[0]).toMatchObject({ email: "zed@x.test", first_name: "Zed", pain_point: "note one" });
    const bad = await upload(u, csv, { mapping: JSON.stringify({ nope: "email" }) });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0]).toMatchObject({ field: "mapping" });
    expect((await upload(u, csv, { mapping: JSON.stringify({ col_a: "password" }) })).statusCode).toBe(422);
    expect((await upload(u, csv, { duplicate_policy: "merge" })).statusCode).toBe(422);
    expect((await upload(u, "Foo,Bar\n1,2\n")).json()).toMatchObject({ code: "VALIDATION_FAILED" });
    expect((await upload(u, "")).json()).toMatchObject({ code: "IMPORT_FILE_INVALID" });
    const noFile = multipart([{ name: "duplicate_policy", value: "skip" }]);
    const res = await t.app.inject({ method: "POST", url: "/api/leads/import", ...noFile, headers: { ...noFile.headers, ...u.headers } });
    expect(res.json()).toMatchObject({ code: "IMPORT_FILE_MISSING" });
    expect((await leads(u)).length).toBe(1);
  });

  it("reports rows beyond the plan's monthly limit as failed", async () => {
    const u = await createUser(t.app.ctx.db);
    await t.app.ctx.db
      .insert(planUsage)
      .values({ organizationId: u.organizationId, period: `${new Date().toISOString().slice(0, 8)}01`, leadsCreated: 1998 });
    const job = await importCsv(u, APOLLO);
    expect(job).toMatchObject({ status: "completed", created: 2, failed: 2 });
    expect(job.errors.find((e: { row: number }) => e.row === 5)).toMatchObject({ field: "lead", message: expect.stringContaining("2000") });
    const single = await t.app.inject({ method: "POST", url: "/api/leads/", headers: u.headers, payload: { email: "more@x.test" } });
    expect(single.statusCode).toBe(402);
    expect(single.json()).toMatchObject({ code: "LEAD_LIMIT_REACHED", detail: expect.stringContaining("2000") });
    await t.app.ctx.db.update(organizations).set({ plan: "growth" }).where(eq(organizations.id, u.organizationId));
    expect(
      (await t.app.inject({ method: "POST", url: "/api/leads/", headers: u.headers, payload: { email: "more@x.test" } })).statusCode,
    ).toBe(201);
  });

  it("fails a malformed file with the parser's reason", async () => {
    const u = await createUser(t.app.ctx.db);
    const job = await importCsv(u, 'First Name,Email\nAnn,ann@x.test\n"Bob,bob@x.test\n');
    expect(job.status).toBe("failed");
    expect(job.error).toMatch(/Import stopped at row \d+: .*quote/i);
    expect(job.finished_at).not.toBeNull();
  });

  it("keeps import jobs per workspace", async () => {
    const a = await createUser(t.app.ctx.db);
    const b = await createUser(t.app.ctx.db);
    const job = await importCsv(a, HUBSPOT);
    expect((await t.app.inject({ method: "GET", url: `/api/leads/import-jobs/${job.id}`, headers: b.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/api/leads/import-jobs/${job.id}/errors.csv`, headers: b.headers })).statusCode).toBe(
      404,
    );
    const list = await t.app.inject({ method: "GET", url: "/api/leads/import-jobs", headers: a.headers });
    expect(list.json().map((j: { id: string }) => j.id)).toEqual([job.id]);
  });
});
