/**
 * The team decision log on the real database: the lifecycle (create, edit, vote, decide, reopen,
 * cancel) with its thread, one vote per member, permissions by role, linked records (validated,
 * named, "deleted" once gone, a filter), tenancy, keyset paging and notifications.
 */
import type { Decision, DecisionEvent, DecisionPage, DecisionThread } from "@prospector/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { expectTenantIsolation } from "../../../test/tenant-isolation.ts";
import { crmCustomers, crmTasks } from "../crm/crm.table.ts";
import { leads } from "../leads/leads.table.ts";
import { notifications } from "../notifications/notifications.table.ts";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let rep: TestUser;
let rep2: TestUser;
let viewer: TestUser;
let stranger: TestUser;
let leadId: string;
let customerId: string;
let taskId: string;
let campaignId: string;
let foreignLeadId: string;

const call = (user: TestUser, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: user.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const ok = async <T>(user: TestUser, method: Method, url: string, payload?: unknown, status = 200): Promise<T> => {
  const res = await call(user, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return res.json<T>();
};
const fails = async (user: TestUser, method: Method, url: string, payload: unknown, status: number, code?: string) => {
  const res = await call(user, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  if (code) expect(res.json().code).toBe(code);
  return res.json<{ code: string; errors?: { field: string }[] }>();
};
const fields = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field);

const create = (user: TestUser, body: object) => ok<Decision>(user, "POST", "/api/decisions", body, 201);
const twoOptions = [{ label: "Yes" }, { label: "No" }];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.app.ctx.db;
  admin = await createUser(db, { name: "Ada Admin" });
  manager = await addMember(db, admin, "manager");
  rep = await addMember(db, admin, "sales_rep");
  rep2 = await addMember(db, admin, "sales_rep");
  viewer = await addMember(db, admin, "viewer");
  stranger = await createUser(db);
  const idOf = (rows: { id: string }[]) => rows[0]!.id;
  leadId = idOf(
    await db
      .insert(leads)
      .values({ workspaceId: admin.workspaceId, firstName: "Lena", lastName: "Lead", email: "lena@example.com" })
      .returning({ id: leads.id }),
  );
  foreignLeadId = idOf(
    await db
      .insert(leads)
      .values({ workspaceId: stranger.workspaceId, firstName: "Other", email: "other@example.com" })
      .returning({ id: leads.id }),
  );
  customerId = idOf(
    await db.insert(crmCustomers).values({ workspaceId: admin.workspaceId, name: "Acme" }).returning({ id: crmCustomers.id }),
  );
  taskId = idOf(await db.insert(crmTasks).values({ workspaceId: admin.workspaceId, title: "Call back" }).returning({ id: crmTasks.id }));
  const campaign = await ok<{ id: string }>(
    admin,
    "POST",
    "/api/campaigns",
    { name: "Spring outreach", subject_line: "Hello", body: "Hi there" },
    201,
  );
  campaignId = campaign.id;
}, 120_000);

afterAll(() => t?.close());

