/**
 * One-off sends end to end against a real local SMTP server: the email arrives rendered (Liquid with
 * the lead's fields, the sender's signature) with RFC 8058 List-Unsubscribe headers and tracking as
 * asked; it is recorded, listed and counted toward the inbox's daily limit; suppressed addresses,
 * paused inboxes, a full daily limit or monthly allowance are refused with their own codes; a 550
 * is a hard bounce; the local mailbox keeps the email undelivered; another workspace's inbox or lead
 * is a 404; a viewer may read the history but not send.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { mailMessages } from "../../platform/mailbox.table.ts";
import { organizations } from "../organizations/organizations.table.ts";
import { type SmtpSink, sendingHelpers, startSmtpSink } from "../sending/sending.test-helpers.ts";
import { composeMessages } from "./compose.table.ts";

let t: TestApp;
let sink: SmtpSink;
let owner: TestUser;
const h = sendingHelpers(() => t);
const BROWSER = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ JOBS: "off", TRACKING_BASE_URL: "http://localhost", OUTBOUND_ALLOWLIST: "127.0.0.1" }, { work: false });
  owner = await createUser(t.database.db, { name: "Sam Seller" });
  await h.ok(owner, "PUT", "/api/user-settings/settings/email", { default_signature: "<p>Sam Seller, Acme</p>" });
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

let n = 0;
const address = () => `person${++n}-${Date.now()}@prospect.test`;
const send = (user: TestUser, body: Record<string, unknown>) => h.call(user, "POST", "/api/compose/send", body);
const rawHeader = (mail: SmtpSink["received"][number]["mail"], name: string) =>
  mail.headerLines
    .find((l) => l.key === name)
    ?.line.replace(/^[^:]+:\s*/, "")
    .replace(/\r?\n\s+/g, " ");

