import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";

describe("leads API", () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx.db);
    other = await createUser(t.app.ctx.db);
  });
  afterAll(() => t.close());

  const call = (user: TestUser, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: user.headers, payload: payload as Record<string, unknown> });
  const create = async (user: TestUser, body: Record<string, unknown>) => {
    const res = await call(user, "POST", "/api/leads/", body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };

  it("creates a lead: role trimmed, notes become the pain point, email lowercased", async () => {
    const lead = await create(owner, {
      first_name: "Ada",
      last_name: "Lovelace",
      email: "Ada@Engine.test",
      company_name: "Analytical Engines",
      role: "  Head of Research  ",
      notes: "Manual data entry",
      website: "engine.test",
      tags: ["vip", "vip", "2026"],
    });
    expect(lead).toMatchObject({
      email: "ada@engine.test",
      role: "Head of Research",
      pain_point: "Manual data entry",
      website: "https://engine.test",
      status: "new",
      email_status: "unknown",
      source: "manual",
      tags: ["vip", "2026"],
    });
    const got = await call(owner, "GET", `/api/leads/${lead.id}`);
    expect(got.json()).toEqual(lead);
  });

  it("answers 409 naming the existing lead for a duplicate email, any case", async () => {
    const first = await create(owner, { first_name: "Grace", last_name: "Hopper", email: "grace@navy.test", company_name: "Navy" });
    const res = await call(owner, "POST", "/api/leads/", { email: "GRACE@navy.test" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "LEAD_EMAIL_EXISTS" });
    expect(res.json().detail).toContain("Grace Hopper (Navy)");
    expect(res.json().detail).toContain(first.id);
    // Another workspace may hold the same address.
    expect((await call(other, "POST", "/api/leads/", { email: "grace@navy.test" })).statusCode).toBe(201);
    // Changing another lead's email to it is refused too, and changes nothing.
    const b = await create(owner, { email: "b@navy.test", city: "Arlington" });
    const put = await call(owner, "PUT", `/api/leads/${b.id}`, { email: "grace@navy.test", city: "Elsewhere" });
    expect(put.statusCode).toBe(409);
    expect((await call(owner, "GET", `/api/leads/${b.id}`)).json()).toMatchObject({ email: "b@navy.test", city: "Arlington" });
  });

  it("rejects bad input with 422 field errors and writes nothing", async () => {
    const before = Number((await call(owner, "GET", "/api/leads/?limit=1")).headers["x-total-count"]);
    const res = await call(owner, "POST", "/api/leads/", { email: "nope", website: "not a site", status: "dead", campaign_id: "x" });
    expect(res.statusCode).toBe(422);
    const fields = res.json().errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(["email", "website", "status", "campaign_id"]));
    expect((await call(owner, "POST", "/api/leads/", {})).statusCode).toBe(422);
    expect(Number((await call(owner, "GET", "/api/leads/?limit=1")).headers["x-total-count"])).toBe(before);
  });

  it("updates partially and deletes", async () => {
    const lead = await create(owner, { first_name: "Linus", email: "linus@kernel.test", city: "Helsinki" });
    const res = await call(owner, "PUT", `/api/leads/${lead.id}`, { status: "contacted", city: null, notes: "Too many patches" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ first_name: "Linus", status: "contacted", city: null, pain_point: "Too many patches" });
    expect((await call(owner, "PUT", `/api/leads/${lead.id}`, { score: 101 })).statusCode).toBe(422);
    // The owner must be in the workspace: a stranger (or a made-up id) is a 422, not a 500.
    const badOwner = await call(owner, "PUT", `/api/leads/${lead.id}`, { owner_id: other.id });
    expect(badOwner.statusCode).toBe(422);
    expect(badOwner.json().errors[0].field).toBe("owner_id");
    expect((await call(owner, "PUT", `/api/leads/${lead.id}`, { owner_id: "0195f3c4-1c7e-7a00-8000-000000000000" })).statusCode).toBe(422);
    expect((await call(owner, "PUT", `/api/leads/${lead.id}`, { owner_id: owner.id })).json().owner_id).toBe(owner.id);
    expect((await call(owner, "DELETE", `/api/leads/${lead.id}`)).statusCode).toBe(204);
    expect((await call(owner, "GET", `/api/leads/${lead.id}`)).statusCode).toBe(404);
    expect((await call(owner, "GET", "/api/leads/not-a-uuid")).statusCode).toBe(404);
  });

  it("refuses a campaign of another workspace (or none) on create and update, and keeps its own", async () => {
    const campaign = async (user: TestUser) => {
      const res = await call(user, "POST", "/api/campaigns/", { name: "Q3", subject_line: "Hello" });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    const mine = await campaign(owner);
    const theirs = await campaign(other);
    const refused = {
      code: "VALIDATION_FAILED",
      errors: [{ field: "campaign_id", message: "There is no campaign with this id in this workspace" }],
    };
    const before = Number((await call(owner, "GET", "/api/leads/?limit=1")).headers["x-total-count"]);
    for (const campaign_id of [theirs, "0195f3c4-1c7e-7a00-8000-000000000000"]) {
      const res = await call(owner, "POST", "/api/leads/", { email: `c-${campaign_id}@acme.test`, campaign_id });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject(refused);
    }
    expect(Number((await call(owner, "GET", "/api/leads/?limit=1")).headers["x-total-count"])).toBe(before);

    const lead = await create(owner, { email: "campaigned@acme.test", campaign_id: mine });
    expect(lead.campaign_id).toBe(mine);
    const moved = await call(owner, "PUT", `/api/leads/${lead.id}`, { campaign_id: theirs, city: "Oslo" });
    expect(moved.statusCode).toBe(422);
    expect(moved.json()).toMatchObject(refused);
    expect((await call(owner, "GET", `/api/leads/${lead.id}`)).json()).toMatchObject({ campaign_id: mine, city: null });
    expect((await call(owner, "PUT", `/api/leads/${lead.id}`, { campaign_id: null })).json().campaign_id).toBeNull();
  });

  it("lists with filters, search, sort, paging and X-Total-Count", async () => {
    const u = await createUser(t.app.ctx.db);
    const names = ["Zoe Adams", "Yann Baker", "Xena Carter", "Walt Dunn", "Vera Evans"];
    for (const [i, n] of names.entries()) {
      const [first, last] = n.split(" ");
      await create(u, {
        first_name: first,
        last_name: last,
        email: `${first?.toLowerCase()}@corp${i}.test`,
        company_name: i < 2 ? "Initech" : "Globex Corporation",
        status: i % 2 ? "contacted" : "new",
        tags: i === 4 ? ["hot"] : [],
      });
    }
    const list = async (q: string) => {
      const res = await call(u, "GET", `/api/leads/?${q}`);
      expect(res.statusCode, res.body).toBe(200);
      return { total: Number(res.headers["x-total-count"]), names: res.json().map((l: { first_name: string }) => l.first_name) };
    };
    expect(await list("")).toEqual({ total: 5, names: ["Vera", "Walt", "Xena", "Yann", "Zoe"] });
    expect(await list("sort=last_name&order=asc&limit=2&skip=1")).toEqual({ total: 5, names: ["Yann", "Xena"] });
    expect(await list("status=contacted")).toEqual({ total: 2, names: ["Walt", "Yann"] });
    expect(await list("status=new,contacted&tag=hot")).toEqual({ total: 1, names: ["Vera"] });
    expect((await list("search=initech")).total).toBe(2);
    expect((await list("search=globex corp")).total).toBe(3);
    expect((await list("search=xena@")).names).toEqual(["Xena"]);
    expect((await list("search=%25")).total).toBe(0);
    expect((await call(u, "GET", "/api/leads/?limit=201")).statusCode).toBe(422);
    expect((await call(u, "GET", "/api/leads/?sort=password")).statusCode).toBe(422);
    // Scores read high → low with unscored leads last; names A → Z by default.
    const all = (await call(u, "GET", "/api/leads/?sort=last_name")).json();
    await call(u, "PUT", `/api/leads/${all[0].id}`, { score: 40 });
    await call(u, "PUT", `/api/leads/${all[1].id}`, { score: 90 });
    expect((await list("sort=score")).names.slice(0, 3)).toEqual(["Yann", "Zoe", expect.any(String)]);
    expect((await list("sort=score&order=asc")).names.slice(3)).toEqual(["Zoe", "Yann"]);
  });

  it("counts leads created this month with the plan allowance", async () => {
    const u = await createUser(t.app.ctx.db);
    await create(u, { email: "one@count.test" });
    await create(u, { email: "two@count.test" });
    const res = await call(u, "GET", "/api/leads/count?since=month-start");
    expect(res.json()).toMatchObject({ count: 2, plan: { plan: "trial", limit: 2000, used: 2, remaining: 1998 } });
  });

  it("bulk-tags and bulk-deletes, reporting per lead", async () => {
    const u = await createUser(t.app.ctx.db);
    const a = await create(u, { email: "a@bulk.test", tags: ["old"] });
    const b = await create(u, { email: "b@bulk.test" });
    const foreign = await create(other, { email: "f@bulk.test" });
    const tag = await call(u, "POST", "/api/leads/bulk-tag", { lead_ids: [a.id, b.id, foreign.id], add: ["q3"], remove: ["old"] });
    expect(tag.json()).toEqual({ succeeded: [a.id, b.id], failed: [{ id: foreign.id, error: "Lead not found" }] });
    expect((await call(u, "GET", `/api/leads/${a.id}`)).json().tags).toEqual(["q3"]);
    expect((await call(other, "GET", `/api/leads/${foreign.id}`)).json().tags).toEqual([]);
    expect((await call(u, "POST", "/api/leads/bulk-tag", { lead_ids: [a.id] })).statusCode).toBe(422);
    const del = await call(u, "POST", "/api/leads/bulk-delete", { lead_ids: [a.id, foreign.id] });
    expect(del.json()).toEqual({ succeeded: [a.id], failed: [{ id: foreign.id, error: "Lead not found" }] });
    expect((await call(other, "GET", `/api/leads/${foreign.id}`)).statusCode).toBe(200);
  });

  it("exports the filtered list as CSV with formulas neutralised", async () => {
    const u = await createUser(t.app.ctx.db);
    await create(u, { first_name: '=HYPERLINK("http://evil.test")', last_name: "@SUM(A1)", email: "formula@x.test", tags: ["x"] });
    await create(u, { first_name: "Plain", email: "plain@x.test", company_name: "+Plus, Inc" });
    const res = await call(u, "GET", "/api/leads/export.csv?tag=x");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    const lines = res.body.trim().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]?.startsWith("id,first_name,last_name,email")).toBe(true);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.test"")",'@SUM(A1),formula@x.test`);
    const all = await call(u, "GET", "/api/leads/export.csv");
    expect(all.body).toContain(`"'+Plus, Inc"`);
    expect(all.body.trim().split("\n")).toHaveLength(3);
  });

  it("applies role permissions: viewers read, sales reps update but cannot create or delete", async () => {
    const lead = await create(owner, { email: "perm@x.test" });
    const viewer = await addMember(t.app.ctx.db, owner, "viewer");
    const rep = await addMember(t.app.ctx.db, owner, "sales_rep");
    expect((await call(viewer, "GET", `/api/leads/${lead.id}`)).statusCode).toBe(200);
    expect((await call(viewer, "PUT", `/api/leads/${lead.id}`, { city: "X" })).statusCode).toBe(403);
    expect((await call(owner, "GET", `/api/leads/${lead.id}`)).json().city).toBeNull();
    expect((await call(rep, "PUT", `/api/leads/${lead.id}`, { city: "X" })).statusCode).toBe(200);
    expect((await call(rep, "POST", "/api/leads/", { email: "rep@x.test" })).statusCode).toBe(403);
    expect((await call(owner, "GET", "/api/leads/?search=rep@x.test")).json()).toEqual([]);
    expect((await call(rep, "DELETE", `/api/leads/${lead.id}`)).statusCode).toBe(403);
    // The refused delete left the lead as it was.
    expect((await call(owner, "GET", `/api/leads/${lead.id}`)).json()).toMatchObject({ id: lead.id, email: "perm@x.test", city: "X" });
    expect((await t.app.inject({ method: "GET", url: "/api/leads/" })).statusCode).toBe(401);
  });
});