describe("the lifecycle", () => {
  it("creates, votes, changes a vote, decides, refuses changes after, reopens and keeps the story in the thread", async () => {
    const d = await create(rep, {
      question: "Should we move the Q3 campaign to September?",
      context: "Holiday season lowers reply rates.",
      options: [{ label: "Move it", description: "Launch on Sep 2" }, { label: "Keep August" }],
      due_at: "2030-01-10T12:00:00Z",
      links: [
        { kind: "lead", id: leadId },
        { kind: "campaign", id: campaignId },
      ],
    });
    expect(d).toMatchObject({
      status: "open",
      context: "Holiday season lowers reply rates.",
      due_at: "2030-01-10T12:00:00.000Z",
      created_by: { id: rep.id },
      my_vote: null,
      can_vote: true,
      can_manage: true,
      options_locked: false,
      outcome: null,
      voters: 4,
    });
    expect(d.options.map((o) => [o.label, o.votes])).toEqual([
      ["Move it", 0],
      ["Keep August", 0],
    ]);
    expect(d.links).toEqual(
      expect.arrayContaining([
        { kind: "lead", id: leadId, name: "Lena Lead", deleted: false },
        { kind: "campaign", id: campaignId, name: "Spring outreach", deleted: false },
      ]),
    );
    const [move, keep] = d.options as [Decision["options"][0], Decision["options"][0]];

    // Options may change before the first vote.
    const edited = await ok<Decision>(rep, "PATCH", `/api/decisions/${d.id}`, {
      options: [{ label: "Move it" }, { label: "Keep August" }, { label: "Split it" }],
    });
    expect(edited.options).toHaveLength(3);
    const [moveId, keepId] = [edited.options[0]!.id, edited.options[1]!.id];
    expect(moveId).not.toBe(move.id);
    expect(keep).toBeTruthy();

    const v1 = await ok<Decision>(rep2, "PUT", `/api/decisions/${d.id}/votes`, { option_id: moveId, comment: "Better timing" });
    expect(v1.my_vote).toBe(moveId);
    await ok<Decision>(manager, "PUT", `/api/decisions/${d.id}/votes`, { option_id: keepId });
    // A second vote by the same member replaces the first.
    const v2 = await ok<Decision>(rep2, "PUT", `/api/decisions/${d.id}/votes`, { option_id: keepId });
    expect(v2.options.map((o) => o.votes)).toEqual([0, 2, 0]);
    expect(v2.votes).toHaveLength(2);
    expect(v2.votes.find((v) => v.user.id === rep2.id)).toMatchObject({ option_id: keepId, comment: null });
    expect(v2.options_locked).toBe(true);
    // Options are locked once someone voted; the question may still change.
    await fails(rep, "PATCH", `/api/decisions/${d.id}`, { options: twoOptions }, 409, "DECISION_OPTIONS_LOCKED");
    await ok(rep, "PATCH", `/api/decisions/${d.id}`, { question: "Move the Q3 campaign to September?" });
    // An option of another decision is refused by field.
    const other = await create(rep, { question: "Another question", options: twoOptions });
    expect(fields(await fails(rep, "PUT", `/api/decisions/${d.id}/votes`, { option_id: other.options[0]!.id }, 422))).toEqual([
      "option_id",
    ]);
    // Withdraw and vote again.
    const w = await ok<Decision>(manager, "DELETE", `/api/decisions/${d.id}/votes`);
    expect(w.options.map((o) => o.votes)).toEqual([0, 1, 0]);
    await fails(manager, "DELETE", `/api/decisions/${d.id}/votes`, undefined, 404, "DECISION_VOTE_NOT_FOUND");
    await ok(manager, "PUT", `/api/decisions/${d.id}/votes`, { option_id: keepId });

    // The outcome needs a rationale.
    expect(fields(await fails(rep, "POST", `/api/decisions/${d.id}/decide`, { option_id: keepId, rationale: " " }, 422))).toEqual([
      "rationale",
    ]);
    const decided = await ok<Decision>(rep, "POST", `/api/decisions/${d.id}/decide`, {
      option_id: keepId,
      rationale: "Most of the team prefers August",
    });
    expect(decided.status).toBe("decided");
    expect(decided.outcome).toMatchObject({
      option_id: keepId,
      label: "Keep August",
      rationale: "Most of the team prefers August",
      decided_by: { id: rep.id },
    });
    expect(decided.can_vote).toBe(false);

    // Read-only once decided: votes, edits, a second decision and cancelling answer 409.
    await fails(rep2, "PUT", `/api/decisions/${d.id}/votes`, { option_id: moveId }, 409, "DECISION_NOT_OPEN");
    await fails(rep2, "DELETE", `/api/decisions/${d.id}/votes`, undefined, 409, "DECISION_NOT_OPEN");
    await fails(rep, "PATCH", `/api/decisions/${d.id}`, { question: "Changed?" }, 409, "DECISION_NOT_OPEN");
    await fails(rep, "POST", `/api/decisions/${d.id}/decide`, { option_id: moveId, rationale: "x" }, 409, "DECISION_NOT_OPEN");
    await fails(rep, "POST", `/api/decisions/${d.id}/cancel`, {}, 409, "DECISION_NOT_OPEN");

    // Reopen needs a reason and only closed decisions reopen.
    expect(fields(await fails(rep, "POST", `/api/decisions/${d.id}/reopen`, {}, 422))).toEqual(["reason"]);
    const reopened = await ok<Decision>(rep, "POST", `/api/decisions/${d.id}/reopen`, { reason: "New data from the pilot" });
    expect(reopened).toMatchObject({ status: "open", outcome: null, can_vote: true });
    expect(reopened.options.map((o) => o.votes)).toEqual([0, 2, 0]);
    await fails(rep, "POST", `/api/decisions/${d.id}/reopen`, { reason: "again" }, 409, "DECISION_NOT_CLOSED");
    await ok(rep2, "PUT", `/api/decisions/${d.id}/votes`, { option_id: moveId });

    // Comments join the thread; the thread tells the whole story, oldest first, keyset paged.
    const c = await ok<DecisionEvent>(rep2, "POST", `/api/decisions/${d.id}/comments`, { body: "Data looks good" }, 201);
    expect(c).toMatchObject({ kind: "commented", body: "Data looks good", user: { id: rep2.id } });
    const all = await ok<DecisionThread>(admin, "GET", `/api/decisions/${d.id}/comments?limit=200`);
    expect(all.items.map((e) => e.kind)).toEqual([
      "created",
      "options_changed",
      "voted",
      "voted",
      "voted",
      "edited",
      "vote_withdrawn",
      "voted",
      "decided",
      "reopened",
      "voted",
      "commented",
    ]);
    expect(all.items[4]!.detail).toMatchObject({ option: "Keep August", previous: "Move it", changed: true });
    expect(all.items.find((e) => e.kind === "reopened")).toMatchObject({ body: "New data from the pilot", detail: { from: "decided" } });
    const p1 = await ok<DecisionThread>(admin, "GET", `/api/decisions/${d.id}/comments?limit=5`);
    const p2 = await ok<DecisionThread>(admin, "GET", `/api/decisions/${d.id}/comments?limit=5&cursor=${p1.next_cursor}`);
    const p3 = await ok<DecisionThread>(admin, "GET", `/api/decisions/${d.id}/comments?limit=5&cursor=${p2.next_cursor}`);
    expect([...p1.items, ...p2.items, ...p3.items].map((e) => e.id)).toEqual(all.items.map((e) => e.id));
    expect(p3.next_cursor).toBeNull();

    // Cancelling an open decision, with its reason.
    const cancelled = await ok<Decision>(admin, "POST", `/api/decisions/${other.id}/cancel`, { reason: "Duplicate" });
    expect(cancelled).toMatchObject({ status: "cancelled", cancel_reason: "Duplicate", can_vote: false });
  });
});

