/**
 * Replies and bounces read over IMAP from a real dovecot started by the test: a person's reply
 * stops the lead's sequence (and nothing more goes to them), an out-of-office does not, a DSN
 * bounce suppresses the address with its status code, the cursor remembers what was read; plus
 * classification of common auto-reply and mailer-daemon shapes.
 */
import { eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import { campaignEvents, campaignLeads, campaignMessages } from "../campaigns/campaigns.table.ts";
import { getInboxById } from "../inboxes/inboxes.repository.ts";
import { runSendingPass } from "../sending/sending.service.ts";
import { type SmtpSink, sendingHelpers, startSmtpSink, tomorrowAt } from "../sending/sending.test-helpers.ts";
import { type Dovecot, dovecotAvailable, startDovecot } from "./dovecot.test-server.ts";
import { classify } from "./replies.classify.ts";
import { pollInbox } from "./replies.poller.ts";
import { bounceReportLines } from "./replies.test-helpers.ts";

const USER = { user: "sam@outbound.test", password: "imap-pass-42" };

describe.skipIf(!dovecotAvailable())("replies over IMAP (dovecot)", () => {
  let t: TestApp;
  let sink: SmtpSink;
  let dovecot: Dovecot;
  let owner: TestUser;
  const h = sendingHelpers(() => t);
  let inboxId: string;
  let campaignId: string;
  let leads: { id: string; email: string }[];

  beforeAll(async () => {
    [sink, dovecot] = await Promise.all([startSmtpSink(), startDovecot([USER])]);
    t = await createTestApp({ JOBS: "off", OUTBOUND_ALLOWLIST: "127.0.0.1" }, { work: false });
    owner = await createUser(t.database.db);
    const inbox = await h.inbox(owner, sink.port, {
      email: USER.user,
      imap: { host: "127.0.0.1", port: dovecot.port, secure: false, username: USER.user, password: USER.password },
    });
    inboxId = inbox.id;
    leads = await h.leads(owner, 3);
    const c = await h.launched(owner, {
      inboxIds: [inbox.id],
      leadIds: leads.map((l) => l.id),
      body: {
        steps: [
          { delay_days: 0, subject: "Quick question", body: "Hi {{unsubscribe_url}}", variants: [] },
          { delay_days: 1, subject: "Following up", body: "Again", variants: [] },
        ],
        subject_line: "Quick question",
      },
    });
    campaignId = c.id;
    await runSendingPass(h.engine(), campaignId, tomorrowAt(12));
    await sink.waitFor(3);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await Promise.all([sink?.close(), dovecot?.close()]);
  });

  const sentTo = (email: string) => sink.received.find((r) => r.to.includes(email))!.mail;
  const member = async (leadId: string) => (await t.database.db.select().from(campaignLeads).where(eq(campaignLeads.leadId, leadId)))[0];

  it("reports IMAP as reachable in the connection test", async () => {
    const res = await h.ok(owner, "POST", `/api/inboxes/${inboxId}/test`);
    expect(res.imap).toMatchObject({ ok: true });
    expect(res.imap.message).toContain("INBOX holds");
  });

  it("tells a reply, an out-of-office and a DSN bounce apart and applies each", async () => {
    const [replier, away, bouncer] = leads as [(typeof leads)[0], (typeof leads)[0], (typeof leads)[0]];
    const first = sentTo(replier.email);
    await dovecot.append(
      USER.user,
      USER.password,
      [
        `From: Rita Reply <${replier.email}>`,
        `To: ${USER.user}`,
        "Subject: Re: Quick question",
        `Message-ID: <reply-1@prospect.test>`,
        `In-Reply-To: ${first.messageId}`,
        `References: ${first.messageId}`,
        `Date: ${new Date().toUTCString()}`,
        "",
        "Sounds interesting, let's talk on Tuesday.",
      ].join("\r\n"),
    );
    await dovecot.append(
      USER.user,
      USER.password,
      [
        `From: ${away.email}`,
        `To: ${USER.user}`,
        "Subject: Out of Office: Quick question",
        "Auto-Submitted: auto-replied",
        `In-Reply-To: ${sentTo(away.email).messageId}`,
        "",
        "I am away until Monday.",
      ].join("\r\n"),
    );
    const original = sentTo(bouncer.email);
    await dovecot.append(
      USER.user,
      USER.password,
      bounceReportLines({
        to: USER.user,
        recipient: bouncer.email,
        messageId: original.messageId,
        subject: "Quick question",
        note: "I'm sorry to have to inform you that your message could not be delivered.",
      }).join("\r\n"),
    );
    const inbox = (await getInboxById(t.database.db, inboxId))!;
    const results = await pollInbox(t.app.ctx, h.engine().box, inbox);
    expect(results.map((r) => r.inbound.kind)).toEqual(["reply", "auto_reply", "bounce"]);
    expect(results.every((r) => r.messageRowId)).toBe(true);

    // The reply stopped the sequence; the out-of-office did not.
    expect((await member(replier.id))?.state).toBe("replied");
    expect((await member(away.id))?.state).toBe("in_progress");
    expect((await member(bouncer.id))?.state).toBe("bounced");
    const evs = await t.database.db.select().from(campaignEvents).where(eq(campaignEvents.campaignId, campaignId));
    expect(evs.map((e) => e.type).sort()).toEqual(["auto_reply", "bounce", "reply"]);
    expect(evs.find((e) => e.type === "bounce")?.detail).toMatchObject({ hard: true, status: "5.1.1", recipient: bouncer.email });
    const [bounced] = await t.database.db
      .select()
      .from(campaignMessages)
      .where(eq(campaignMessages.messageId, original.messageId as string));
    expect(bounced?.status).toBe("bounced");
    const suppressed = await h.ok(owner, "GET", "/api/suppression?reason=bounced");
    expect(suppressed.entries.map((e: { email: string }) => e.email)).toEqual([bouncer.email]);
    const metrics = await h.ok(owner, "GET", `/api/campaigns/${campaignId}/metrics`);
    expect(metrics).toMatchObject({ replies: 1, bounces: 1 });

    // Two days later only the out-of-office lead gets the follow-up.
    const before = sink.received.length;
    expect((await runSendingPass(h.engine(), campaignId, new Date(tomorrowAt(12).getTime() + 2 * 86_400_000))).sent).toBe(1);
    await sink.waitFor(before + 1);
    expect(sink.received.at(-1)?.to).toEqual([away.email]);
  });

  it("reads each email once: the next poll starts after the last UID", async () => {
    const inbox = (await getInboxById(t.database.db, inboxId))!;
    expect(inbox.imapLastUid).toBe(3);
    expect(await pollInbox(t.app.ctx, h.engine().box, inbox)).toEqual([]);
    const evs = await t.database.db.select().from(campaignEvents).where(eq(campaignEvents.campaignId, campaignId));
    expect(evs).toHaveLength(3);
  });

  it("records a wrong IMAP password on the inbox as a warning", async () => {
    await h.ok(owner, "PUT", `/api/inboxes/${inboxId}`, {
      imap: { host: "127.0.0.1", port: dovecot.port, secure: false, username: USER.user, password: "wrong" },
    });
    await pollInbox(t.app.ctx, h.engine().box, (await getInboxById(t.database.db, inboxId))!);
    const detail = await h.ok(owner, "GET", `/api/inboxes/${inboxId}`);
    expect(detail.imap_status.error).toMatch(/IMAP login refused|auth/i);
    expect(detail.health.status).toBe("warning");
  });
});

describe("classification", () => {
  const parse = (lines: string[]) => simpleParser(lines.join("\r\n"));

  it("treats X-Autoreply, Precedence: auto_reply and translated OOO subjects as auto-replies", async () => {
    expect(classify(await parse(["From: a@x.test", "Subject: Re: hi", "X-Autoreply: yes", "", "away"])).kind).toBe("auto_reply");
    expect(classify(await parse(["From: a@x.test", "Subject: hi", "Precedence: auto_reply", "", "away"])).kind).toBe("auto_reply");
    expect(classify(await parse(["From: a@x.test", "Subject: Abwesenheitsnotiz: hi", "", "weg"])).kind).toBe("auto_reply");
    expect(classify(await parse(["From: a@x.test", "Subject: Automatic reply: hi", "", "away"])).kind).toBe("auto_reply");
    expect(classify(await parse(["From: a@x.test", "Subject: Re: hi", "Auto-Submitted: no", "", "Yes please"])).kind).toBe("reply");
  });

  it("reads a plain mailer-daemon notice as a bounce, hard for 5xx and soft for 4xx", async () => {
    const hard = classify(
      await parse([
        "From: MAILER-DAEMON@mx.test",
        "Subject: failure notice",
        "",
        "<gone@prospect.test>:",
        "550 5.1.1 mailbox does not exist",
      ]),
    );
    expect(hard).toMatchObject({ kind: "bounce", hard: true, status: "5.1.1", recipient: "gone@prospect.test" });
    const soft = classify(
      await parse([
        "From: postmaster@mx.test",
        "Subject: Delivery Status Notification (Failure)",
        "",
        "full@prospect.test: 452 4.2.2 mailbox full",
      ]),
    );
    expect(soft).toMatchObject({ kind: "bounce", hard: false, status: "4.2.2" });
  });

  it("treats a DSN with Action: delayed as not a failure, and an ARF report as a complaint", async () => {
    const delayed = await parse([
      "From: MAILER-DAEMON@mx.test",
      'Content-Type: multipart/report; report-type=delivery-status; boundary="B"',
      "",
      "--B",
      "Content-Type: message/delivery-status",
      "",
      "Final-Recipient: rfc822; slow@prospect.test",
      "Action: delayed",
      "Status: 4.4.7",
      "--B--",
    ]);
    expect(classify(delayed).kind).toBe("delayed");
    const arf = await parse([
      "From: fbl@isp.test",
      'Content-Type: multipart/report; report-type=feedback-report; boundary="B"',
      "",
      "--B",
      "Content-Type: text/plain",
      "",
      "spam",
      "--B--",
    ]);
    expect(classify(arf).kind).toBe("complaint");
  });

  it("treats the List-Unsubscribe mailto as an unsubscribe request", async () => {
    expect(classify(await parse(["From: lead@prospect.test", "Subject: unsubscribe", "", ""])).kind).toBe("unsubscribe");
  });
});
