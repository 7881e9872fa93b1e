/**
 * Replies and bounces to one-off sends from /compose, read over IMAP from a real dovecot started by
 * the test: matched by In-Reply-To / References, by the bounced original's Message-ID and, with the
 * threading headers stripped, by the sender's address, as campaign mail is. A reply sets the send's
 * replied_at, the lead's status and last activity and tells the sender; a hard bounce marks the send
 * bounced, suppresses the address and counts in the inbox's bounce window; an out-of-office does
 * nothing; no campaign event is written.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import { campaignEvents } from "../campaigns/campaigns.table.ts";
import { getInboxById } from "../inboxes/inboxes.repository.ts";
import { type SmtpSink, sendingHelpers, startSmtpSink } from "../sending/sending.test-helpers.ts";
import { type Dovecot, dovecotAvailable, startDovecot } from "./dovecot.test-server.ts";
import { pollInbox } from "./replies.poller.ts";
import { bounceReportLines } from "./replies.test-helpers.ts";

const USER = { user: "casey@outbound.test", password: "imap-pass-77" };

describe.skipIf(!dovecotAvailable())("replies to one-off sends over IMAP (dovecot)", () => {
  let t: TestApp;
  let sink: SmtpSink;
  let dovecot: Dovecot;
  let owner: TestUser;
  const h = sendingHelpers(() => t);
  let inboxId: string;
  /** What POST /api/compose/send answered, by name. */
  const sent: Record<
    "replied" | "repliedLater" | "stripped" | "bounced" | "bouncedLater" | "away",
    { id: string; to: string; message_id: string; lead_id: string | null }
  > = {} as never;
  let leads: { id: string; email: string }[];

  const append = (lines: string[]) => dovecot.append(USER.user, USER.password, lines.join("\r\n"));
  const sentList = async () => {
    const list = await h.ok(owner, "GET", "/api/compose/sent?per_page=100");
    return new Map<string, Record<string, unknown>>(list.messages.map((m: { id: string }) => [m.id, m]));
  };
  const poll = async () => pollInbox(t.app.ctx, h.engine().box, (await getInboxById(t.database.db, inboxId))!);

  beforeAll(async () => {
    [sink, dovecot] = await Promise.all([startSmtpSink(), startDovecot([USER])]);
    t = await createTestApp({ JOBS: "off", OUTBOUND_ALLOWLIST: "127.0.0.1" }, { work: false });
    owner = await createUser(t.database.db, { name: "Casey Closer" });
    const inbox = await h.inbox(owner, sink.port, {
      email: USER.user,
      imap: { host: "127.0.0.1", port: dovecot.port, secure: false, username: USER.user, password: USER.password },
    });
    inboxId = inbox.id;
    leads = await h.leads(owner, 2);
    const [replier, bouncer] = leads as [(typeof leads)[0], (typeof leads)[0]];
    const send = async (to: string, leadId?: string, subject = "A quick idea") =>
      h.ok(owner, "POST", "/api/compose/send", {
        inbox_id: inboxId,
        to,
        subject,
        body: "Hi {{ first_name | default: 'there' }}, worth a call?",
        ...(leadId ? { lead_id: leadId } : {}),
      });
    sent.replied = await send(replier.email, replier.id);
    sent.stripped = await send(`no-lead-${Date.now()}@prospect.test`);
    sent.bounced = await send(bouncer.email, bouncer.id);
    sent.away = await send(`away-${Date.now()}@prospect.test`);
    // Later emails to the same people: the answers name the first ones by Message-ID, so they must
    // not be taken for answers to the latest email to that address.
    sent.repliedLater = await send(replier.email, replier.id, "Following up");
    sent.bouncedLater = await send(bouncer.email, bouncer.id, "Following up");
    await sink.waitFor(6);
    for (const s of Object.values(sent)) expect(s).toMatchObject({ status: "sent", replied_at: null, bounced_at: null });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await Promise.all([sink?.close(), dovecot?.close()]);
  });

  it("matches a reply, a reply without threading headers, a DSN bounce and an out-of-office to the sends and applies each", async () => {
    await append([
      `From: Rita Reply <${sent.replied.to}>`,
      `To: ${USER.user}`,
      "Subject: Re: A quick idea",
      "Message-ID: <compose-reply-1@prospect.test>",
      `In-Reply-To: ${sent.replied.message_id}`,
      `References: <older-thread@prospect.test> ${sent.replied.message_id}`,
      `Date: ${new Date().toUTCString()}`,
      "",
      "Yes, Thursday works.",
    ]);
    // A mail client that drops In-Reply-To and References: matched by the address this inbox wrote to.
    await append([
      `From: ${sent.stripped.to}`,
      `To: ${USER.user}`,
      "Subject: Re: A quick idea",
      `Date: ${new Date().toUTCString()}`,
      "",
      "Tell me more.",
    ]);
    await append(
      bounceReportLines({ to: USER.user, recipient: sent.bounced.to, messageId: sent.bounced.message_id, subject: "A quick idea" }),
    );
    await append([
      `From: ${sent.away.to}`,
      `To: ${USER.user}`,
      "Subject: Out of Office: A quick idea",
      "Auto-Submitted: auto-replied",
      `In-Reply-To: ${sent.away.message_id}`,
      "",
      "I am away until Monday.",
    ]);

    const results = await poll();
    expect(results.map((r) => [r.inbound.kind, r.source, r.messageRowId])).toEqual([
      ["reply", "compose", sent.replied.id],
      ["reply", "compose", sent.stripped.id],
      ["bounce", "compose", sent.bounced.id],
      ["auto_reply", "compose", sent.away.id],
    ]);

    // GET /api/compose/sent shows the replies and the bounce; the out-of-office changed nothing.
    const list = await sentList();
    expect(list.get(sent.replied.id)).toMatchObject({ status: "sent", replied_at: expect.any(String), bounced_at: null });
    expect(list.get(sent.stripped.id)).toMatchObject({ status: "sent", replied_at: expect.any(String), bounced_at: null });
    expect(list.get(sent.bounced.id)).toMatchObject({
      status: "bounced",
      delivered: false,
      replied_at: null,
      bounced_at: expect.any(String),
      error: expect.stringContaining("5.1.1"),
    });
    expect(list.get(sent.away.id)).toMatchObject({ status: "sent", replied_at: null, bounced_at: null, error: null });
    for (const later of [sent.repliedLater, sent.bouncedLater]) {
      expect(list.get(later.id)).toMatchObject({ status: "sent", replied_at: null, bounced_at: null });
    }

    // The known lead replied: status and last activity; the bounced one is bounced and suppressed.
    const [replier, bouncer] = leads as [(typeof leads)[0], (typeof leads)[0]];
    const repliedLead = await h.ok(owner, "GET", `/api/leads/${replier.id}`);
    expect(repliedLead.status).toBe("replied");
    expect(Date.parse(repliedLead.last_activity_at)).toBe(Date.parse(list.get(sent.replied.id)!.replied_at as string));
    expect((await h.ok(owner, "GET", `/api/leads/${bouncer.id}`)).status).toBe("bounced");
    const suppressed = await h.ok(owner, "GET", "/api/suppression?reason=bounced");
    expect(suppressed.entries.map((e: { email: string }) => e.email)).toEqual([bouncer.email]);
    const again = await h.call(owner, "POST", "/api/compose/send", { inbox_id: inboxId, to: bouncer.email, subject: "Hi", body: "Hi" });
    expect(again.json().code).toBe("COMPOSE_RECIPIENT_SUPPRESSED");

    // The bounce counts in the inbox's health window like a campaign bounce.
    const detail = await h.ok(owner, "GET", `/api/inboxes/${inboxId}`);
    expect(detail.health).toMatchObject({ recent_sends: 6, recent_bounces: 1 });

    // The sender hears of both replies, linked to /compose; nothing about the out-of-office.
    const notes = await h.ok(owner, "GET", "/api/notifications");
    const replies = notes.notifications.filter((n: { title: string }) => n.title.startsWith("Reply from"));
    expect(replies.map((n: { title: string; link: string }) => [n.title, n.link]).sort()).toEqual(
      [
        [`Reply from ${sent.replied.to}`, "/compose"],
        [`Reply from ${sent.stripped.to}`, "/compose"],
      ].sort(),
    );

    // One-off sends have no campaign: no campaign event was written.
    expect(await t.database.db.select().from(campaignEvents).where(eq(campaignEvents.workspaceId, owner.workspaceId))).toEqual([]);
  });

  it("keeps the first reply's time and reads each email once", async () => {
    const first = (await sentList()).get(sent.replied.id)!.replied_at;
    expect(await poll()).toEqual([]);
    await append([
      `From: ${sent.replied.to}`,
      `To: ${USER.user}`,
      "Subject: Re: A quick idea",
      `In-Reply-To: <compose-reply-1@prospect.test>`,
      `References: ${sent.replied.message_id} <compose-reply-1@prospect.test>`,
      `Date: ${new Date(Date.now() + 1000).toUTCString()}`,
      "",
      "One more thing.",
    ]);
    const [second] = await poll();
    expect(second).toMatchObject({ inbound: { kind: "reply" }, source: "compose", messageRowId: sent.replied.id });
    expect((await sentList()).get(sent.replied.id)!.replied_at).toBe(first);
  });
});