describe("bad input", () => {
  it("answers 422 naming the field: too few options, duplicates, an unknown link kind, a record not in the workspace", async () => {
    expect(fields(await fails(rep, "POST", "/api/decisions", { question: "One option?", options: [{ label: "Only" }] }, 422))).toEqual([
      "options",
    ]);
    const eleven = Array.from({ length: 11 }, (_, i) => ({ label: `Option ${i}` }));
    expect(fields(await fails(rep, "POST", "/api/decisions", { question: "Too many?", options: eleven }, 422))).toEqual(["options"]);
    const dup = await fails(rep, "POST", "/api/decisions", { question: "Dupes?", options: [{ label: "Yes" }, { label: " yes " }] }, 422);
    expect(fields(dup)).toEqual(["options.1.label"]);
    const kind = await fails(
      rep,
      "POST",
      "/api/decisions",
      { question: "Kind?", options: twoOptions, links: [{ kind: "invoice", id: leadId }] },
      422,
    );
    expect(fields(kind)).toEqual(["links.0.kind"]);
    const foreign = await fails(
      rep,
      "POST",
      "/api/decisions",
      {
        question: "Foreign?",
        options: twoOptions,
        links: [
          { kind: "lead", id: leadId },
          { kind: "lead", id: foreignLeadId },
        ],
      },
      422,
    );
    expect(fields(foreign)).toEqual(["links.1.id"]);
    // A lead id given as a deal does not exist as a deal.
    expect(
      fields(
        await fails(
          rep,
          "POST",
          "/api/decisions",
          { question: "Wrong kind?", options: twoOptions, links: [{ kind: "deal", id: leadId }] },
          422,
        ),
      ),
    ).toEqual(["links.0.id"]);
    expect(fields(await fails(rep, "POST", "/api/decisions", { question: "?", options: twoOptions }, 422))).toEqual(["question"]);
    // Nothing was written by the refused requests.
    const list = await ok<DecisionPage>(rep, "GET", "/api/decisions?search=Foreign");
    expect(list.items).toHaveLength(0);
  });
});

