/**
 * Tasks and interactions over HTTP: create, read, partial update (done sets completed_at), delete
 * and bulk delete; paged lists with X-Total-Count, trigram search, filters (status, assignee "me",
 * due, links, type, dates); bad input (422 naming the field) and another workspace's ids (404
 * naming the field) writing nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { crmCustomers, crmDeals, crmStages } from "./crm.table.ts";

type Method = "GET" | "POST" | "PUT" | "DELETE";

describe("CRM tasks and interactions API", () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let mate: TestUser;
  let customerId: string;
  let dealId: string;
  let foreignCustomerId: string;

  const call = (user: TestUser, method: Method, url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: user.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const ok = async (user: TestUser, method: Method, url: string, payload?: unknown, status = 200) => {
    const res = await call(user, method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.statusCode === 204 ? null : res.json();
  };
  const total = async (user: TestUser, url: string) => Number((await call(user, "GET", url)).headers["x-total-count"]);

  /** A customer and an open deal of the user's workspace, written straight to the tables. */
  const customerWithDeal = async (user: TestUser, name: string) => {
    const db = t.app.ctx.db;
    const [customer] = await db.insert(crmCustomers).values({ workspaceId: user.workspaceId, name }).returning();
    const [stage] = await db
      .insert(crmStages)
      .values({ workspaceId: user.workspaceId, name: `Talking ${name}`, position: 99, probability: 30 })
      .returning();
    const [deal] = await db
      .insert(crmDeals)
      .values({ workspaceId: user.workspaceId, name: `${name} renewal`, stageId: stage!.id, customerId: customer!.id })
      .returning();
    return { customerId: customer!.id, dealId: deal!.id };
  };

  beforeAll(async () => {
    t = await createTestApp({ JOBS: "off" }, { work: false });
    owner = await createUser(t.app.ctx.db);
    stranger = await createUser(t.app.ctx.db);
    mate = await addMember(t.app.ctx.db, owner, "manager");
    ({ customerId, dealId } = await customerWithDeal(owner, "Globex"));
    ({ customerId: foreignCustomerId } = await customerWithDeal(stranger, "Initech"));
  });
  afterAll(() => t.close());

  it("creates, reads, updates and deletes a task; done sets completed_at and reopening clears it", async () => {
    const task = await ok(
      owner,
      "POST",
      "/api/crm/tasks",
      { title: "  Send the proposal ", due_date: "2026-05-01T09:00:00Z", deal_id: dealId, assignee_id: mate.id, description: "Pricing v2" },
      201,
    );
    expect(task).toMatchObject({
      title: "Send the proposal",
      status: "open",
      due_date: "2026-05-01T09:00:00.000Z",
      deal_id: dealId,
      assignee_id: mate.id,
      created_by: owner.id,
      completed_at: null,
      related_label: "Globex renewal",
    });
    expect(await ok(owner, "GET", `/api/crm/tasks/${task.id}`)).toEqual(task);

    const done = await ok(owner, "PUT", `/api/crm/tasks/${task.id}`, { status: "done" });
    expect(done).toMatchObject({ status: "done", title: "Send the proposal", description: "Pricing v2" });
    expect(Date.parse(done.completed_at)).toBeGreaterThan(Date.now() - 60_000);
    const reopened = await ok(owner, "PUT", `/api/crm/tasks/${task.id}`, {
      status: "in_progress",
      description: null,
      due_date: "2026-06-02",
    });
    expect(reopened).toMatchObject({ status: "in_progress", completed_at: null, description: null, due_date: "2026-06-02T00:00:00.000Z" });

    await ok(owner, "DELETE", `/api/crm/tasks/${task.id}`, undefined, 204);
    expect((await call(owner, "GET", `/api/crm/tasks/${task.id}`)).json().code).toBe("CRM_TASK_NOT_FOUND");
    expect((await call(owner, "DELETE", `/api/crm/tasks/${task.id}`)).statusCode).toBe(404);
    expect((await call(owner, "GET", "/api/crm/tasks/not-a-uuid")).statusCode).toBe(404);
  });

  it("refuses an invalid due date, an empty title and an unknown status with 422 naming the field, writing nothing", async () => {
    const before = await total(owner, "/api/crm/tasks");
    for (const [body, field] of [
      [{ title: "Call back", due_date: "2026-02-30" }, "due_date"],
      [{ title: "Call back", due_date: "next tuesday" }, "due_date"],
      [{ title: "   " }, "title"],
      [{ title: "Call back", status: "someday" }, "status"],
      [{ title: "Call back", remind_at: "soon" }, "remind_at"],
    ] as const) {
      const res = await call(owner, "POST", "/api/crm/tasks", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    const task = await ok(owner, "POST", "/api/crm/tasks", { title: "Keep me" }, 201);
    const bad = await call(owner, "PUT", `/api/crm/tasks/${task.id}`, { title: "Changed", due_date: "2026-13-01" });
    expect(bad.statusCode).toBe(422);
    expect((await ok(owner, "GET", `/api/crm/tasks/${task.id}`)).title).toBe("Keep me");
    expect(await total(owner, "/api/crm/tasks")).toBe(before + 1);
  });

  it("answers 404 naming the field for another workspace's customer, lead or assignee, and writes nothing", async () => {
    const before = await total(owner, "/api/crm/tasks");
    const foreignLead = await ok(stranger, "POST", "/api/leads/", { email: `far-${Date.now()}@away.test` }, 201);
    for (const [body, field] of [
      [{ title: "x", customer_id: foreignCustomerId }, "customer_id"],
      [{ title: "x", lead_id: foreignLead.id }, "lead_id"],
      [{ title: "x", assignee_id: stranger.id }, "assignee_id"],
    ] as const) {
      const res = await call(owner, "POST", "/api/crm/tasks", body);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: "CRM_ACTIVITY_LINK_NOT_FOUND", errors: [{ field }] });
    }
    const ires = await call(owner, "POST", "/api/crm/interactions", { subject: "x", type: "call", customer_id: foreignCustomerId });
    expect(ires.statusCode).toBe(404);
    expect(ires.json().errors[0].field).toBe("customer_id");
    expect(await total(owner, "/api/crm/tasks")).toBe(before);

    // Nor can another workspace read, change or delete one.
    const mine = await ok(owner, "POST", "/api/crm/tasks", { title: "Private" }, 201);
    expect((await call(stranger, "GET", `/api/crm/tasks/${mine.id}`)).statusCode).toBe(404);
    expect((await call(stranger, "PUT", `/api/crm/tasks/${mine.id}`, { title: "Mine now" })).statusCode).toBe(404);
    expect(await ok(stranger, "POST", "/api/crm/tasks/bulk-delete", { ids: [mine.id] })).toEqual({ deleted: 0, not_found: [mine.id] });
    expect((await ok(owner, "GET", `/api/crm/tasks/${mine.id}`)).title).toBe("Private");
  });

  it("pages, searches and filters tasks", async () => {
    const other = await createUser(t.app.ctx.db);
    const now = Date.now();
    const day = 86_400_000;
    const mk = (body: Record<string, unknown>) => ok(other, "POST", "/api/crm/tasks", body, 201);
    const overdue = await mk({ title: "Chase the invoice", due_date: new Date(now - 2 * day).toISOString(), assignee_id: other.id });
    await mk({ title: "Old finished chase", due_date: new Date(now - 3 * day).toISOString(), status: "done" });
    const soon = await mk({ title: "Prepare the demo", due_date: new Date(now + 2 * day).toISOString() });
    for (let i = 0; i < 5; i++) await mk({ title: `Filler task ${i}`, description: "nothing to see" });

    const page1 = await call(other, "GET", "/api/crm/tasks?limit=3");
    expect(page1.headers["x-total-count"]).toBe("8");
    const page2 = await ok(other, "GET", "/api/crm/tasks?limit=3&skip=3");
    const page3 = await ok(other, "GET", "/api/crm/tasks?limit=3&skip=6");
    const ids = [...page1.json(), ...page2, ...page3].map((x: { id: string }) => x.id);
    expect(new Set(ids).size).toBe(8);
    // Soonest due first, undated last.
    expect(page1.json()[0].title).toBe("Old finished chase");

    const found = await ok(other, "GET", "/api/crm/tasks?search=invoice");
    expect(found.map((x: { id: string }) => x.id)).toEqual([overdue.id]);
    expect((await ok(other, "GET", "/api/crm/tasks?search=chase")).length).toBe(2);
    expect((await ok(other, "GET", "/api/crm/tasks?due=overdue")).map((x: { id: string }) => x.id)).toEqual([overdue.id]);
    expect((await ok(other, "GET", "/api/crm/tasks?due=week")).map((x: { id: string }) => x.id)).toEqual([soon.id]);
    expect((await ok(other, "GET", "/api/crm/tasks?assignee_id=me")).map((x: { id: string }) => x.id)).toEqual([overdue.id]);
    expect(Number((await call(other, "GET", "/api/crm/tasks?status=open,in_progress")).headers["x-total-count"])).toBe(7);
    expect((await call(other, "GET", "/api/crm/tasks?due=someday")).statusCode).toBe(422);

    const gone = await ok(other, "POST", "/api/crm/tasks/bulk-delete", { ids: [overdue.id, soon.id, overdue.id] });
    expect(gone).toEqual({ deleted: 2, not_found: [] });
    expect(await total(other, "/api/crm/tasks")).toBe(6);
  });

  it("creates, lists, filters, updates and deletes interactions", async () => {
    const lead = await ok(
      owner,
      "POST",
      "/api/leads/",
      { first_name: "Ada", last_name: "Byron", email: `ada-${Date.now()}@engine.test` },
      201,
    );
    const call1 = await ok(
      owner,
      "POST",
      "/api/crm/interactions",
      { subject: "Discovery call", type: "call", date: "2026-03-02T10:00:00Z", notes: "Budget approved in Q2", customer_id: customerId },
      201,
    );
    expect(call1).toMatchObject({
      subject: "Discovery call",
      type: "call",
      date: "2026-03-02T10:00:00.000Z",
      source: "manual",
      created_by: owner.id,
      related_label: "Globex",
    });
    const note = await ok(owner, "POST", "/api/crm/interactions", { subject: "Left a voicemail", type: "note", lead_id: lead.id }, 201);
    expect(note.related_label).toBe("Ada Byron");
    expect(Date.parse(note.date)).toBeGreaterThan(Date.now() - 60_000);

    expect((await ok(owner, "GET", "/api/crm/interactions?search=budget")).map((x: { id: string }) => x.id)).toEqual([call1.id]);
    expect((await ok(owner, "GET", `/api/crm/interactions?customer_id=${customerId}`)).map((x: { id: string }) => x.id)).toEqual([
      call1.id,
    ]);
    expect((await ok(owner, "GET", "/api/crm/interactions?type=note")).map((x: { id: string }) => x.id)).toContain(note.id);
    const march = await ok(owner, "GET", "/api/crm/interactions?from=2026-03-01&to=2026-03-03");
    expect(march.map((x: { id: string }) => x.id)).toEqual([call1.id]);
    // Newest first.
    const all = await ok(owner, "GET", "/api/crm/interactions");
    expect(all.findIndex((x: { id: string }) => x.id === note.id)).toBeLessThan(all.findIndex((x: { id: string }) => x.id === call1.id));

    const bad = await call(owner, "POST", "/api/crm/interactions", { subject: "x", type: "fax" });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].field).toBe("type");
    expect((await call(owner, "POST", "/api/crm/interactions", { subject: "x", type: "call", date: "2026-02-31" })).statusCode).toBe(422);

    const changed = await ok(owner, "PUT", `/api/crm/interactions/${call1.id}`, { notes: null, deal_id: dealId });
    expect(changed).toMatchObject({ subject: "Discovery call", notes: null, deal_id: dealId, related_label: "Globex renewal" });
    expect((await call(stranger, "PUT", `/api/crm/interactions/${call1.id}`, { subject: "mine" })).statusCode).toBe(404);

    await ok(owner, "DELETE", `/api/crm/interactions/${note.id}`, undefined, 204);
    expect(await ok(owner, "POST", "/api/crm/interactions/bulk-delete", { ids: [call1.id, note.id] })).toEqual({
      deleted: 1,
      not_found: [note.id],
    });
  });

  it("needs the CRM permissions", async () => {
    const viewer = await addMember(t.app.ctx.db, owner, "viewer");
    expect((await call(viewer, "POST", "/api/crm/tasks", { title: "Nope" })).statusCode).toBe(403);
  });
});
