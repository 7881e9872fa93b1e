/**
 * Inbox routes: connect, read, edit, delete, test; passwords sealed at rest and never returned;
 * the local mailbox; permissions; tenant isolation; auto-pause with a notification when the
 * bounce rate passes the threshold.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { expectTenantIsolation } from "../../../test/tenant-isolation.ts";
import { campaignMessages, campaigns } from "../campaigns/campaigns.table.ts";
import { notifications } from "../notifications/notifications.table.ts";
import { type SmtpSink, sendingHelpers, startSmtpSink } from "../sending/sending.test-helpers.ts";
import { checkInboxHealth } from "./inboxes.health.ts";
import { inboxes } from "./inboxes.table.ts";

let t: TestApp;
let sink: SmtpSink;
let owner: TestUser;
let outsider: TestUser;
const h = sendingHelpers(() => t);

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ JOBS: "off", BOUNCE_RATE_PAUSE_THRESHOLD: "0.1", OUTBOUND_ALLOWLIST: "127.0.0.1" }, { work: false });
  owner = await createUser(t.database.db);
  outsider = await createUser(t.database.db);
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const body = (port: number) => ({
  email: "Ana.Sales@Outbound.test",
  from_name: "Ana Sales",
  smtp: { host: "127.0.0.1", port, secure: false, username: "ana", password: "smtp-secret-1" },
  imap: { host: "127.0.0.1", port: 1, secure: false, username: "ana", password: "imap-secret-1" },
  min_gap_seconds: 90,
  // The local SMTP sink speaks no TLS.
  allow_plaintext: true,
});

describe("inboxes", () => {
  let id: string;

  it("connects an inbox with defaults, lower-cased address and no secret in the answer", async () => {
    const res = await h.call(owner, "POST", "/api/inboxes", body(sink.port));
    expect(res.statusCode, res.body).toBe(201);
    const inbox = res.json();
    id = inbox.id;
    expect(inbox).toMatchObject({
      kind: "smtp",
      delivers: true,
      email: "ana.sales@outbound.test",
      daily_limit: 30,
      min_gap_seconds: 90,
      smtp: { host: "127.0.0.1", port: sink.port, username: "ana", has_password: true },
      imap: { has_password: true },
      health: { status: "healthy", sent_today: 0, bounce_rate: 0 },
    });
    expect(res.body).not.toContain("smtp-secret-1");
    expect(res.body).not.toContain("imap-secret-1");
  });

  it("keeps passwords encrypted at rest", async () => {
    const [row] = await t.database.db.select().from(inboxes).where(eq(inboxes.id, id));
    expect(row?.smtpPassword).toMatch(/^v1\./);
    expect(row?.smtpPassword).not.toContain("smtp-secret-1");
    expect(row?.imapPassword).not.toContain("imap-secret-1");
  });

  it("refuses a second inbox with the same address (409) and bad input (422)", async () => {
    expect((await h.call(owner, "POST", "/api/inboxes", { ...body(sink.port), email: "ana.sales@outbound.test" })).statusCode).toBe(409);
    const bad = await h.call(owner, "POST", "/api/inboxes", {
      ...body(sink.port),
      email: "nope",
      smtp: { host: "", port: 0, secure: false },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(["email", "smtp.host", "smtp.port"]));
  });

  it("lists the workspace's inboxes with the labelled local mailbox", async () => {
    const list = await h.ok(owner, "GET", "/api/inboxes");
    const local = list.inboxes.find((i: { kind: string }) => i.kind === "local");
    expect(local).toMatchObject({ delivers: false, label: "Local mailbox (test only, not delivered)", smtp: null, imap: null });
    expect(list.inboxes.map((i: { id: string }) => i.id)).toContain(id);
    expect((await h.ok(outsider, "GET", "/api/inboxes")).inboxes.map((i: { id: string }) => i.id)).not.toContain(id);
  });

  it("edits without resending the password; a new password replaces the sealed one", async () => {
    const [before] = await t.database.db.select().from(inboxes).where(eq(inboxes.id, id));
    const updated = await h.ok(owner, "PUT", `/api/inboxes/${id}`, {
      from_name: "Ana S.",
      daily_limit: 40,
      smtp: { host: "127.0.0.1", port: sink.port, secure: false, username: "ana2" },
    });
    expect(updated).toMatchObject({ from_name: "Ana S.", daily_limit: 40, smtp: { username: "ana2", has_password: true } });
    const [after] = await t.database.db.select().from(inboxes).where(eq(inboxes.id, id));
    expect(after?.smtpPassword).toBe(before?.smtpPassword);
    await h.ok(owner, "PUT", `/api/inboxes/${id}`, {
      smtp: { host: "127.0.0.1", port: sink.port, secure: false, username: "ana2", password: "new-one" },
    });
    const [changed] = await t.database.db.select().from(inboxes).where(eq(inboxes.id, id));
    expect(changed?.smtpPassword).not.toBe(before?.smtpPassword);
  });

  it("tests the connection: SMTP reachable, IMAP refused, each reported", async () => {
    const result = await h.ok(owner, "POST", `/api/inboxes/${id}/test`);
    expect(result.smtp.ok).toBe(true);
    expect(result.imap.ok).toBe(false);
    expect(result.imap.message).toMatch(/ECONNREFUSED|connect/i);
    expect(result.ok).toBe(false);
  });

  it("lets viewers read inboxes but not change them", async () => {
    const viewer = await addMember(t.database.db, owner, "viewer");
    expect((await h.call(viewer, "GET", `/api/inboxes/${id}`)).statusCode).toBe(200);
    expect((await h.call(viewer, "POST", "/api/inboxes", { ...body(sink.port), email: "v@outbound.test" })).statusCode).toBe(403);
    expect((await h.call(viewer, "DELETE", `/api/inboxes/${id}`)).statusCode).toBe(403);
  });

  it("answers 404 to another workspace on every inbox route", async () => {
    await expectTenantIsolation(t.app, outsider, [
      { method: "GET", url: `/api/inboxes/${id}` },
      { method: "PUT", url: `/api/inboxes/${id}`, payload: { daily_limit: 5 } },
      { method: "POST", url: `/api/inboxes/${id}/test` },
      { method: "DELETE", url: `/api/inboxes/${id}` },
      { method: "GET", url: "/api/inboxes/not-a-uuid" },
    ]);
  });

  it("refuses to delete an inbox an active campaign sends from; the local mailbox cannot be deleted", async () => {
    const [lead] = await h.leads(owner, 1);
    const c = await h.launched(owner, { inboxIds: [id], leadIds: [lead!.id] });
    const res = await h.call(owner, "DELETE", `/api/inboxes/${id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "INBOX_IN_USE" });
    await h.ok(owner, "POST", `/api/campaigns/${c.id}/stop`);
    expect((await h.call(owner, "DELETE", `/api/inboxes/${id}`)).statusCode).toBe(204);
    const [row] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, c.id));
    expect(row?.inboxIds).not.toContain(id);
    const local = (await h.ok(owner, "GET", "/api/inboxes")).inboxes.find((i: { kind: string }) => i.kind === "local");
    expect((await h.call(owner, "DELETE", `/api/inboxes/${local.id}`)).json()).toMatchObject({ code: "INBOX_LOCAL_FIXED" });
    expect((await h.call(owner, "PUT", `/api/inboxes/${local.id}`, { smtp: body(1).smtp })).statusCode).toBe(400);
  });
});

describe("inbox health", () => {
  it("pauses the inbox above the bounce threshold and notifies its owner once", async () => {
    const inbox = await h.inbox(owner, sink.port);
    const [lead] = await h.leads(owner, 1);
    const c = await h.launched(owner, { inboxIds: [inbox.id], leadIds: [lead!.id] });
    // 20 sends, 3 bounced: 15% > 10%.
    const now = Date.now();
    await t.database.db.insert(campaignMessages).values(
      Array.from({ length: 20 }, (_, i) => ({
        workspaceId: owner.workspaceId,
        campaignId: c.id,
        leadId: null,
        step: i,
        inboxId: inbox.id,
        status: i < 3 ? ("bounced" as const) : ("sent" as const),
        sentAt: new Date(now - i * 1000),
      })),
    );
    expect(await checkInboxHealth(t.app.ctx, inbox.id)).toBe("paused");
    expect(await checkInboxHealth(t.app.ctx, inbox.id)).toBe("paused");
    const detail = await h.ok(owner, "GET", `/api/inboxes/${inbox.id}`);
    expect(detail.health).toMatchObject({ status: "paused", recent_sends: 20, recent_bounces: 3, bounce_rate: 0.15 });
    expect(detail.health.reason).toContain("15.0%");
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(notes.filter((n) => n.title === `Inbox ${inbox.email} paused`)).toHaveLength(1);
    // A person resumes it.
    expect((await h.ok(owner, "PUT", `/api/inboxes/${inbox.id}`, { paused: false })).health.status).not.toBe("paused");
  });
});