describe("permissions by role", () => {
  it("viewers read only; the creator or team:update decides; others vote but do not decide", async () => {
    const d = await create(rep, { question: "Which CRM stage names?", options: twoOptions });
    // Viewers read the decision and its thread, but cannot create, vote or comment.
    const seen = await ok<Decision>(viewer, "GET", `/api/decisions/${d.id}`);
    expect(seen).toMatchObject({ can_vote: false, can_comment: false, can_manage: false });
    await ok(viewer, "GET", `/api/decisions/${d.id}/comments`);
    await fails(viewer, "POST", "/api/decisions", { question: "Viewer asks?", options: twoOptions }, 403, "DECISION_READ_ONLY_ROLE");
    await fails(viewer, "PUT", `/api/decisions/${d.id}/votes`, { option_id: d.options[0]!.id }, 403, "DECISION_READ_ONLY_ROLE");
    await fails(viewer, "POST", `/api/decisions/${d.id}/comments`, { body: "hi" }, 403, "DECISION_READ_ONLY_ROLE");
    // Another member (manager: team:read only, by the seeded roles) votes but may not manage it.
    expect((await ok<Decision>(manager, "GET", `/api/decisions/${d.id}`)).can_manage).toBe(false);
    await ok(rep2, "PUT", `/api/decisions/${d.id}/votes`, { option_id: d.options[0]!.id });
    for (const [method, url, body] of [
      ["PATCH", `/api/decisions/${d.id}`, { question: "Hijacked?" }],
      ["POST", `/api/decisions/${d.id}/decide`, { option_id: d.options[0]!.id, rationale: "mine" }],
      ["POST", `/api/decisions/${d.id}/cancel`, {}],
    ] as const) {
      await fails(rep2, method, url, body, 403, "DECISION_MANAGE_FORBIDDEN");
      await fails(manager, method, url, body, 403, "DECISION_MANAGE_FORBIDDEN");
    }
    // An administrator (team:update through *:*) decides anyone's decision and may reopen it.
    expect((await ok<Decision>(admin, "GET", `/api/decisions/${d.id}`)).can_manage).toBe(true);
    await ok(admin, "POST", `/api/decisions/${d.id}/decide`, { option_id: d.options[0]!.id, rationale: "Clear majority" });
    await fails(rep2, "POST", `/api/decisions/${d.id}/reopen`, { reason: "no" }, 403, "DECISION_MANAGE_FORBIDDEN");
    await ok(rep, "POST", `/api/decisions/${d.id}/reopen`, { reason: "Creator reopens" });
  });
});

