import type { CrmStage } from "@prospector/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { users } from "../identity/index.ts";
import { createOrganizationForOwner } from "../organizations/index.ts";
import { crmStages } from "./crm.table.ts";

const MISSING = "0195f3c4-1c7e-7a00-8000-000000000000";

describe("CRM API: stages, customers, deals", () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  const changed: string[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx.db);
    other = await createUser(t.app.ctx.db);
    t.app.ctx.hooks.on("crm.dealsChanged", async ({ workspaceId }) => {
      changed.push(workspaceId);
    });
  });
  afterAll(() => t.close());

  const call = (user: TestUser, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: user.headers, payload: payload as Record<string, unknown> });
  const ok = async (user: TestUser, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown, status = 200) => {
    const res = await call(user, method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json();
  };
  const total = async (user: TestUser, url: string) => Number((await call(user, "GET", url)).headers["x-total-count"]);
  const stagesOf = async (user: TestUser) => (await ok(user, "GET", "/api/crm/stages")) as CrmStage[];
  const fieldsOf = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field);

  it("gives a workspace the default pipeline once, on first use", async () => {
    const u = await createUser(t.app.ctx.db);
    const [a, b] = await Promise.all([stagesOf(u), stagesOf(u)]);
    expect(a).toEqual(b);
    expect(a.map((s) => s.name)).toEqual(["Lead in", "Qualified", "Meeting booked", "Proposal", "Negotiation", "Won", "Lost"]);
    expect(a.map((s) => [s.position, s.probability])).toEqual([
      [0, 10],
      [1, 25],
      [2, 40],
      [3, 60],
      [4, 80],
      [5, 100],
      [6, 0],
    ]);
    expect(a.filter((s) => s.is_won).map((s) => s.name)).toEqual(["Won"]);
    expect(await stagesOf(u)).toHaveLength(7);
  });

  it("seeds the pipeline in the transaction that creates an organization (organizations.created)", async () => {
    const [user] = await t.app.ctx.db.insert(users).values({ email: "fresh-org@example.com", name: "Fresh" }).returning();
    const { workspaceId } = await createOrganizationForOwner(t.app.ctx, { ownerId: user!.id, name: "Fresh org" });
    const rows = await t.app.ctx.db.select().from(crmStages).where(eq(crmStages.workspaceId, workspaceId));
    expect(rows.map((r) => r.name).sort()).toEqual(["Lead in", "Lost", "Meeting booked", "Negotiation", "Proposal", "Qualified", "Won"]);
  });

  it("creates, renames, reorders and deletes stages; refuses duplicates, bad orders and stages in use", async () => {
    const u = await createUser(t.app.ctx.db);
    const stages = await stagesOf(u);
    const demo = await ok(u, "POST", "/api/crm/stages", { name: "Demo", probability: 50, position: 2 }, 201);
    expect(demo).toMatchObject({ name: "Demo", position: 2, is_won: false, is_lost: false });
    expect((await stagesOf(u)).map((s) => s.name).slice(0, 4)).toEqual(["Lead in", "Qualified", "Demo", "Meeting booked"]);
    const dup = await call(u, "POST", "/api/crm/stages", { name: "demo", probability: 5 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: "CRM_STAGE_NAME_EXISTS" });
    expect(fieldsOf(await call(u, "POST", "/api/crm/stages", { name: "", probability: 101 }).then((r) => r.json()))).toEqual(
      expect.arrayContaining(["name", "probability"]),
    );
    expect((await ok(u, "PUT", `/api/crm/stages/${demo.id}`, { name: "Product demo", probability: 55 })).name).toBe("Product demo");

    const ids = (await stagesOf(u)).map((s) => s.id).reverse();
    expect((await ok(u, "PUT", "/api/crm/stages/order", { stage_ids: ids })).map((s: { id: string }) => s.id)).toEqual(ids);
    expect((await stagesOf(u)).map((s) => s.id)).toEqual(ids);
    const partial = await call(u, "PUT", "/api/crm/stages/order", { stage_ids: ids.slice(1) });
    expect(partial.statusCode).toBe(422);
    expect(partial.json()).toMatchObject({ code: "CRM_STAGE_ORDER_INVALID" });

    await ok(u, "POST", "/api/crm/deals", { name: "Busy", stage_id: demo.id }, 201);
    await ok(u, "POST", "/api/crm/deals", { name: "Busy too", stage_id: demo.id }, 201);
    const inUse = await call(u, "DELETE", `/api/crm/stages/${demo.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({ code: "CRM_STAGE_IN_USE", count: 2 });
    const won = stages.find((s) => s.name === "Won")!;
    expect((await call(u, "DELETE", `/api/crm/stages/${won.id}`)).statusCode).toBe(204);
    expect((await stagesOf(u)).map((s) => s.name)).not.toContain("Won");
    expect((await call(u, "DELETE", `/api/crm/stages/${won.id}`)).statusCode).toBe(404);
    expect((await call(other, "PUT", `/api/crm/stages/${demo.id}`, { name: "Mine" })).statusCode).toBe(404);
    expect((await call(u, "DELETE", "/api/crm/stages/nope")).statusCode).toBe(404);
  });

  it("keeps at least one open stage", async () => {
    const u = await createUser(t.app.ctx.db);
    const open = (await stagesOf(u)).filter((s) => !["Won", "Lost"].includes(s.name));
    for (const s of open.slice(1)) expect((await call(u, "DELETE", `/api/crm/stages/${s.id}`)).statusCode).toBe(204);
    const last = await call(u, "DELETE", `/api/crm/stages/${open[0]!.id}`);
    expect(last.statusCode).toBe(409);
    expect(last.json().code).toBe("CRM_LAST_OPEN_STAGE");
    expect((await call(u, "PUT", `/api/crm/stages/${open[0]!.id}`, { is_won: true })).json().code).toBe("CRM_LAST_OPEN_STAGE");
  });

  it("creates, reads, updates and deletes customers, with 422 field errors and cross-workspace 404s", async () => {
    const c = await ok(
      owner,
      "POST",
      "/api/crm/customers",
      { name: "  Ada Lovelace ", email: "Ada@Engine.test", tags: ["vip", "vip"] },
      201,
    );
    expect(c).toMatchObject({
      name: "Ada Lovelace",
      email: "ada@engine.test",
      tags: ["vip"],
      open_deals: 0,
      open_value: {},
      lead_id: null,
    });
    expect(await ok(owner, "GET", `/api/crm/customers/${c.id}`)).toEqual(c);
    const upd = await ok(owner, "PUT", `/api/crm/customers/${c.id}`, { company: "Analytical Engines", email: null });
    expect(upd).toMatchObject({ name: "Ada Lovelace", company: "Analytical Engines", email: null });

    const before = await total(owner, "/api/crm/customers?limit=1");
    const bad = await call(owner, "POST", "/api/crm/customers", { name: "", email: "nope", owner_id: "x" });
    expect(bad.statusCode).toBe(422);
    expect(fieldsOf(bad.json())).toEqual(expect.arrayContaining(["name", "email", "owner_id"]));
    const stranger = await call(owner, "POST", "/api/crm/customers", { name: "X", owner_id: other.id });
    expect(stranger.statusCode).toBe(422);
    expect(fieldsOf(stranger.json())).toEqual(["owner_id"]);
    const foreignLead = await ok(other, "POST", "/api/leads/", { email: "theirs@lead.test" }, 201);
    const lead404 = await call(owner, "POST", "/api/crm/customers", { name: "X", lead_id: foreignLead.id });
    expect(lead404.statusCode).toBe(404);
    expect(lead404.json()).toMatchObject({ code: "LEAD_NOT_FOUND", errors: [{ field: "lead_id" }] });
    expect(await total(owner, "/api/crm/customers?limit=1")).toBe(before);

    expect((await call(other, "GET", `/api/crm/customers/${c.id}`)).statusCode).toBe(404);
    expect((await call(other, "PUT", `/api/crm/customers/${c.id}`, { name: "Taken" })).statusCode).toBe(404);
    expect((await call(other, "DELETE", `/api/crm/customers/${c.id}`)).statusCode).toBe(404);
    expect((await call(owner, "GET", "/api/crm/customers/not-a-uuid")).statusCode).toBe(404);
    expect((await call(owner, "DELETE", `/api/crm/customers/${c.id}`)).statusCode).toBe(204);
    expect((await call(owner, "GET", `/api/crm/customers/${c.id}`)).statusCode).toBe(404);
  });

  it("lists customers with search (trigram), filters, sort, paging and X-Total-Count", async () => {
    const u = await createUser(t.app.ctx.db);
    const rep = await addMember(t.app.ctx.db, u, "sales_rep");
    for (const [i, n] of ["Zoe Adams", "Yann Baker", "Xena Carter", "Walt Dunn", "Vera Evans"].entries())
      await ok(
        u,
        "POST",
        "/api/crm/customers",
        { name: n, company: i < 2 ? "Initech" : "Globex", tags: i % 2 ? ["hot"] : [], owner_id: i === 4 ? rep.id : null },
        201,
      );
    const page = await call(u, "GET", "/api/crm/customers?limit=2&skip=1&sort=name");
    expect(page.headers["x-total-count"]).toBe("5");
    expect(page.json().map((c: { name: string }) => c.name)).toEqual(["Walt Dunn", "Xena Carter"]);
    expect((await ok(u, "GET", "/api/crm/customers?search=initech")).map((c: { name: string }) => c.name).sort()).toEqual([
      "Yann Baker",
      "Zoe Adams",
    ]);
    expect(await total(u, "/api/crm/customers?search=INITECH&limit=5")).toBe(2);
    // Past the last match the page is empty and the total still right.
    const past = await call(u, "GET", "/api/crm/customers?search=initech&skip=5");
    expect([past.json(), past.headers["x-total-count"]]).toEqual([[], "2"]);
    expect(await total(u, "/api/crm/customers?search=initech&sort=name&limit=1")).toBe(2);
    expect((await ok(u, "GET", "/api/crm/customers?search=xena")).map((c: { name: string }) => c.name)).toEqual(["Xena Carter"]);
    expect(await total(u, "/api/crm/customers?search=100%25")).toBe(0);
    expect(await total(u, "/api/crm/customers?tag=hot")).toBe(2);
    expect((await ok(u, "GET", `/api/crm/customers?owner_id=${rep.id}`)).map((c: { name: string }) => c.name)).toEqual(["Vera Evans"]);
    expect((await call(u, "GET", "/api/crm/customers?limit=0")).statusCode).toBe(422);
    expect((await call(u, "GET", "/api/crm/customers?limit=201")).statusCode).toBe(422);
    expect(await total(other, "/api/crm/customers?search=initech")).toBe(0);
  });

  it("deleting a customer with deals asks first (409 with the count), then detaches or deletes them", async () => {
    const a = await ok(owner, "POST", "/api/crm/customers", { name: "Keeps deals" }, 201);
    const b = await ok(owner, "POST", "/api/crm/customers", { name: "Loses deals" }, 201);
    const d1 = await ok(owner, "POST", "/api/crm/deals", { name: "A1", customer_id: a.id, value: 100 }, 201);
    await ok(owner, "POST", "/api/crm/deals", { name: "A2", customer_id: a.id, value: 50, currency: "eur" }, 201);
    const d3 = await ok(owner, "POST", "/api/crm/deals", { name: "B1", customer_id: b.id }, 201);
    expect(await ok(owner, "GET", `/api/crm/customers/${a.id}`)).toMatchObject({ open_deals: 2, open_value: { USD: 100, EUR: 50 } });

    const refused = await call(owner, "DELETE", `/api/crm/customers/${a.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "CUSTOMER_HAS_DEALS", count: 2 });
    expect((await call(owner, "GET", `/api/crm/customers/${a.id}`)).statusCode).toBe(200);
    expect((await call(owner, "DELETE", `/api/crm/customers/${a.id}?deals=keep`)).statusCode).toBe(422);

    expect((await call(owner, "DELETE", `/api/crm/customers/${a.id}?deals=detach`)).statusCode).toBe(204);
    expect(await ok(owner, "GET", `/api/crm/deals/${d1.id}`)).toMatchObject({ customer_id: null, customer_name: null });

    const bulk = await call(owner, "POST", "/api/crm/customers/bulk-delete", { ids: [b.id, MISSING] });
    expect(bulk.json()).toMatchObject({ code: "CUSTOMER_HAS_DEALS", count: 1 });
    const done = await ok(owner, "POST", "/api/crm/customers/bulk-delete?deals=delete", { ids: [b.id, MISSING] });
    expect(done).toEqual({ deleted: 1, not_found: [MISSING], deals_detached: 0, deals_deleted: 1 });
    expect((await call(owner, "GET", `/api/crm/deals/${d3.id}`)).statusCode).toBe(404);
  });

  it("permissions: a viewer reads, a sales rep writes but cannot delete", async () => {
    const viewer = await addMember(t.app.ctx.db, owner, "viewer");
    const rep = await addMember(t.app.ctx.db, owner, "sales_rep");
    expect((await call(viewer, "GET", "/api/crm/customers")).statusCode).toBe(200);
    expect((await call(viewer, "POST", "/api/crm/customers", { name: "No" })).statusCode).toBe(403);
    const c = await ok(rep, "POST", "/api/crm/customers", { name: "Rep's" }, 201);
    expect((await call(rep, "PUT", `/api/crm/customers/${c.id}`, { phone: "+1 555" })).statusCode).toBe(200);
    const denied = await call(rep, "DELETE", `/api/crm/customers/${c.id}`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().requiredPermission).toBe("crm:delete");
    const manager = await addMember(t.app.ctx.db, owner, "manager");
    expect((await call(manager, "DELETE", `/api/crm/customers/${c.id}`)).statusCode).toBe(204);
  });

  it("tells the pipeline after deal and stage writes", async () => {
    const u = await createUser(t.app.ctx.db);
    changed.length = 0;
    const d = await ok(u, "POST", "/api/crm/deals", { name: "Hooked" }, 201);
    await ok(u, "PUT", `/api/crm/deals/${d.id}`, { value: 10 });
    await ok(u, "POST", "/api/crm/stages", { name: "Extra", probability: 5 }, 201);
    await call(u, "DELETE", `/api/crm/deals/${d.id}`);
    expect(changed).toEqual([u.workspaceId, u.workspaceId, u.workspaceId, u.workspaceId]);
    await call(u, "POST", "/api/crm/deals", { name: "Refused", value: -1 });
    expect(changed).toHaveLength(4);
  });
});
