/**
 * The sender end to end against a local SMTP server: a launched campaign's emails arrive rendered,
 * with RFC 8058 List-Unsubscribe headers, signed click links and the pixel only when tracking is
 * on; follow-ups wait for their delay and thread; suppressed addresses are never emailed; a
 * refused recipient is a hard bounce; the local mailbox keeps messages undelivered; campaigns
 * complete.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import { mailMessages } from "../../platform/mailbox.table.ts";
import { campaignLeads, campaignMessages, campaigns } from "../campaigns/campaigns.table.ts";
import { runSendingPass } from "./sending.service.ts";
import { type SmtpSink, sendingHelpers, startSmtpSink, tomorrowAt } from "./sending.test-helpers.ts";

let t: TestApp;
let sink: SmtpSink;
let owner: TestUser;
const h = sendingHelpers(() => t);

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp(
    { JOBS: "off", TRACKING_BASE_URL: "https://track.example.org", OUTBOUND_ALLOWLIST: "127.0.0.1" },
    { work: false },
  );
  owner = await createUser(t.database.db);
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const noon = () => tomorrowAt(12);

describe("delivery over SMTP", () => {
  it("sends each lead its rendered first step with unsubscribe headers, tracked links and the pixel", async () => {
    const inbox = await h.inbox(owner, sink.port, { from_name: "Sam Sender" });
    const leads = await h.leads(owner, 2);
    const c = await h.launched(owner, { inboxIds: [inbox.id], leadIds: leads.map((l) => l.id) });
    const before = sink.received.length;
    const result = await runSendingPass(h.engine(), c.id, noon());
    expect(result.sent).toBe(2);
    await sink.waitFor(before + 2);
    const mine = sink.received.slice(before);
    const lead = leads[0] as (typeof leads)[number];
    const got = mine.find((m) => m.to.includes(lead.email));
    expect(got, "the lead's email arrived").toBeDefined();
    const mail = got!.mail;
    expect(mail.subject).toBe(`Hi ${lead.first_name}`);
    expect(mail.from?.value[0]).toMatchObject({ address: inbox.email, name: "Sam Sender" });
    const rawHeader = (name: string) =>
      mail.headerLines
        .find((l) => l.key === name)
        ?.line.replace(/^[^:]+:\s*/, "")
        .replace(/\r?\n\s+/g, " ");
    const listUnsub = String(rawHeader("list-unsubscribe"));
    expect(listUnsub).toMatch(/^<https:\/\/track\.example\.org\/u\/[0-9a-f-]{36}\.[\w-]+>, <mailto:/);
    expect(rawHeader("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const html = String(mail.html);
    // The pricing link goes through the click route, signed; the unsubscribe link is left as is.
    expect(html).not.toContain('href="https://example.com/pricing');
    expect(html).toMatch(
      /href="https:\/\/track\.example\.org\/t\/c\/[0-9a-f-]{36}\/[\w-]+\?u=https%3A%2F%2Fexample\.com%2Fpricing%3Fa%3D1%26b%3D2"/,
    );
    expect(html).toContain(listUnsub.slice(1, listUnsub.indexOf(">")));
    expect(html).toMatch(/<img src="https:\/\/track\.example\.org\/t\/o\/[0-9a-f-]{36}\/[\w-]+\.gif"/);
    // The Message-ID we stored is the one that went out (replies are matched by it).
    const [row] = await t.database.db
      .select()
      .from(campaignMessages)
      .where(and(eq(campaignMessages.campaignId, c.id), eq(campaignMessages.leadId, lead.id)));
    expect(row?.status).toBe("sent");
    expect(row?.messageId).toBe(mail.messageId);
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it("adds no pixel and leaves links alone when the campaign tracks neither", async () => {
    const inbox = await h.inbox(owner, sink.port);
    const [lead] = await h.leads(owner, 1);
    const c = await h.launched(owner, { inboxIds: [inbox.id], leadIds: [lead!.id], body: { track_opens: false, track_clicks: false } });
    const before = sink.received.length;
    await runSendingPass(h.engine(), c.id, noon());
    await sink.waitFor(before + 1);
    const html = String(sink.received.at(-1)?.mail.html);
    expect(html).toContain('href="https://example.com/pricing?a=1&b=2"');
    expect(html).not.toContain("/t/o/");
    expect(html).not.toContain("/t/c/");
    expect(sink.received.at(-1)?.mail.headerLines.find((l) => l.key === "list-unsubscribe")?.line).toContain("/u/");
  });

  it("sends a follow-up only after its delay, threaded under the first email, then completes the campaign", async () => {
    const inbox = await h.inbox(owner, sink.port);
    const [lead] = await h.leads(owner, 1);
    const c = await h.launched(owner, {
      inboxIds: [inbox.id],
      leadIds: [lead!.id],
      body: {
        steps: [
          { delay_days: 0, subject: "First", body: "One", variants: [] },
          { delay_days: 2, subject: "Second", body: "Two", variants: [] },
        ],
        subject_line: "First",
        body: "One {{unsubscribe_url}}",
      },
    });
    const e = h.engine();
    const before = sink.received.length;
    await runSendingPass(e, c.id, noon());
    await sink.waitFor(before + 1);
    const first = sink.received.at(-1)!.mail;
    // A pass a day later sends nothing: the step waits two days after the first send.
    const [member] = await t.database.db.select().from(campaignLeads).where(eq(campaignLeads.campaignId, c.id));
    expect(member?.waitReason).toBe("step_delay");
    expect(member?.nextSendAt?.getTime()).toBeGreaterThan(Date.now() + 2 * 86_400_000 - 60_000);
    const tomorrow = new Date(noon().getTime() + 86_400_000);
    expect((await runSendingPass(e, c.id, tomorrow)).sent).toBe(0);
    // Three days later (window open at noon) it goes, as a reply in the same thread.
    const later = new Date(noon().getTime() + 3 * 86_400_000);
    expect((await runSendingPass(e, c.id, later)).sent).toBe(1);
    await sink.waitFor(before + 2);
    const second = sink.received.at(-1)!.mail;
    expect(second.subject).toBe("Second");
    expect(second.inReplyTo).toBe(first.messageId);
    const listed = async () =>
      (await t.app.inject({ url: "/api/campaigns/", headers: owner.headers })).json().campaigns.find((x: { id: string }) => x.id === c.id)
        ?.status;
    expect(await listed()).toBe("active"); // the list is now cached
    await e.tick(later);
    const [row] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, c.id));
    expect(row?.status).toBe("completed");
    // The sender's completion reaches the cached list at once, not after its 2-minute lifetime.
    await expect.poll(listed, { timeout: 5000 }).toBe("completed");
  });

  it("never emails a suppressed address and stops that lead", async () => {
    const inbox = await h.inbox(owner, sink.port);
    const [a, b] = await h.leads(owner, 2);
    const c = await h.launched(owner, { inboxIds: [inbox.id], leadIds: [a!.id, b!.id] });
    // Suppressed after joining (adding an already-suppressed lead is refused): the sender checks again.
    await h.ok(owner, "POST", "/api/suppression", { emails: [a!.email.toUpperCase()] });
    const before = sink.received.length;
    expect((await runSendingPass(h.engine(), c.id, noon())).sent).toBe(1);
    await sink.waitFor(before + 1);
    expect(sink.received.slice(before).flatMap((m) => m.to)).toEqual([b!.email]);
    const states = await t.database.db.select().from(campaignLeads).where(eq(campaignLeads.campaignId, c.id));
    expect(states.find((s) => s.leadId === a!.id)?.state).toBe("unsubscribed");
  });

  it("treats a recipient refused with 550 as a hard bounce: suppressed, lead bounced, bounce event", async () => {
    const inbox = await h.inbox(owner, sink.port);
    const [lead] = await h.leads(owner, 1);
    sink.refuse.add(lead!.email);
    const c = await h.launched(owner, { inboxIds: [inbox.id], leadIds: [lead!.id] });
    const r = await runSendingPass(h.engine(), c.id, noon());
    expect(r.failed).toBe(1);
    const [msg] = await t.database.db.select().from(campaignMessages).where(eq(campaignMessages.campaignId, c.id));
    expect(msg?.status).toBe("bounced");
    const list = await h.ok(owner, "GET", `/api/suppression?search=${encodeURIComponent(lead!.email)}`);
    expect(list.entries[0]).toMatchObject({ email: lead!.email, reason: "bounced", campaign_id: c.id });
    const metrics = await h.ok(owner, "GET", `/api/campaigns/${c.id}/metrics`);
    expect(metrics.bounces).toBe(1);
  });

  it("keeps messages of the local mailbox inbox in the app, marked as not delivered", async () => {
    const { inboxes } = await h.ok(owner, "GET", "/api/inboxes");
    const local = inboxes.find((i: { kind: string }) => i.kind === "local");
    expect(local).toMatchObject({ delivers: false, label: "Local mailbox (test only, not delivered)" });
    const [lead] = await h.leads(owner, 1);
    const c = await h.launched(owner, { inboxIds: [local.id], leadIds: [lead!.id] });
    const before = sink.received.length;
    expect((await runSendingPass(h.engine(), c.id, noon())).sent).toBe(1);
    const stored = await t.database.db.select().from(mailMessages).where(eq(mailMessages.toAddress, lead!.email));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ status: "local", kind: "campaign", workspaceId: owner.workspaceId });
    expect(sink.received.length).toBe(before);
  });
});
