import type { CrmDeal, CrmStage } from "@prospector/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";

const MISSING = "0195f3c4-1c7e-7a00-8000-000000000000";

describe("CRM deals API", () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let stages: CrmStage[];
  const stage = (name: string) => stages.find((s) => s.name === name) as CrmStage;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx.db);
    other = await createUser(t.app.ctx.db);
    stages = (await t.app.inject({ method: "GET", url: "/api/crm/stages", headers: owner.headers })).json();
  });
  afterAll(() => t.close());

  const call = (user: TestUser, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: user.headers, payload: payload as Record<string, unknown> });
  const ok = async (user: TestUser, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown, status = 200) => {
    const res = await call(user, method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json();
  };
  const deal = (user: TestUser, body: Record<string, unknown>): Promise<CrmDeal> => ok(user, "POST", "/api/crm/deals", body, 201);
  const count = async (user: TestUser, url: string) => Number((await call(user, "GET", url)).headers["x-total-count"]);
  const column = async (user: TestUser, stageId: string) =>
    ((await ok(user, "GET", `/api/crm/deals?stage_id=${stageId}&sort=position`)) as CrmDeal[]).map((d) => d.name);

  it("creates a deal in the first open stage by default, by stage id or by stage name", async () => {
    const d = await deal(owner, { name: "Acme renewal", value: 1200.5, currency: "eur", expected_close_date: "2026-12-31" });
    expect(d).toMatchObject({
      stage: "Lead in",
      stage_id: stage("Lead in").id,
      status: "open",
      value: 1200.5,
      currency: "EUR",
      probability: null,
      effective_probability: 10,
      expected_close_date: "2026-12-31",
      closed_at: null,
    });
    expect(await ok(owner, "GET", `/api/crm/deals/${d.id}`)).toEqual(d);
    expect(await deal(owner, { name: "Named", stage: "proposal", probability: 70 })).toMatchObject({
      stage: "Proposal",
      effective_probability: 70,
    });
    const won = await deal(owner, { name: "Already won", stage_id: stage("Won").id });
    expect(won.status).toBe("won");
    expect(won.closed_at).not.toBeNull();
  });

  it("refuses bad input with the field named and writes nothing", async () => {
    const theirCustomer = await ok(other, "POST", "/api/crm/customers", { name: "Not yours" }, 201);
    const theirCampaign = await ok(other, "POST", "/api/campaigns/", { name: "Q3", subject_line: "Hi" }, 201);
    const theirStages: CrmStage[] = await ok(other, "GET", "/api/crm/stages");
    const before = await count(owner, "/api/crm/deals?limit=1");
    const cases: [Record<string, unknown>, number, string][] = [
      [{ name: "x", stage_id: MISSING }, 422, "stage_id"],
      [{ name: "x", stage_id: theirStages[0]!.id }, 422, "stage_id"],
      [{ name: "x", stage: "Nowhere" }, 422, "stage"],
      [{ name: "x", value: -1 }, 422, "value"],
      [{ name: "x", value: 1.234 }, 422, "value"],
      [{ name: "x", currency: "ZZZ" }, 422, "currency"],
      [{ name: "x", currency: "dollars" }, 422, "currency"],
      [{ name: "x", probability: 101 }, 422, "probability"],
      [{ name: "x", expected_close_date: "2026-02-30" }, 422, "expected_close_date"],
      [{ name: "" }, 422, "name"],
      [{ name: "x", customer_id: theirCustomer.id }, 404, "customer_id"],
      [{ name: "x", customer_id: MISSING }, 404, "customer_id"],
      [{ name: "x", source_campaign_id: theirCampaign.id }, 404, "source_campaign_id"],
      [{ name: "x", lead_id: MISSING }, 404, "lead_id"],
      [{ name: "x", owner_id: other.id }, 422, "owner_id"],
      [{ name: "x", customer_id: "nope" }, 422, "customer_id"],
    ];
    for (const [body, status, field] of cases) {
      const res = await call(owner, "POST", "/api/crm/deals", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(
        res.json().errors?.map((e: { field: string }) => e.field),
        JSON.stringify(body),
      ).toContain(field);
    }
    expect(await count(owner, "/api/crm/deals?limit=1")).toBe(before);
    const d = await deal(owner, { name: "Unchanged", value: 5 });
    const res = await call(owner, "PUT", `/api/crm/deals/${d.id}`, { value: 9, customer_id: theirCustomer.id });
    expect(res.statusCode).toBe(404);
    expect((await ok(owner, "GET", `/api/crm/deals/${d.id}`)).value).toBe(5);
    expect((await call(owner, "PUT", `/api/crm/deals/${d.id}`, { stage_id: MISSING })).statusCode).toBe(422);
    expect((await ok(owner, "GET", `/api/crm/deals/${d.id}/history`)).length).toBe(1);
  });

  it("keeps deals to their workspace: another's or a malformed id is a 404", async () => {
    const d = await deal(owner, { name: "Private" });
    expect((await call(other, "GET", `/api/crm/deals/${d.id}`)).statusCode).toBe(404);
    expect((await call(other, "PUT", `/api/crm/deals/${d.id}`, { name: "Mine" })).statusCode).toBe(404);
    expect((await call(other, "GET", `/api/crm/deals/${d.id}/history`)).statusCode).toBe(404);
    expect((await call(other, "POST", `/api/crm/deals/${d.id}/move`, { stage_id: stage("Won").id })).statusCode).toBe(404);
    expect((await call(other, "DELETE", `/api/crm/deals/${d.id}`)).statusCode).toBe(404);
    expect((await ok(other, "POST", "/api/crm/deals/bulk-delete", { ids: [d.id] })).deleted).toBe(0);
    expect((await call(owner, "GET", "/api/crm/deals/not-a-uuid")).statusCode).toBe(404);
    expect((await ok(owner, "GET", `/api/crm/deals/${d.id}`)).name).toBe("Private");
  });

  it("lists with search, stage, status, owner and customer filters, sorts, paging and X-Total-Count", async () => {
    const u = await createUser(t.app.ctx.db);
    const rep = await addMember(t.app.ctx.db, u, "sales_rep");
    const us: CrmStage[] = await ok(u, "GET", "/api/crm/stages");
    const c = await ok(u, "POST", "/api/crm/customers", { name: "Globex" }, 201);
    await deal(u, { name: "Globex expansion", value: 500, customer_id: c.id, description: "Second site" });
    await deal(u, { name: "Initech pilot", value: 100, owner_id: rep.id, stage_id: us[3]!.id });
    await deal(u, { name: "Umbrella", value: 900, stage_id: us.find((s) => s.is_won)!.id });
    await deal(u, { name: "Hooli", value: 300, stage_id: us.find((s) => s.is_lost)!.id, description: "lost to a globex rival" });
    const list = await call(u, "GET", "/api/crm/deals?sort=value&order=desc&limit=2&skip=1");
    expect(list.headers["x-total-count"]).toBe("4");
    expect(list.json().map((d: CrmDeal) => d.name)).toEqual(["Globex expansion", "Hooli"]);
    expect(((await ok(u, "GET", "/api/crm/deals?search=GLOBEX")) as CrmDeal[]).map((d) => d.name)).toEqual(
      expect.arrayContaining(["Globex expansion", "Hooli"]),
    );
    expect(await count(u, "/api/crm/deals?search=second%20site")).toBe(1);
    expect(await count(u, "/api/crm/deals?status=open")).toBe(2);
    expect(await count(u, "/api/crm/deals?status=won,lost")).toBe(2);
    expect(await count(u, `/api/crm/deals?stage_id=${us[3]!.id}`)).toBe(1);
    expect(((await ok(u, "GET", `/api/crm/deals?owner_id=${rep.id}`)) as CrmDeal[]).map((d) => d.name)).toEqual(["Initech pilot"]);
    expect(((await ok(u, "GET", `/api/crm/deals?customer_id=${c.id}`)) as CrmDeal[])[0]).toMatchObject({ customer_name: "Globex" });
    expect((await call(u, "GET", "/api/crm/deals?status=maybe")).statusCode).toBe(422);
    expect((await call(u, "GET", "/api/crm/deals?sort=name")).statusCode).toBe(422);
    expect(await count(other, "/api/crm/deals?search=globex")).toBe(0);
  });

  it("moves deals on the board between neighbours, records each stage with its time, sets and clears closed_at", async () => {
    const u = await createUser(t.app.ctx.db);
    const us: CrmStage[] = await ok(u, "GET", "/api/crm/stages");
    const [lead, qualified] = [us[0]!, us[1]!];
    const won = us.find((s) => s.is_won)!;
    const a = await deal(u, { name: "A" });
    const b = await deal(u, { name: "B" });
    const c = await deal(u, { name: "C" });
    expect(await column(u, lead.id)).toEqual(["A", "B", "C"]);
    // Within the column: C dropped between A and B.
    await ok(u, "POST", `/api/crm/deals/${c.id}/move`, { stage_id: lead.id, after_id: a.id, before_id: b.id });
    expect(await column(u, lead.id)).toEqual(["A", "C", "B"]);
    // A dropped below B (after_id only), then to the top (before_id only).
    await ok(u, "POST", `/api/crm/deals/${a.id}/move`, { stage_id: lead.id, after_id: b.id });
    expect(await column(u, lead.id)).toEqual(["C", "B", "A"]);
    await ok(u, "POST", `/api/crm/deals/${a.id}/move`, { stage_id: lead.id, before_id: c.id });
    expect(await column(u, lead.id)).toEqual(["A", "C", "B"]);
    // Many drops into the same gap: positions stay distinct (the column is spread out when needed).
    for (let i = 0; i < 60; i++) {
      const [mover, anchor] = i % 2 ? [c, b] : [b, c];
      await ok(u, "POST", `/api/crm/deals/${mover.id}/move`, { stage_id: lead.id, after_id: a.id, before_id: anchor.id });
    }
    expect(await column(u, lead.id)).toEqual(["A", "C", "B"]);

    const moved = await ok(u, "POST", `/api/crm/deals/${b.id}/move`, { stage_id: qualified.id });
    expect(moved).toMatchObject({ stage: qualified.name, status: "open", closed_at: null });
    expect(moved.stage_entered_at > b.stage_entered_at).toBe(true);
    const closed = await ok(u, "PUT", `/api/crm/deals/${b.id}`, { stage_id: won.id });
    expect(closed).toMatchObject({ status: "won", effective_probability: 100 });
    expect(closed.closed_at).not.toBeNull();
    const reopened = await ok(u, "POST", `/api/crm/deals/${b.id}/move`, { stage_id: qualified.id });
    expect(reopened.closed_at).toBeNull();

    const history = await ok(u, "GET", `/api/crm/deals/${b.id}/history`);
    expect(history.map((h: { from_stage: string | null; to_stage: string }) => [h.from_stage, h.to_stage])).toEqual([
      [null, lead.name],
      [lead.name, qualified.name],
      [qualified.name, won.name],
      [won.name, qualified.name],
    ]);
    expect(history.every((h: { changed_by: string }) => h.changed_by === u.id)).toBe(true);
    // A move within a column is not a stage change.
    expect((await ok(u, "GET", `/api/crm/deals/${c.id}/history`)).length).toBe(1);

    const bad = await call(u, "POST", `/api/crm/deals/${a.id}/move`, { stage_id: qualified.id, after_id: c.id });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].field).toBe("after_id");
    expect((await call(u, "POST", `/api/crm/deals/${a.id}/move`, { stage_id: MISSING })).json().errors[0].field).toBe("stage_id");
  });

  it("a stage turned won closes its deals; turned open again reopens them", async () => {
    const u = await createUser(t.app.ctx.db);
    const us: CrmStage[] = await ok(u, "GET", "/api/crm/stages");
    const d = await deal(u, { name: "Flag", stage_id: us[4]!.id });
    await ok(u, "PUT", `/api/crm/stages/${us[4]!.id}`, { is_won: true });
    expect(await ok(u, "GET", `/api/crm/deals/${d.id}`)).toMatchObject({ status: "won" });
    expect((await ok(u, "GET", `/api/crm/deals/${d.id}`)).closed_at).not.toBeNull();
    await ok(u, "PUT", `/api/crm/stages/${us[4]!.id}`, { is_won: false });
    expect(await ok(u, "GET", `/api/crm/deals/${d.id}`)).toMatchObject({ status: "open", closed_at: null });
  });

  it("updates partially and deletes one or many", async () => {
    const d = await deal(owner, { name: "Partial", value: 10, description: "keep me", probability: 30 });
    const upd = await ok(owner, "PUT", `/api/crm/deals/${d.id}`, { value: 20, probability: null });
    expect(upd).toMatchObject({ value: 20, description: "keep me", probability: null, effective_probability: 10 });
    const e = await deal(owner, { name: "Bulk" });
    expect(await ok(owner, "POST", "/api/crm/deals/bulk-delete", { ids: [d.id, e.id, MISSING] })).toMatchObject({
      deleted: 2,
      not_found: [MISSING],
    });
    expect((await call(owner, "GET", `/api/crm/deals/${d.id}`)).statusCode).toBe(404);
    expect((await call(owner, "POST", "/api/crm/deals/bulk-delete", { ids: [] })).statusCode).toBe(422);
  });
});