describe("linked records and tenancy", () => {
  it("filters by linked record, shows a deleted record as deleted, and answers 404 to another workspace", async () => {
    const d = await create(manager, {
      question: "Offer Acme a discount?",
      options: twoOptions,
      links: [
        { kind: "customer", id: customerId },
        { kind: "task", id: taskId },
        { kind: "lead", id: leadId },
      ],
    });
    const byCustomer = await ok<DecisionPage>(admin, "GET", `/api/decisions?link_kind=customer&link_id=${customerId}`);
    expect(byCustomer.items.map((i) => i.id)).toEqual([d.id]);
    const byLead = await ok<DecisionPage>(admin, "GET", `/api/decisions?link_kind=lead&link_id=${leadId}`);
    expect(byLead.items.map((i) => i.id)).toContain(d.id);
    expect(byLead.items).toHaveLength(2);
    expect(fields(await fails(admin, "GET", `/api/decisions?link_kind=lead`, undefined, 422))).toEqual(["link_id"]);

    await t.app.ctx.db.delete(crmTasks).where(eq(crmTasks.id, taskId));
    const after = await ok<Decision>(admin, "GET", `/api/decisions/${d.id}`);
    expect(after.links.find((l) => l.kind === "task")).toEqual({ kind: "task", id: taskId, name: null, deleted: true });
    expect(after.links.find((l) => l.kind === "customer")).toMatchObject({ name: "Acme", deleted: false });

    await expectTenantIsolation(t.app, stranger, [
      { method: "GET", url: `/api/decisions/${d.id}` },
      { method: "PATCH", url: `/api/decisions/${d.id}`, payload: { question: "Mine now?" } },
      { method: "PUT", url: `/api/decisions/${d.id}/votes`, payload: { option_id: d.options[0]!.id } },
      { method: "DELETE", url: `/api/decisions/${d.id}/votes` },
      { method: "POST", url: `/api/decisions/${d.id}/decide`, payload: { option_id: d.options[0]!.id, rationale: "x" } },
      { method: "POST", url: `/api/decisions/${d.id}/reopen`, payload: { reason: "x" } },
      { method: "POST", url: `/api/decisions/${d.id}/cancel`, payload: {} },
      { method: "GET", url: `/api/decisions/${d.id}/comments` },
      { method: "POST", url: `/api/decisions/${d.id}/comments`, payload: { body: "x" } },
    ]);
    expect((await ok<DecisionPage>(stranger, "GET", "/api/decisions")).items).toHaveLength(0);
    // The stranger cannot link our lead either.
    const refused = await fails(
      stranger,
      "POST",
      "/api/decisions",
      { question: "Borrow?", options: twoOptions, links: [{ kind: "lead", id: leadId }] },
      422,
    );
    expect(fields(refused)).toEqual(["links.0.id"]);
    await fails(admin, "GET", "/api/decisions/not-a-uuid", undefined, 404, "DECISION_NOT_FOUND");

    // The picker finds the workspace's records by name, and only those.
    type Linkable = { items: { kind: string; id: string; name: string }[] };
    expect((await ok<Linkable>(admin, "GET", "/api/decisions/linkable?kind=lead&search=lena")).items).toEqual([
      { kind: "lead", id: leadId, name: "Lena Lead" },
    ]);
    expect((await ok<Linkable>(admin, "GET", "/api/decisions/linkable?kind=customer&search=ACM")).items.map((i) => i.id)).toEqual([
      customerId,
    ]);
    expect((await ok<Linkable>(admin, "GET", "/api/decisions/linkable?kind=campaign")).items.map((i) => i.name)).toEqual([
      "Spring outreach",
    ]);
    expect((await ok<Linkable>(stranger, "GET", "/api/decisions/linkable?kind=lead&search=lena")).items).toEqual([]);
    expect(fields(await fails(admin, "GET", "/api/decisions/linkable?kind=invoice", undefined, 422))).toEqual(["kind"]);
  });
});