describe("POST /api/compose/send over SMTP", () => {
  it("delivers the rendered email with the signature and unsubscribe headers, records it and counts it for the inbox", async () => {
    const inbox = await h.inbox(owner, sink.port, { from_name: "Sam at Acme" });
    const to = address();
    const before = sink.received.length;
    const res = await send(owner, {
      inbox_id: inbox.id,
      to: to.toUpperCase(),
      to_name: "Ada Lovelace",
      subject: "Hello {{ first_name }}",
      body: 'Hi {{ first_name | default: "there" }},\n\nsee <a href="https://example.com/pricing">our pricing</a>.',
      track_opens: true,
      track_clicks: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json();
    expect(sent).toMatchObject({
      status: "sent",
      delivered: true,
      error: null,
      to,
      to_name: "Ada Lovelace",
      subject: "Hello Ada",
      from: `Sam at Acme <${inbox.email}>`,
      inbox_id: inbox.id,
      sent_by: owner.id,
      sent_at: expect.any(String),
      replied_at: null,
      bounced_at: null,
      message_id: expect.stringMatching(/^<[0-9a-f-]{36}@outbound\.test>$/),
    });

    await sink.waitFor(before + 1);
    const got = sink.received.at(-1)!;
    expect(got.to).toEqual([to]);
    expect(got.mail.subject).toBe("Hello Ada");
    expect(got.mail.messageId).toBe(sent.message_id);
    expect(got.mail.to && "value" in got.mail.to ? got.mail.to.value[0] : null).toMatchObject({ address: to, name: "Ada Lovelace" });
    expect(got.mail.from?.value[0]).toMatchObject({ address: inbox.email, name: "Sam at Acme" });
    const unsubscribe = String(rawHeader(got.mail, "list-unsubscribe"));
    expect(unsubscribe).toMatch(new RegExp(`^<http://localhost/u/${sent.id}\\.[\\w-]+>, <mailto:${inbox.email}\\?subject=unsubscribe>$`));
    expect(rawHeader(got.mail, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const html = String(got.mail.html);
    expect(html).toContain("Hi Ada,");
    expect(html).toContain("<p>Sam Seller, Acme</p>");
    expect(html).toMatch(new RegExp(`href="http://localhost/t/c/${sent.id}/[\\w-]+\\?u=https%3A%2F%2Fexample\\.com%2Fpricing"`));
    expect(html).toMatch(new RegExp(`<img src="http://localhost/t/o/${sent.id}/[\\w-]+\\.gif"`));

    const list = await h.ok(owner, "GET", "/api/compose/sent");
    expect(list).toMatchObject({ total: 1, page: 1, per_page: 20, total_pages: 1 });
    expect(list.messages[0]).toEqual(sent);
    const health = (await h.ok(owner, "GET", `/api/inboxes/${inbox.id}`)).health;
    expect(health).toMatchObject({ sent_today: 1, recent_sends: 1, recent_bounces: 0, last_sent_at: expect.any(String) });

    // A human open and click (an hour after delivery) count on the message; a scanner's do not.
    await t.database.db
      .update(composeMessages)
      .set({ sentAt: new Date(Date.now() - 3_600_000) })
      .where(eq(composeMessages.id, sent.id));
    const path = (url: string) => url.replace("http://localhost", "").replaceAll("&amp;", "&");
    const pixel = path(/<img src="([^"]+)"/.exec(html)![1]!);
    const link = path(/href="(http:\/\/localhost\/t\/c\/[^"]+)"/.exec(html)![1]!);
    expect((await t.app.inject({ url: pixel, headers: { "user-agent": BROWSER } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: pixel, headers: { "user-agent": "python-requests/2.31" } })).statusCode).toBe(200);
    const clicked = await t.app.inject({ url: link, headers: { "user-agent": BROWSER } });
    expect(clicked.statusCode).toBe(302);
    expect(clicked.headers.location).toBe("https://example.com/pricing");
    const after = (await h.ok(owner, "GET", "/api/compose/sent")).messages[0];
    expect(after).toMatchObject({ opens: 1, clicks: 1, opened_at: expect.any(String), clicked_at: expect.any(String) });
  });

  it("renders Liquid with the lead's fields and marks a new lead contacted", async () => {
    const inbox = await h.inbox(owner, sink.port);
    const [lead] = await h.leads(owner, 1, { first_name: "Grace", company_name: "Navy Labs", role: "Admiral" });
    const before = sink.received.length;
    const sent = await h.ok(owner, "POST", "/api/compose/send", {
      inbox_id: inbox.id,
      to: lead!.email,
      lead_id: lead!.id,
      subject: "{{ first_name }}, a question about {{ company }}",
      body: "Hi {{ first_name }},\n\nhow do {{ position | downcase }}s at {{ company_name }} plan?\n\n{{ signature }}\nP.S. {{ email }}",
      track_opens: false,
      track_clicks: false,
    });
    expect(sent).toMatchObject({ status: "sent", lead_id: lead!.id, subject: "Grace, a question about Navy Labs", to_name: "Grace" });
    await sink.waitFor(before + 1);
    const mail = sink.received.at(-1)!.mail;
    expect(mail.subject).toBe("Grace, a question about Navy Labs");
    const html = String(mail.html);
    expect(html).toContain("how do admirals at Navy Labs plan?");
    expect(html).toContain(`P.S. ${lead!.email}`);
    // The body placed the signature itself: it appears there, once.
    expect(html.split("Sam Seller, Acme")).toHaveLength(2);
    expect(html.indexOf("Sam Seller, Acme")).toBeLessThan(html.indexOf("P.S."));
    expect(html).not.toContain("/t/o/");
    expect((await h.ok(owner, "GET", `/api/leads/${lead!.id}`)).status).toBe("contacted");
  });

  it("refuses a template that cannot render, with the field, and sends nothing", async () => {
    const inbox = await h.inbox(owner, sink.port);
    const res = await send(owner, { inbox_id: inbox.id, to: address(), subject: "Hi", body: "Hi {{ first_name | no_such_filter }}" });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: "TEMPLATE_RENDER_FAILED", errors: [{ field: "body" }] });
    expect(res.json().detail).toContain("no_such_filter");
  });

  it("refuses a suppressed address with a clear code, records nothing and sends nothing", async () => {
    const inbox = await h.inbox(owner, sink.port);
    const to = address();
    await h.ok(owner, "POST", "/api/suppression", { emails: [to], reason: "unsubscribed" });
    const before = sink.received.length;
    const total = (await h.ok(owner, "GET", "/api/compose/sent")).total;
    const res = await send(owner, { inbox_id: inbox.id, to, subject: "Hi", body: "Hello" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "COMPOSE_RECIPIENT_SUPPRESSED", errors: [{ field: "to" }] });
    expect(res.json().detail).toContain("unsubscribed");
    expect((await h.ok(owner, "GET", "/api/compose/sent")).total).toBe(total);
    expect(sink.received.length).toBe(before);
  });

  it("records a recipient refused with 550 as a hard bounce and suppresses the address", async () => {
    const inbox = await h.inbox(owner, sink.port);
    const to = address();
    sink.refuse.add(to);
    const sent = await h.ok(owner, "POST", "/api/compose/send", { inbox_id: inbox.id, to, subject: "Hi", body: "Hello" });
    expect(sent).toMatchObject({ status: "bounced", delivered: false, error: expect.stringContaining("550"), replied_at: null });
    expect(sent.bounced_at).toBe(sent.sent_at);
    const list = await h.ok(owner, "GET", `/api/suppression?search=${encodeURIComponent(to)}`);
    expect(list.entries[0]).toMatchObject({ email: to, reason: "bounced", campaign_id: null });
    expect((await h.ok(owner, "GET", `/api/inboxes/${inbox.id}`)).health).toMatchObject({ recent_sends: 1, recent_bounces: 1 });
  });

  it("unsubscribes the recipient from the email's one-click link", async () => {
    const inbox = await h.inbox(owner, sink.port);
    const to = address();
    const before = sink.received.length;
    await h.ok(owner, "POST", "/api/compose/send", { inbox_id: inbox.id, to, subject: "Hi", body: "Hello" });
    await sink.waitFor(before + 1);
    const header = String(rawHeader(sink.received.at(-1)!.mail, "list-unsubscribe"));
    const url = /<http:\/\/localhost(\/u\/[^>]+)>/.exec(header)![1]!;
    const res = await t.app.inject({
      method: "POST",
      url,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(res.statusCode).toBe(200);
    const list = await h.ok(owner, "GET", `/api/suppression?search=${encodeURIComponent(to)}`);
    expect(list.entries[0]).toMatchObject({ email: to, reason: "unsubscribed" });
  });
});

describe("inbox caps", () => {
  it("counts one-off sends toward the daily limit and refuses the one over it", async () => {
    const inbox = await h.inbox(owner, sink.port, { daily_limit: 2 });
    for (let i = 0; i < 2; i++) {
      expect((await h.ok(owner, "POST", "/api/compose/send", { inbox_id: inbox.id, to: address(), subject: "Hi", body: "x" })).status).toBe(
        "sent",
      );
    }
    const over = await send(owner, { inbox_id: inbox.id, to: address(), subject: "Hi", body: "x" });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: "COMPOSE_DAILY_LIMIT" });
    expect(over.json().detail).toContain("2 of its 2 emails a day");
    expect((await h.ok(owner, "GET", `/api/inboxes/${inbox.id}`)).health.sent_today).toBe(2);
  });

  it("refuses a paused inbox until it is resumed", async () => {
    const inbox = await h.inbox(owner, sink.port);
    await h.ok(owner, "PUT", `/api/inboxes/${inbox.id}`, { paused: true });
    const res = await send(owner, { inbox_id: inbox.id, to: address(), subject: "Hi", body: "x" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "COMPOSE_INBOX_PAUSED" });
    await h.ok(owner, "PUT", `/api/inboxes/${inbox.id}`, { paused: false });
    expect((await send(owner, { inbox_id: inbox.id, to: address(), subject: "Hi", body: "x" })).statusCode).toBe(200);
  });

  it("refuses once the plan's monthly allowance is used, one-off sends included", async () => {
    const other = await createUser(t.database.db);
    await t.database.db.update(organizations).set({ plan: "trial" }).where(eq(organizations.id, other.organizationId));
    // 5,000 one-off sends this month (the trial's allowance), written directly.
    await t.database.db.execute(sql`
      insert into compose_messages (id, workspace_id, from_address, to_address, subject, status, sent_at)
      select gen_random_uuid(), ${other.workspaceId}::uuid, 'a@b.test', 'c@d.test', 's', 'sent', now()
      from generate_series(1, 5000)`);
    const res = await send(other, { inbox_id: "local", to: address(), subject: "Hi", body: "x" });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: "COMPOSE_PLAN_LIMIT" });
  });
});

