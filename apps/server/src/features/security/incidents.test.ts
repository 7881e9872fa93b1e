import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { notifications } from "../notifications/notifications.table.ts";
import { securityAlerts } from "./detection.table.ts";

describe("/api/incidents: lifecycle, timeline, alerts and permissions", () => {
  let t: TestApp;
  let admin: TestUser;
  let support: TestUser;
  let viewer: TestUser;
  let outsider: TestUser;
  const call = (user: TestUser, method: "GET" | "POST" | "PATCH", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: user.headers, payload });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.app.ctx.db, { name: "Ada Admin" });
    support = await addMember(t.app.ctx.db, admin, "support");
    viewer = await addMember(t.app.ctx.db, admin, "viewer");
    outsider = await createUser(t.app.ctx.db, { name: "Other Org" });
  }, 120_000);
  afterAll(() => t.close());

  async function alert(workspaceId: string, over: Partial<typeof securityAlerts.$inferInsert> = {}) {
    const now = new Date();
    const [row] = await t.app.ctx.db
      .insert(securityAlerts)
      .values({
        workspaceId,
        rule: "brute_force",
        severity: "high",
        subject: `user:${admin.id}`,
        title: "12 failed sign-ins for ada@example.com",
        evidence: { failures: 12, window_minutes: 10, addresses: ["203.0.113.7", "203.0.113.8"] },
        occurrences: 3,
        firstSeenAt: now,
        lastSeenAt: now,
        ...over,
      })
      .returning();
    return row!;
  }

  it("walks an incident through its states with a timeline, and reopening needs a reason", async () => {
    const created = await call(admin, "POST", "/api/incidents", {
      kind: "operations",
      title: "Sender stalled",
      severity: "medium",
      description: "Queue not draining",
    });
    expect(created.statusCode, created.body).toBe(201);
    const inc = created.json();
    expect(inc).toMatchObject({
      kind: "operations",
      status: "open",
      severity: "medium",
      created_by: { name: "Ada Admin" },
      assignee: null,
    });
    expect(inc.timeline.map((e: { type: string }) => e.type)).toEqual(["created"]);

    const url = `/api/incidents/${inc.id}`;
    expect((await call(admin, "PATCH", url, { status: "investigating" })).json().status).toBe("investigating");
    const resolved = (await call(admin, "PATCH", url, { status: "resolved", severity: "high" })).json();
    expect(resolved).toMatchObject({ status: "resolved", severity: "high" });
    expect(resolved.resolved_at).not.toBeNull();
    expect((await call(admin, "PATCH", url, { status: "closed" })).json().status).toBe("closed");

    // Closed: nothing changes unless it is reopened, and reopening names a reason.
    const sev = await call(admin, "PATCH", url, { severity: "low" });
    expect(sev.statusCode).toBe(409);
    expect(sev.json().code).toBe("INCIDENT_CLOSED");
    const noReason = await call(admin, "PATCH", url, { status: "investigating" });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().code).toBe("INCIDENT_REOPEN_REASON_REQUIRED");
    const reopened = (await call(admin, "PATCH", url, { status: "investigating", reason: "Stalled again" })).json();
    expect(reopened).toMatchObject({ status: "investigating", resolved_at: null });

    const commented = await call(admin, "POST", `${url}/comments`, { body: "Restarted the worker" });
    expect(commented.statusCode).toBe(201);
    const timeline = commented.json().timeline as { type: string; detail: Record<string, unknown>; actor: { name: string } }[];
    expect(timeline.map((e) => e.type)).toEqual(["created", "status", "status", "severity", "status", "status", "comment"]);
    expect(timeline[5]!.detail).toMatchObject({ from: "closed", to: "investigating", reopened: true, reason: "Stalled again" });
    expect(timeline[6]).toMatchObject({ detail: { body: "Restarted the worker" }, actor: { name: "Ada Admin" } });
  });

  it("answers 422 naming the field for bad input", async () => {
    const res = await call(admin, "POST", "/api/incidents", { kind: "security", severity: "urgent", title: "x" });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain("severity");
    const noTitle = await call(admin, "POST", "/api/incidents", { severity: "low" });
    expect(noTitle.statusCode).toBe(422);
    expect(noTitle.json().errors.map((e: { field: string }) => e.field)).toContain("title");
  });

  it("creates from an alert with the server's title, severity and evidence, and links the alert once", async () => {
    const a = await alert(admin.workspaceId);
    const res = await call(admin, "POST", "/api/incidents", { alert_id: a.id, title: "client says otherwise", severity: "low" });
    expect(res.statusCode, res.body).toBe(201);
    const inc = res.json();
    expect(inc).toMatchObject({ kind: "security", title: a.title, severity: "high", source_alert_id: a.id });
    expect(inc.description).toContain("brute_force");
    expect(inc.description).toContain("failures: 12");
    expect(inc.description).toContain("addresses: 2 item(s)");
    expect(inc.timeline.map((e: { type: string }) => e.type)).toEqual(["created", "alert_linked"]);
    const [linked] = await t.app.ctx.db.select().from(securityAlerts).where(eq(securityAlerts.id, a.id));
    expect(linked).toMatchObject({ incidentId: inc.id, status: "acknowledged", handledBy: admin.id });

    const again = await call(admin, "POST", "/api/incidents", { alert_id: a.id });
    expect(again.statusCode).toBe(409);
    const foreign = await alert(outsider.workspaceId);
    expect((await call(admin, "POST", "/api/incidents", { alert_id: foreign.id })).statusCode).toBe(404);
  });

  it("assigns to members only and notifies the assignee", async () => {
    const inc = (await call(admin, "POST", "/api/incidents", { title: "Phishing report", severity: "high" })).json();
    const bad = await call(admin, "PATCH", `/api/incidents/${inc.id}`, { assignee_id: outsider.id });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().code).toBe("INCIDENT_ASSIGNEE_NOT_MEMBER");
    const ok = await call(admin, "PATCH", `/api/incidents/${inc.id}`, { assignee_id: support.id });
    expect(ok.json().assignee).toMatchObject({ id: support.id });
    expect(ok.json().timeline.at(-1)).toMatchObject({ type: "assignment", detail: { from: null, to: support.id } });
    const sent = await t.app.ctx.db.select().from(notifications).where(eq(notifications.userId, support.id));
    expect(sent.map((n) => n.title)).toContain("Incident assigned to you");
    expect(sent.find((n) => n.title === "Incident assigned to you")?.link).toBe(`/incident-management?incident=${inc.id}`);
    // Filter by assignee.
    const mine = (await call(support, "GET", `/api/incidents?assignee_id=${support.id}`)).json();
    expect(mine.items.map((i: { id: string }) => i.id)).toEqual([inc.id]);
  });

  it("support reads and updates but cannot create or contain; a viewer gets 403", async () => {
    const inc = (await call(admin, "POST", "/api/incidents", { title: "Support case", severity: "low" })).json();
    expect((await call(support, "GET", "/api/incidents")).statusCode).toBe(200);
    expect((await call(support, "GET", `/api/incidents/${inc.id}`)).statusCode).toBe(200);
    expect((await call(support, "PATCH", `/api/incidents/${inc.id}`, { status: "investigating" })).statusCode).toBe(200);
    expect((await call(support, "POST", `/api/incidents/${inc.id}/comments`, { body: "Looking" })).statusCode).toBe(201);
    expect((await call(support, "POST", "/api/incidents", { title: "x", severity: "low" })).statusCode).toBe(403);
    const contain = await call(support, "POST", `/api/incidents/${inc.id}/actions`, { action: "revoke_sessions", user_id: viewer.id });
    expect(contain.statusCode).toBe(403);
    expect((await call(viewer, "GET", "/api/incidents")).statusCode).toBe(403);
    expect((await call(viewer, "GET", `/api/incidents/${inc.id}`)).statusCode).toBe(403);
  });

  it("pages newest first with filters, and another workspace's incident is a 404", async () => {
    const ws = await createUser(t.app.ctx.db, { name: "Pager" });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await call(ws, "POST", "/api/incidents", { title: `I${i}`, severity: i % 2 ? "high" : "low", kind: "security" });
      ids.push(res.json().id);
    }
    const first = (await call(ws, "GET", "/api/incidents?limit=2")).json();
    expect(first.items.map((i: { title: string }) => i.title)).toEqual(["I4", "I3"]);
    const second = (await call(ws, "GET", `/api/incidents?limit=2&cursor=${first.next_cursor}`)).json();
    expect(second.items.map((i: { title: string }) => i.title)).toEqual(["I2", "I1"]);
    const third = (await call(ws, "GET", `/api/incidents?limit=2&cursor=${second.next_cursor}`)).json();
    expect(third).toMatchObject({ next_cursor: null });
    expect(third.items).toHaveLength(1);
    const high = (await call(ws, "GET", "/api/incidents?severity=high")).json();
    expect(high.items.map((i: { title: string }) => i.title)).toEqual(["I3", "I1"]);
    expect((await call(ws, "GET", "/api/incidents?kind=operations")).json().items).toEqual([]);
    expect((await call(ws, "GET", "/api/incidents?cursor=nonsense")).statusCode).toBe(422);

    expect((await call(admin, "GET", `/api/incidents/${ids[0]}`)).statusCode).toBe(404);
    expect((await call(admin, "PATCH", `/api/incidents/${ids[0]}`, { status: "closed" })).statusCode).toBe(404);
    expect((await call(admin, "POST", `/api/incidents/${ids[0]}/comments`, { body: "x" })).statusCode).toBe(404);
  });
});
