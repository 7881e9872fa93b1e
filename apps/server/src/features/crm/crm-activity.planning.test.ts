/**
 * What /task-planning asks of the task API: a due window (due_from, due_to), the unassigned tasks
 * (assignee_id=none), and the workload per member with the team's median; each scoped to the
 * caller's workspace, with bad windows refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";

describe("CRM task planning API", () => {
  let t: TestApp;
  let owner: TestUser;
  let mate: TestUser;
  let idle: TestUser;
  let stranger: TestUser;

  const call = (user: TestUser, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
  const create = async (user: TestUser, body: object) => {
    const res = await call(user, "POST", "/api/crm/tasks", body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string };
  };
  const titles = async (user: TestUser, url: string) => {
    const res = await call(user, "GET", url);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { title: string }[]).map((x) => x.title).sort();
  };

  beforeAll(async () => {
    t = await createTestApp({ JOBS: "off" }, { work: false });
    owner = await createUser(t.app.ctx.db);
    mate = await addMember(t.app.ctx.db, owner, "manager");
    idle = await addMember(t.app.ctx.db, owner, "sales_rep");
    stranger = await createUser(t.app.ctx.db);
    // Week of 2030-03-04 (Monday) to 2030-03-11.
    await create(owner, { title: "Owner mon", due_date: "2030-03-04T09:00:00Z", assignee_id: owner.id });
    await create(owner, { title: "Owner wed", due_date: "2030-03-06", assignee_id: owner.id });
    await create(owner, { title: "Owner next week", due_date: "2030-03-11T00:00:00Z", assignee_id: owner.id });
    await create(owner, { title: "Mate thu", due_date: "2030-03-07", assignee_id: mate.id });
    await create(owner, { title: "Mate done", due_date: "2030-03-05", assignee_id: mate.id, status: "done" });
    await create(owner, { title: "Mate late", due_date: "2020-01-01", assignee_id: mate.id });
    await create(owner, { title: "Nobody fri", due_date: "2030-03-08" });
    await create(owner, { title: "Nobody undated" });
    await create(stranger, { title: "Stranger mon", due_date: "2030-03-04" });
  });
  afterAll(() => t.close());

  it("lists the tasks due in a window, the end excluded, and only the workspace's", async () => {
    expect(await titles(owner, "/api/crm/tasks?due_from=2030-03-04&due_to=2030-03-11")).toEqual([
      "Mate done",
      "Mate thu",
      "Nobody fri",
      "Owner mon",
      "Owner wed",
    ]);
    expect(await titles(owner, "/api/crm/tasks?due_from=2030-03-11")).toEqual(["Owner next week"]);
    const res = await call(owner, "GET", "/api/crm/tasks?due_from=2030-03-04&due_to=2030-03-11&status=open,in_progress");
    expect(res.headers["x-total-count"]).toBe("4");
    expect(await titles(stranger, "/api/crm/tasks?due_from=2030-03-04&due_to=2030-03-11")).toEqual(["Stranger mon"]);
  });

  it("filters the unassigned tasks with assignee_id=none, and combines it with the window", async () => {
    expect(await titles(owner, "/api/crm/tasks?assignee_id=none")).toEqual(["Nobody fri", "Nobody undated"]);
    expect(await titles(owner, "/api/crm/tasks?assignee_id=none&due_from=2030-03-01&due_to=2030-04-01")).toEqual(["Nobody fri"]);
  });

  it("refuses a malformed window bound with 422 naming the field", async () => {
    for (const [url, field] of [
      ["/api/crm/tasks?due_from=2030-02-30", "due_from"],
      ["/api/crm/tasks?due_to=soon", "due_to"],
      ["/api/crm/tasks/workload?from=2030-03-04", "to"],
    ] as const) {
      const res = await call(owner, "GET", url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
  });

  it("counts each member's unfinished tasks due in the window, overdue and open, with nobody last and the median", async () => {
    const res = await call(owner, "GET", "/api/crm/tasks/workload?from=2030-03-04&to=2030-03-11");
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const byId = Object.fromEntries(body.rows.map((r: { assignee_id: string | null }) => [r.assignee_id ?? "none", r]));
    expect(byId[owner.id]).toEqual({ assignee_id: owner.id, due_in_range: 2, overdue: 0, open: 3 });
    // The done task is not load; the 2020 one is overdue and open but not due this week.
    expect(byId[mate.id]).toEqual({ assignee_id: mate.id, due_in_range: 1, overdue: 1, open: 2 });
    expect(byId[idle.id]).toEqual({ assignee_id: idle.id, due_in_range: 0, overdue: 0, open: 0 });
    expect(body.rows.at(-1)).toEqual({ assignee_id: null, due_in_range: 1, overdue: 0, open: 2 });
    expect(body.rows).toHaveLength(4);
    // Members' counts 2, 1, 0: the median is 1 (the unassigned row does not count).
    expect(body.median_due_in_range).toBe(1);
    expect(body.from).toBe("2030-03-04T00:00:00.000Z");
  });

  it("moves a task between columns when it is reassigned or rescheduled through the update route", async () => {
    const task = await create(owner, { title: "Moving", due_date: "2030-03-05", assignee_id: owner.id });
    const load = async () => {
      const body = (await call(owner, "GET", "/api/crm/tasks/workload?from=2030-03-04&to=2030-03-11")).json();
      return Object.fromEntries(
        body.rows.map((r: { assignee_id: string | null; due_in_range: number }) => [r.assignee_id ?? "none", r.due_in_range]),
      );
    };
    expect((await load())[owner.id]).toBe(3);
    expect((await call(owner, "PUT", `/api/crm/tasks/${task.id}`, { assignee_id: idle.id })).statusCode).toBe(200);
    expect(await load()).toMatchObject({ [owner.id]: 2, [idle.id]: 1 });
    expect((await call(owner, "PUT", `/api/crm/tasks/${task.id}`, { due_date: "2030-03-12" })).statusCode).toBe(200);
    expect((await load())[idle.id]).toBe(0);
  });

  it("keeps the workload to the caller's workspace and refuses a reversed or too long window", async () => {
    const theirs = (await call(stranger, "GET", "/api/crm/tasks/workload?from=2030-03-04&to=2030-03-11")).json();
    expect(theirs.rows).toEqual([
      { assignee_id: stranger.id, due_in_range: 0, overdue: 0, open: 0 },
      { assignee_id: null, due_in_range: 1, overdue: 0, open: 1 },
    ]);
    for (const url of ["/api/crm/tasks/workload?from=2030-03-11&to=2030-03-04", "/api/crm/tasks/workload?from=2030-01-01&to=2030-06-01"]) {
      const res = await call(owner, "GET", url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().code).toBe("CRM_TASK_WORKLOAD_WINDOW");
    }
    expect((await t.app.inject({ method: "GET", url: "/api/crm/tasks/workload?from=2030-03-04&to=2030-03-11" })).statusCode).toBe(401);
  });
});