describe("the list", () => {
  it("pages newest first and by due date with keyset cursors, filters by status, search and mine to vote, and counts per status", async () => {
    const u = await createUser(t.app.ctx.db);
    const mate = await addMember(t.app.ctx.db, u, "sales_rep");
    const made: Decision[] = [];
    const dues = ["2031-03-01T00:00:00Z", null, "2031-01-01T00:00:00Z", "2031-02-01T00:00:00Z", null, "2031-01-01T00:00:00Z"];
    for (const [i, due] of dues.entries())
      made.push(await create(u, { question: `Pricing question ${i}`, options: twoOptions, due_at: due }));
    const newest = async (cursor?: string) => ok<DecisionPage>(u, "GET", `/api/decisions?limit=4${cursor ? `&cursor=${cursor}` : ""}`);
    const n1 = await newest();
    const n2 = await newest(n1.next_cursor!);
    expect([...n1.items, ...n2.items].map((i) => i.id)).toEqual([...made].reverse().map((d) => d.id));
    expect(n2.next_cursor).toBeNull();
    expect(n1.counts).toEqual({ open: 6, decided: 0, cancelled: 0 });

    const due = async (cursor?: string) =>
      ok<DecisionPage>(u, "GET", `/api/decisions?sort=due&limit=2${cursor ? `&cursor=${cursor}` : ""}`);
    const seen: DecisionPage["items"] = [];
    let page = await due();
    seen.push(...page.items);
    while (page.next_cursor) {
      page = await due(page.next_cursor);
      seen.push(...page.items);
    }
    const byDue = [...made].sort((a, b) => {
      if (a.due_at === b.due_at) return a.id < b.id ? -1 : 1;
      if (a.due_at === null) return 1;
      if (b.due_at === null) return -1;
      return a.due_at < b.due_at ? -1 : 1;
    });
    expect(seen.map((i) => i.id)).toEqual(byDue.map((d) => d.id));

    await ok(u, "POST", `/api/decisions/${made[0]!.id}/decide`, { option_id: made[0]!.options[0]!.id, rationale: "r" });
    await ok(u, "POST", `/api/decisions/${made[1]!.id}/cancel`, {});
    await ok(mate, "PUT", `/api/decisions/${made[2]!.id}/votes`, { option_id: made[2]!.options[1]!.id });
    const decided = await ok<DecisionPage>(u, "GET", "/api/decisions?status=decided");
    expect(decided.items.map((i) => [i.id, i.outcome_label])).toEqual([[made[0]!.id, "Yes"]]);
    expect(decided.counts).toEqual({ open: 4, decided: 1, cancelled: 1 });
    const toVote = await ok<DecisionPage>(mate, "GET", "/api/decisions?mine_to_vote=true");
    expect(toVote.items.map((i) => i.id).sort()).toEqual([made[3]!.id, made[4]!.id, made[5]!.id].sort());
    const search = await ok<DecisionPage>(u, "GET", "/api/decisions?search=question%204");
    expect(search.items.map((i) => i.id)).toEqual([made[4]!.id]);
    const voted = (await ok<DecisionPage>(mate, "GET", "/api/decisions?status=open")).items.find((i) => i.id === made[2]!.id);
    expect(voted).toMatchObject({ votes_count: 1, my_vote: made[2]!.options[1]!.id, options_count: 2 });
    expect(fields(await fails(u, "GET", "/api/decisions?cursor=nope", undefined, 422))).toEqual(["cursor"]);
  });
});

describe("notifications", () => {
  it("tells the other members about a new decision and its outcome", async () => {
    const db = t.app.ctx.db;
    const mine = async (user: TestUser) =>
      (await db.select().from(notifications).where(eq(notifications.userId, user.id))).map((n) => n.title);
    const before = (await mine(rep2)).length;
    const d = await create(admin, { question: "Adopt the new signature?", options: twoOptions });
    await ok(admin, "POST", `/api/decisions/${d.id}/decide`, { option_id: d.options[0]!.id, rationale: "Everyone agreed" });
    const titles = (await mine(rep2)).slice(before);
    expect(titles).toEqual(expect.arrayContaining(["New decision: Adopt the new signature?", "Decided: Adopt the new signature?"]));
    expect((await mine(admin)).filter((x) => x.includes("Adopt the new signature"))).toEqual([]);
  });
});