describe("a send a crash interrupted", () => {
  it("is marked failed by the sender's sweep after the lease, and no longer counts toward the limit", async () => {
    const inbox = await h.inbox(owner, sink.port);
    const [row] = await t.database.db
      .insert(composeMessages)
      .values({
        workspaceId: owner.workspaceId,
        inboxId: inbox.id,
        fromAddress: inbox.email,
        toAddress: address(),
        subject: "s",
        status: "sending",
        createdAt: new Date(Date.now() - 3_600_000),
      })
      .returning();
    expect((await h.ok(owner, "GET", `/api/inboxes/${inbox.id}`)).health.sent_today).toBe(1);
    await h.engine().tick();
    const listed = (await h.ok(owner, "GET", "/api/compose/sent?per_page=100")).messages.find((m: { id: string }) => m.id === row!.id);
    expect(listed).toMatchObject({ status: "failed", error: expect.stringContaining("may or may not have been delivered") });
    expect((await h.ok(owner, "GET", `/api/inboxes/${inbox.id}`)).health.sent_today).toBe(0);
  });
});

describe("the local mailbox", () => {
  it("keeps the email in the app's local mailbox, labelled as not delivered", async () => {
    const to = address();
    const before = sink.received.length;
    const sent = await h.ok(owner, "POST", "/api/compose/send", {
      inbox_id: "local",
      to,
      subject: "Try {{ first_name }}",
      body: "x",
      to_name: "Bo",
    });
    expect(sent).toMatchObject({ status: "local", delivered: false, subject: "Try Bo", sent_at: expect.any(String), error: null });
    const stored = await t.database.db.select().from(mailMessages).where(eq(mailMessages.toAddress, to));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ status: "local", kind: "compose", workspaceId: owner.workspaceId, messageId: sent.message_id });
    expect(sink.received.length).toBe(before);
  });
});

