import type { ConvertLeadResult, CrmOverview } from "@prospector/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import { campaignEvents, campaignLeads, campaignMessages } from "../campaigns/index.ts";
import { crmInteractions, crmTasks } from "./crm.table.ts";

const DAY = 86_400_000;

describe("CRM lead conversion, campaign history and overview", () => {
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
  const ok = async (user: TestUser, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown, status = 200) => {
    const res = await call(user, method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json();
  };
  const count = async (user: TestUser, url: string) => Number((await call(user, "GET", url)).headers["x-total-count"]);

  it("converts a lead once into a linked customer and deal, in one transaction", async () => {
    const campaign = await ok(owner, "POST", "/api/campaigns/", { name: "Q3 outreach", subject_line: "Hi" }, 201);
    const lead = await ok(
      owner,
      "POST",
      "/api/leads/",
      {
        first_name: "Grace",
        last_name: "Hopper",
        email: "grace@navy.test",
        company_name: "Navy",
        phone: "+1 555 0100",
        campaign_id: campaign.id,
        status: "replied",
      },
      201,
    );
    const res: ConvertLeadResult = await ok(owner, "POST", "/api/crm/convert-lead", { lead_id: lead.id, deal: { value: 2500 } }, 201);
    expect(res.created).toBe(true);
    expect(res.customer).toMatchObject({
      name: "Grace Hopper",
      email: "grace@navy.test",
      company: "Navy",
      phone: "+1 555 0100",
      lead_id: lead.id,
      open_deals: 1,
      open_value: { USD: 2500 },
    });
    expect(res.deal).toMatchObject({
      name: "Navy deal",
      value: 2500,
      stage: "Lead in",
      customer_id: res.customer.id,
      customer_name: "Grace Hopper",
      lead_id: lead.id,
      source_campaign_id: campaign.id,
    });
    expect((await ok(owner, "GET", `/api/leads/${lead.id}`)).status).toBe("interested");
    expect((await ok(owner, "GET", `/api/crm/customers?lead_id=${lead.id}`)).map((c: { id: string }) => c.id)).toEqual([res.customer.id]);

    const customers = await count(owner, "/api/crm/customers?limit=1");
    const deals = await count(owner, "/api/crm/deals?limit=1");
    const again = await call(owner, "POST", "/api/crm/convert-lead", { lead_id: lead.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "LEAD_ALREADY_CONVERTED", resource_id: res.customer.id });
    // Linking the same lead to another customer by hand is the same conflict.
    expect((await call(owner, "POST", "/api/crm/customers", { name: "Copy", lead_id: lead.id })).json().code).toBe(
      "LEAD_ALREADY_CONVERTED",
    );
    expect(await count(owner, "/api/crm/customers?limit=1")).toBe(customers);
    expect(await count(owner, "/api/crm/deals?limit=1")).toBe(deals);
  });

  it("two conversions of one lead at once: one customer and deal, the other gets the 409", async () => {
    const lead = await ok(owner, "POST", "/api/leads/", { first_name: "Race", email: "race@x.test" }, 201);
    const before = await count(owner, "/api/crm/deals?limit=1");
    const results = await Promise.all([1, 2, 3].map(() => call(owner, "POST", "/api/crm/convert-lead", { lead_id: lead.id })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const winner = results.find((r) => r.statusCode === 201)!.json() as ConvertLeadResult;
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().resource_id).toBe(winner.customer.id);
    expect(await count(owner, `/api/crm/customers?lead_id=${lead.id}`)).toBe(1);
    expect(await count(owner, "/api/crm/deals?limit=1")).toBe(before + 1);
  });

  it("links an existing customer with the lead's email instead of a duplicate; keeps a settled lead's status", async () => {
    const existing = await ok(owner, "POST", "/api/crm/customers", { name: "Linus T.", email: "linus@kernel.test" }, 201);
    const lead = await ok(owner, "POST", "/api/leads/", { first_name: "Linus", email: "linus@kernel.test", status: "not_interested" }, 201);
    const stages = await ok(owner, "GET", "/api/crm/stages");
    const res: ConvertLeadResult = await ok(
      owner,
      "POST",
      "/api/crm/convert-lead",
      { lead_id: lead.id, deal: { name: "Kernel support", stage_id: stages[3].id, currency: "eur", expected_close_date: "2027-01-15" } },
      201,
    );
    expect(res.created).toBe(false);
    expect(res.customer).toMatchObject({ id: existing.id, name: "Linus T.", lead_id: lead.id });
    expect(res.deal).toMatchObject({ name: "Kernel support", stage: stages[3].name, currency: "EUR", expected_close_date: "2027-01-15" });
    expect((await ok(owner, "GET", `/api/leads/${lead.id}`)).status).toBe("not_interested");
  });

  it("refuses another workspace's lead, a bad stage or a negative value, writing nothing", async () => {
    const theirs = await ok(other, "POST", "/api/leads/", { email: "theirs@x.test" }, 201);
    const mine = await ok(owner, "POST", "/api/leads/", { email: "mine@x.test" }, 201);
    const before = [await count(owner, "/api/crm/customers?limit=1"), await count(owner, "/api/crm/deals?limit=1")];
    const foreign = await call(owner, "POST", "/api/crm/convert-lead", { lead_id: theirs.id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: "LEAD_NOT_FOUND", errors: [{ field: "lead_id" }] });
    const badStage = await call(owner, "POST", "/api/crm/convert-lead", {
      lead_id: mine.id,
      deal: { stage_id: "0195f3c4-1c7e-7a00-8000-000000000000" },
    });
    expect(badStage.statusCode).toBe(422);
    expect(badStage.json().errors[0].field).toBe("stage_id");
    const negative = await call(owner, "POST", "/api/crm/convert-lead", { lead_id: mine.id, deal: { value: -5 } });
    expect(negative.statusCode).toBe(422);
    expect(negative.json().errors[0].field).toBe("deal.value");
    expect([await count(owner, "/api/crm/customers?limit=1"), await count(owner, "/api/crm/deals?limit=1")]).toEqual(before);
    expect((await ok(owner, "GET", `/api/leads/${mine.id}`)).status).toBe("new");
  });

  it("shows the lead's campaign history on the customer", async () => {
    const u = await createUser(t.app.ctx.db);
    const lead = await ok(u, "POST", "/api/leads/", { first_name: "Ada", email: "ada@engine.test" }, 201);
    const c1 = await ok(u, "POST", "/api/campaigns/", { name: "First touch", subject_line: "Hello" }, 201);
    const c2 = await ok(u, "POST", "/api/campaigns/", { name: "Second touch", subject_line: "Again" }, 201);
    await ok(u, "POST", `/api/campaigns/${c1.id}/leads`, { lead_ids: [lead.id] });
    const db = t.app.ctx.db;
    // A lead runs in one campaign at a time: the earlier, finished membership is written directly.
    await db
      .insert(campaignLeads)
      .values({ workspaceId: u.workspaceId, campaignId: c2.id, leadId: lead.id, state: "completed", finishedAt: new Date() });
    const base = { workspaceId: u.workspaceId, campaignId: c1.id, leadId: lead.id };
    await db.insert(campaignMessages).values([
      { ...base, step: 0, status: "sent", sentAt: new Date(Date.now() - 2 * DAY) },
      { ...base, step: 1, status: "sent", sentAt: new Date(Date.now() - DAY) },
    ]);
    await db.insert(campaignEvents).values([
      { ...base, type: "open" },
      { ...base, type: "open" },
      { ...base, type: "open", isBot: true },
      { ...base, type: "reply" },
    ]);
    await ok(u, "POST", `/api/campaigns/${c1.id}/leads/${lead.id}/meeting`);
    const { customer } = await ok(u, "POST", "/api/crm/convert-lead", { lead_id: lead.id }, 201);
    const history = await ok(u, "GET", `/api/crm/customers/${customer.id}/campaign-history`);
    expect(history).toHaveLength(2);
    expect(history.find((h: { name: string }) => h.name === "First touch")).toEqual({
      campaign_id: c1.id,
      name: "First touch",
      status: "draft",
      step: 2,
      sent: 2,
      opened: 2,
      replied: 1,
      meeting: true,
    });
    expect(history.find((h: { name: string }) => h.name === "Second touch")).toMatchObject({
      step: null,
      sent: 0,
      opened: 0,
      meeting: false,
    });
    const plain = await ok(u, "POST", "/api/crm/customers", { name: "No lead" }, 201);
    expect(await ok(u, "GET", `/api/crm/customers/${plain.id}/campaign-history`)).toEqual([]);
    expect((await call(other, "GET", `/api/crm/customers/${customer.id}/campaign-history`)).statusCode).toBe(404);
  });

  it("overview: open deals by stage with weighted values, tasks due by window, recent interactions", async () => {
    const u = await createUser(t.app.ctx.db);
    const empty: CrmOverview = await ok(u, "GET", "/api/crm/overview");
    expect(empty.stages.map((s) => s.count)).toEqual([0, 0, 0, 0, 0]);
    expect(empty.tasks_due).toMatchObject({ overdue: 0, today: 0, next_7_days: 0, items: [] });
    const stages = await ok(u, "GET", "/api/crm/stages");
    await ok(u, "POST", "/api/crm/deals", { name: "a", value: 1000 }, 201);
    await ok(u, "POST", "/api/crm/deals", { name: "b", value: 500, probability: 50 }, 201);
    await ok(u, "POST", "/api/crm/deals", { name: "c", value: 200, currency: "EUR", stage_id: stages[3].id }, 201);
    await ok(u, "POST", "/api/crm/deals", { name: "won", value: 9999, stage_id: stages[5].id }, 201);

    const db = t.app.ctx.db;
    const now = new Date();
    const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 12));
    const ws = u.workspaceId;
    await db.insert(crmTasks).values([
      { workspaceId: ws, title: "Late", dueAt: new Date(today.getTime() - 2 * DAY) },
      { workspaceId: ws, title: "Today", dueAt: new Date(today.getTime() + 12 * 3600_000 - 1000), status: "in_progress" },
      { workspaceId: ws, title: "Soon", dueAt: new Date(today.getTime() + 3 * DAY) },
      { workspaceId: ws, title: "Later", dueAt: new Date(today.getTime() + 20 * DAY) },
      { workspaceId: ws, title: "Done", dueAt: new Date(today.getTime() + 12 * 3600_000 - 1000), status: "done" },
    ]);
    await db.insert(crmInteractions).values(
      Array.from({ length: 12 }, (_, i) => ({
        workspaceId: ws,
        subject: `Call ${i}`,
        type: "call" as const,
        occurredAt: new Date(now.getTime() - i * 60_000),
      })),
    );

    const o: CrmOverview = await ok(u, "GET", "/api/crm/overview");
    expect(o.stages.map((s) => s.name)).toEqual(["Lead in", "Qualified", "Meeting booked", "Proposal", "Negotiation"]);
    expect(o.stages[0]).toMatchObject({ count: 2, totals: [{ currency: "USD", value: 1500, weighted_value: 350 }] });
    expect(o.stages[3]).toMatchObject({ count: 1, totals: [{ currency: "EUR", value: 200, weighted_value: 120 }] });
    // The windows of /crm/tasks?due=overdue|today|week, counting open and in-progress tasks.
    expect(o.tasks_due).toMatchObject({ overdue: 1, today: 1, next_7_days: 2 });
    expect(o.tasks_due.items.map((i) => i.title)).toEqual(["Late", "Today", "Soon"]);
    expect(o.recent_interactions).toHaveLength(10);
    expect(o.recent_interactions[0]).toMatchObject({ subject: "Call 0", type: "call" });
    expect((await ok(other, "GET", "/api/crm/overview")).recent_interactions).toEqual([]);
  });
});
