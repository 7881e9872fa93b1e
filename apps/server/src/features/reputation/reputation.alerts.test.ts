/**
 * Threshold alerts: bounce rate over 2 %, complaints over 0.1 % (warning) and 0.3 % (critical), a
 * domain newly on a blocklist. Each crossing opens one alert and sends one notification, however
 * many refreshes run; an escalation to critical notifies again; clearing resolves it and a new
 * crossing notifies anew.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import { refreshWorkspace } from "./reputation.service.ts";
import { reputationHelpers } from "./reputation.test-helpers.ts";

let t: TestApp;
const h = reputationHelpers(() => t);

beforeAll(async () => {
  t = await createTestApp({ OUTBOUND_ALLOWLIST: "127.0.0.1", JOBS: "off" }, { work: false });
});
afterAll(() => t?.close());

const notifications = async (user: TestUser) => {
  const res = await t.database.db.execute(
    sql`select title, message, link, type from notifications where user_id = ${user.id} and workspace_id = ${user.workspaceId} order by created_at`,
  );
  return (res as unknown as { rows: { title: string; message: string; link: string; type: string }[] }).rows;
};
const alerts = async (user: TestUser, status = "all") => h.ok(user, "GET", `/api/reputation/alerts?status=${status}`);
const refresh = (user: TestUser) => refreshWorkspace(t.app.ctx, user.workspaceId);

describe("threshold alerts", () => {
  it("opens one bounce alert per crossing, notifies once, resolves when the rate falls, and notifies a new crossing", async () => {
    const owner = await createUser(t.database.db);
    const inbox = await h.inbox(owner, { domain: "bounce.test" });
    const c = await h.campaign(owner, [inbox.id]);
    const sent = await h.sends(owner, c.id, inbox.id, 1, 100);
    await h.events(owner, c.id, sent.slice(0, 3), "bounce", 1);

    await refresh(owner);
    await refresh(owner);
    await refresh(owner);
    const open = await alerts(owner, "open");
    // The inbox and its domain each crossed: two alerts, each notified once (one owner hears both).
    expect(open.total).toBe(2);
    expect(open.alerts.map((a: { subject_kind: string }) => a.subject_kind).sort()).toEqual(["domain", "inbox"]);
    expect(open.alerts[0]).toMatchObject({ kind: "bounce_rate", level: "critical", value: 0.03, threshold: 0.02, resolved_at: null });
    let told = await notifications(owner);
    expect(told).toHaveLength(2);
    expect(told[0]).toMatchObject({ title: "Bounce rate above threshold", link: "/reputation-center", type: "error" });
    expect(told[0]?.message).toMatch(/3\.0 % over the last 7 days \(100 sent\) is above 2\.0 %/);

    // 200 clean sends: 3 of 300 = 1 %, under the threshold: resolved, nobody told.
    await h.sends(owner, c.id, inbox.id, 0, 200);
    await refresh(owner);
    expect((await alerts(owner, "open")).total).toBe(0);
    const resolved = await alerts(owner, "resolved");
    expect(resolved.total).toBe(2);
    expect(resolved.alerts[0].resolved_at).not.toBeNull();
    expect(await notifications(owner)).toHaveLength(2);

    // Crossing again: new alerts and new notifications.
    const more = await h.sends(owner, c.id, inbox.id, 0, 10);
    await h.events(owner, c.id, more, "bounce", 0);
    await refresh(owner);
    await refresh(owner);
    expect((await alerts(owner, "open")).total).toBe(2);
    told = await notifications(owner);
    expect(told).toHaveLength(4);
    expect((await alerts(owner)).total).toBe(4);
  });

  it("warns at 0.1 % complaints, escalates to critical above 0.3 % with one more notification", async () => {
    const owner = await createUser(t.database.db);
    const inbox = await h.inbox(owner, { domain: "complaints.test" });
    const c = await h.campaign(owner, [inbox.id]);
    const sent = await h.sends(owner, c.id, inbox.id, 2, 500);
    await h.events(owner, c.id, sent.slice(0, 1), "complaint", 1);
    await refresh(owner);
    // 1 of 500 = 0.2 %: a warning.
    let open = (await alerts(owner, "open")).alerts.filter((a: { subject_kind: string }) => a.subject_kind === "inbox");
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ kind: "complaint_rate", level: "warning", value: 0.002, threshold: 0.001 });
    expect((await notifications(owner)).filter((n) => n.type === "warning")).toHaveLength(2);

    await h.events(owner, c.id, sent.slice(1, 3), "complaint", 0);
    await refresh(owner);
    await refresh(owner);
    open = (await alerts(owner, "open")).alerts.filter((a: { subject_kind: string }) => a.subject_kind === "inbox");
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ level: "critical", value: 0.006, threshold: 0.003 });
    const told = await notifications(owner);
    expect(told.filter((n) => n.type === "error")).toHaveLength(2);
    expect(told.at(-1)?.message).toMatch(/bulk-sender limit/);
  });

  it("does not judge a rate on fewer than 20 sends", async () => {
    const owner = await createUser(t.database.db);
    const inbox = await h.inbox(owner, { domain: "few.test" });
    const c = await h.campaign(owner, [inbox.id]);
    const sent = await h.sends(owner, c.id, inbox.id, 0, 10);
    await h.events(owner, c.id, sent.slice(0, 5), "bounce", 0);
    await refresh(owner);
    expect((await alerts(owner)).total).toBe(0);
  });

  it("alerts when a domain is newly blocklisted, once, and records the listing on today's snapshot", async () => {
    const owner = await createUser(t.database.db);
    const inbox = await h.inbox(owner, { domain: "listed.test" });
    await h.check(owner, "listed.test", "blocklist:zen.spamhaus.org", "pass");
    await refresh(owner);
    expect((await alerts(owner)).total).toBe(0);

    await h.check(owner, "listed.test", "blocklist:zen.spamhaus.org", "fail", "Listed: 127.0.0.2");
    // A zone that could not be asked is not a listing.
    await h.check(owner, "listed.test", "blocklist:b.barracudacentral.org", "unknown", "Timed out");
    await refresh(owner);
    await refresh(owner);
    const open = await alerts(owner, "open");
    expect(open.total).toBe(2);
    expect(open.alerts[0]).toMatchObject({ kind: "blocklisted", zone: "zen.spamhaus.org", level: "critical" });
    expect(await notifications(owner)).toHaveLength(2);
    const hist = await h.ok(owner, "GET", `/api/reputation/history?kind=inbox&id=${inbox.id}&days=7`);
    expect(hist.points.at(-1)).toMatchObject({ listed_on: ["zen.spamhaus.org"], score: 75 });

    await h.check(owner, "listed.test", "blocklist:zen.spamhaus.org", "pass");
    await refresh(owner);
    expect((await alerts(owner, "open")).total).toBe(0);
    // Today's snapshot follows the checks; the alert history stays.
    const after = await h.ok(owner, "GET", `/api/reputation/history?kind=domain&id=listed.test&days=7`);
    expect(after.points.at(-1)).toMatchObject({ listed_on: [], score: 100 });
    expect((await alerts(owner, "resolved")).total).toBe(2);
  });

  it("pages the alert list, newest first", async () => {
    const owner = await createUser(t.database.db);
    await h.inbox(owner, { domain: "paged.test" });
    for (const zone of ["a.example", "b.example", "c.example"]) await h.check(owner, "paged.test", `blocklist:${zone}`, "fail");
    await refresh(owner);
    const first = await h.ok(owner, "GET", "/api/reputation/alerts?per_page=4&page=1");
    expect(first).toMatchObject({ total: 6, open: 6, page: 1, per_page: 4 });
    expect(first.alerts).toHaveLength(4);
    const second = await h.ok(owner, "GET", "/api/reputation/alerts?per_page=4&page=2");
    expect(second.alerts).toHaveLength(2);
    const ids = new Set([...first.alerts, ...second.alerts].map((a: { id: string }) => a.id));
    expect(ids.size).toBe(6);
  });
});