describe("validation, tenancy and access", () => {
  it("answers 422 with the fields for bad input", async () => {
    const res = await send(owner, { inbox_id: "nope", to: "not-an-address", subject: " ", body: "" });
    expect(res.statusCode).toBe(422);
    const fields = (res.json().errors as { field: string }[]).map((e) => e.field).sort();
    expect(fields).toEqual(["body", "inbox_id", "subject", "to"]);
    expect(res.json().code).toBe("VALIDATION_FAILED");
    const name = await send(owner, { inbox_id: "local", to: address(), to_name: "A\r\nBcc: x@y.test", subject: "s", body: "b" });
    expect(name.statusCode).toBe(422);
    expect((await h.call(owner, "GET", "/api/compose/sent?per_page=101")).statusCode).toBe(422);
  });

  it("treats another workspace's inbox or lead as not found and lists only the caller's sends", async () => {
    const stranger = await createUser(t.database.db);
    const theirInbox = await h.inbox(stranger, sink.port);
    const [theirLead] = await h.leads(stranger, 1);
    const inbox = await send(owner, { inbox_id: theirInbox.id, to: address(), subject: "s", body: "b" });
    expect(inbox.statusCode).toBe(404);
    expect(inbox.json().code).toBe("INBOX_NOT_FOUND");
    const lead = await send(owner, { inbox_id: "local", lead_id: theirLead!.id, to: address(), subject: "s", body: "b" });
    expect(lead.statusCode).toBe(404);
    expect(lead.json().code).toBe("LEAD_NOT_FOUND");
    await h.ok(stranger, "POST", "/api/compose/send", { inbox_id: "local", to: address(), subject: "theirs", body: "b" });
    const mine = await h.ok(owner, "GET", "/api/compose/sent?per_page=100");
    expect(mine.messages.some((m: { subject: string }) => m.subject === "theirs")).toBe(false);
    expect((await h.ok(stranger, "GET", "/api/compose/sent")).messages.map((m: { subject: string }) => m.subject)).toEqual(["theirs"]);
  });

  it("lets a viewer read the history but not send (403), and lists newest first in pages", async () => {
    const viewer = await addMember(t.database.db, owner, "viewer");
    const denied = await send(viewer, { inbox_id: "local", to: address(), subject: "s", body: "b" });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ requiredPermission: "campaigns:create" });
    const all = await h.ok(viewer, "GET", "/api/compose/sent?per_page=100");
    expect(all.total).toBeGreaterThan(3);
    const times = all.messages.map((m: { created_at: string }) => m.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const second = await h.ok(viewer, "GET", "/api/compose/sent?page=2&per_page=2");
    expect(second).toMatchObject({ page: 2, per_page: 2, total: all.total, total_pages: Math.ceil(all.total / 2) });
    expect(second.messages.map((m: { id: string }) => m.id)).toEqual(all.messages.slice(2, 4).map((m: { id: string }) => m.id));
    expect((await t.app.inject({ method: "GET", url: "/api/compose/sent" })).statusCode).toBe(401);
  });
});
