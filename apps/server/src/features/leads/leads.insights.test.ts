import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import { createLeadsBatch } from "./leads.service.ts";
import { leadMerges, leads } from "./leads.table.ts";

describe("duplicates, quality report and tenant isolation", () => {
  let t: TestApp;
  let u: TestUser;
  let ids: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    u = await createUser(t.app.ctx.db);
    const rows = [
      // Same Gmail mailbox written two ways.
      { key: "jd1", first_name: "John", last_name: "Doe", email: "john.doe+news@gmail.com", tags: ["a"] },
      { key: "jd2", first_name: "John", last_name: "Doe", email: "johndoe@googlemail.com", phone: "+1 555 0101", role: "CFO", tags: ["b"] },
      // Same person at acme.test: one from the website, one with a company email and more data.
      { key: "ml1", first_name: "Mia", last_name: "Lund", company_name: "Acme", website: "https://www.acme.test/team" },
      { key: "ml2", first_name: "mia", last_name: "LUND", email: "mia@acme.test", role: "CTO", city: "Oslo", industry: "Software" },
      // Same name, different companies: not duplicates.
      { key: "s1", first_name: "Sam", last_name: "Roe", email: "sam@one.test" },
      { key: "s2", first_name: "Sam", last_name: "Roe", email: "sam@two.test" },
      // Same name, both on free mail: not duplicates either.
      { key: "f1", first_name: "Kim", last_name: "Park", email: "kim1@gmail.com" },
      { key: "f2", first_name: "Kim", last_name: "Park", email: "kimpark@yahoo.com" },
    ];
    const r = await createLeadsBatch(t.app.ctx, {
      workspaceId: u.workspaceId,
      userId: u.id,
      source: "manual",
      leads: rows.map(({ key: _k, ...l }) => l),
      duplicatePolicy: "keep_both",
    });
    expect(r.created).toBe(8);
    ids = Object.fromEntries(rows.map((row, i) => [row.key, r.outcomes[i]?.id as string]));
    // Known ages, scores, statuses and activity for the report.
    const day = 86400_000;
    const set = (key: string, v: Partial<typeof leads.$inferInsert>) =>
      t.app.ctx.db
        .update(leads)
        .set(v)
        .where(eq(leads.id, ids[key] as string));
    await set("jd1", { createdAt: new Date(Date.now() - 200 * day), score: 10, status: "unsubscribed", emailStatus: "valid" });
    await set("jd2", {
      createdAt: new Date(Date.now() - 100 * day),
      lastActivityAt: new Date(Date.now() - 5 * day),
      score: 85,
      emailStatus: "risky",
    });
    await set("ml1", { createdAt: new Date(Date.now() - 10 * day), score: 45 });
    await set("ml2", { createdAt: new Date(Date.now() - 20 * day), emailStatus: "invalid", score: 100 });
    await set("s1", { createdAt: new Date(Date.now() - 120 * day), lastActivityAt: new Date(Date.now() - 95 * day) });
  });
  afterAll(() => t.close());

  const call = (user: TestUser, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: user.headers, payload: payload as Record<string, unknown> });

  it("reports quality figures of a known dataset", async () => {
    const res = await call(u, "GET", "/api/leads/quality-report");
    expect(res.statusCode).toBe(200);
    const q = res.json();
    expect(q.total).toBe(8);
    const c = Object.fromEntries(
      q.completeness.map((f: { field: string; filled: number; percent: number }) => [f.field, [f.filled, f.percent]]),
    );
    expect(c.email).toEqual([7, 87.5]);
    expect(c.role).toEqual([2, 25]);
    expect(c.company_name).toEqual([1, 12.5]);
    expect(c.tags).toEqual([2, 25]);
    expect(q.email_status).toEqual({ valid: 1, risky: 1, invalid: 1, unknown: 5 });
    expect(q.leads_without_email).toBe(1);
    expect(q).toMatchObject({ duplicate_groups: 2, duplicate_leads: 4, stale_days: 90, stale_leads: 2, unscored: 4 });
    expect(q.score_distribution.map((b: { count: number }) => b.count)).toEqual([1, 0, 1, 0, 2]);
  });

  it("previews merges in a dry run without changing anything", async () => {
    const res = await call(u, "POST", "/api/leads/merge-duplicates", {});
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ dry_run: true, group_count: 2, merged_leads: 0 });
    const john = body.groups.find((g: { match: string }) => g.match === "email");
    expect(john).toMatchObject({ key: "johndoe@gmail.com", keep_id: ids.jd1, merge_ids: [ids.jd2] });
    // The oldest lead is kept; the more complete one gives its values; the opt-out survives.
    expect(john.merged).toMatchObject({
      id: ids.jd1,
      email: "johndoe@googlemail.com",
      phone: "+1 555 0101",
      role: "CFO",
      tags: ["a", "b"],
      status: "unsubscribed",
      score: 85,
    });
    const mia = body.groups.find((g: { match: string }) => g.match === "name_company");
    expect(mia).toMatchObject({ key: "mia lund|acme.test", keep_id: ids.ml2, merge_ids: [ids.ml1] });
    expect(mia.merged).toMatchObject({ email: "mia@acme.test", company_name: "Acme", website: "https://www.acme.test/team", city: "Oslo" });
    expect(mia.taken_from).toMatchObject({ company_name: ids.ml1, city: ids.ml2 });
    expect(Number((await call(u, "GET", "/api/leads/?limit=1")).headers["x-total-count"])).toBe(8);
  });

  it("merges for real: one lead per group, with an audit of what was merged", async () => {
    const res = await call(u, "POST", "/api/leads/merge-duplicates", { dry_run: false });
    expect(res.json()).toMatchObject({ dry_run: false, group_count: 2, merged_leads: 2 });
    expect(Number((await call(u, "GET", "/api/leads/?limit=1")).headers["x-total-count"])).toBe(6);
    expect((await call(u, "GET", `/api/leads/${ids.jd2}`)).statusCode).toBe(404);
    expect((await call(u, "GET", `/api/leads/${ids.jd1}`)).json()).toMatchObject({
      email: "johndoe@googlemail.com",
      role: "CFO",
      status: "unsubscribed",
    });
    const audits = await t.app.ctx.db
      .select()
      .from(leadMerges)
      .where(inArray(leadMerges.keptLeadId, [ids.jd1 as string, ids.ml2 as string]));
    expect(audits).toHaveLength(2);
    const johnAudit = audits.find((a) => a.keptLeadId === ids.jd1);
    expect(johnAudit?.mergedLeadIds).toEqual([ids.jd2]);
    expect(johnAudit?.takenFrom).toMatchObject({ phone: ids.jd2 });
    expect(johnAudit?.mergedSnapshots[0]).toMatchObject({ id: ids.jd2, email: "johndoe@googlemail.com" });
    expect((await call(u, "POST", "/api/leads/merge-duplicates", { dry_run: false })).json()).toMatchObject({ group_count: 0 });
    expect((await call(u, "POST", "/api/leads/merge-duplicates", { dry_run: "yes" })).statusCode).toBe(422);
  });

  it("answers 404 for another workspace's lead on every route and never shows its data", async () => {
    const intruder = await createUser(t.app.ctx.db);
    const id = ids.s1 as string;
    for (const [method, url, payload] of [
      ["GET", `/api/leads/${id}`],
      ["PUT", `/api/leads/${id}`, { city: "Hacked" }],
      ["DELETE", `/api/leads/${id}`],
    ] as const) {
      const res = await call(intruder, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe("LEAD_NOT_FOUND");
    }
    for (const url of ["/api/leads/bulk-delete", "/api/leads/bulk-tag"]) {
      const res = await call(intruder, "POST", url, { lead_ids: [id], add: ["x"] });
      expect(res.json()).toEqual({ succeeded: [], failed: [{ id, error: "Lead not found" }] });
    }
    const list = await call(intruder, "GET", "/api/leads/?search=sam");
    expect(list.json()).toEqual([]);
    expect(list.headers["x-total-count"]).toBe("0");
    expect((await call(intruder, "GET", "/api/leads/export.csv")).body.trim().split("\n")).toHaveLength(1);
    expect((await call(intruder, "GET", "/api/leads/quality-report")).json()).toMatchObject({ total: 0, duplicate_groups: 0 });
    expect((await call(intruder, "GET", "/api/leads/count")).json()).toMatchObject({ count: 0 });
    expect((await call(intruder, "POST", "/api/leads/merge-duplicates", { dry_run: false })).json()).toMatchObject({ group_count: 0 });
    expect((await call(intruder, "GET", "/api/leads/import-jobs")).json()).toEqual([]);
    const [row] = await t.app.ctx.db.select({ city: leads.city, tags: leads.tags }).from(leads).where(sql`${leads.id} = ${id}`);
    expect(row).toEqual({ city: null, tags: [] });
  });
});
