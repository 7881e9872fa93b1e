/**
 * GET /api/campaigns/{id}/messages: what the sender really wrote (a delivered and a refused
 * message), paging newest first, the status/step/search filters, each message's first human open
 * (bot opens only counted), click, reply, bounce and unsubscribe, tenancy and who may read it.
 */
import type { CampaignEventType, MessageStatus } from "@prospector/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { expectTenantIsolation } from "../../../test/tenant-isolation.ts";
import { campaignEvents, campaignMessages } from "../campaigns/campaigns.table.ts";
import { runSendingPass } from "./sending.service.ts";
import { type SmtpSink, sendingHelpers, startSmtpSink, tomorrowAt } from "./sending.test-helpers.ts";

let t: TestApp;
let sink: SmtpSink;
let owner: TestUser;
const h = sendingHelpers(() => t);
const MIN = 60_000;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ JOBS: "off", OUTBOUND_ALLOWLIST: "127.0.0.1" }, { work: false });
  owner = await createUser(t.database.db);
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const log = (user: TestUser, campaignId: string, query = "") => h.ok(user, "GET", `/api/campaigns/${campaignId}/messages${query}`);

/** A draft campaign with `steps` steps and these leads, not launched: the test writes the outbox itself. */
async function campaignWith(user: TestUser, leadIds: string[], steps = 3) {
  const c = await h.ok(
    user,
    "POST",
    "/api/campaigns/",
    {
      name: "Log test",
      subject_line: "Hi",
      body: "Hello",
      steps: Array.from({ length: steps }, (_, i) => ({ delay_days: i === 0 ? 0 : 2, subject: `Step ${i + 1}`, body: "Hello" })),
    },
    201,
  );
  if (leadIds.length) await h.ok(user, "POST", `/api/campaigns/${c.id}/leads`, { lead_ids: leadIds });
  return c as { id: string };
}

interface Row {
  leadId: string;
  step: number;
  status?: MessageStatus;
  sentAt?: Date | null;
  createdAt?: Date;
  error?: string;
}

async function write(user: TestUser, campaignId: string, rows: Row[]) {
  return t.database.db
    .insert(campaignMessages)
    .values(
      rows.map((r) => ({
        workspaceId: user.workspaceId,
        campaignId,
        leadId: r.leadId,
        step: r.step,
        status: r.status ?? "sent",
        sentAt: r.sentAt === undefined ? new Date() : r.sentAt,
        createdAt: r.createdAt ?? r.sentAt ?? new Date(),
        subject: `Step ${r.step + 1}`,
        error: r.error ?? null,
      })),
    )
    .returning();
}

describe("the sent-message log", () => {
  it("shows what the sender wrote: lead, step, inbox, subject, Message-ID, a delivery and a hard bounce", async () => {
    const inbox = await h.inbox(owner, sink.port);
    const [ada, bob] = await h.leads(owner, 2, { last_name: "Lovelace" });
    sink.refuse.add(bob!.email.toLowerCase());
    const c = await h.launched(owner, { inboxIds: [inbox.id], leadIds: [ada!.id, bob!.id] });
    await runSendingPass(h.engine(), c.id, tomorrowAt(12));
    const res = await log(owner, c.id);
    expect(res).toMatchObject({ total: 2, page: 1, per_page: 20, total_pages: 1 });
    const byLead = new Map(res.messages.map((m: { lead: { id: string } }) => [m.lead.id, m]));
    expect(byLead.get(ada!.id)).toMatchObject({
      lead: { id: ada!.id, name: `${ada!.first_name} Lovelace`, email: ada!.email },
      step: 1,
      variant: 0,
      inbox_id: inbox.id,
      inbox_email: inbox.email,
      subject: `Hi ${ada!.first_name}`,
      status: "sent",
      error: null,
      opened_at: null,
      bounced_at: null,
    });
    const sent = byLead.get(ada!.id) as { sent_at: string; message_id: string };
    expect(Date.parse(sent.sent_at)).toBeGreaterThan(0);
    expect(sent.message_id).toMatch(/^<.+@.+>$/);
    const refused = byLead.get(bob!.id) as { status: string; error: string; bounced_at: string | null };
    expect(refused.status).toBe("bounced");
    expect(refused.error).toMatch(/550|No such user/);
    expect(refused.bounced_at).not.toBeNull();
  });

  it("pages newest first (sent, else written) and filters by status, step and lead name or email", async () => {
    const leads = await h.leads(owner, 9);
    const c = await campaignWith(
      owner,
      leads.map((l) => l.id),
    );
    const base = Date.now() - 10 * 24 * 60 * MIN;
    const rows: Row[] = [];
    leads.forEach((l, i) => {
      for (let step = 0; step < 3; step++) {
        const at = new Date(base + (step * 9 + i) * MIN);
        // Two of the last step never went: one failed, one waits in the outbox.
        if (step === 2 && i === 0)
          rows.push({ leadId: l.id, step, status: "failed", sentAt: null, createdAt: at, error: "Could not render" });
        else if (step === 2 && i === 1) rows.push({ leadId: l.id, step, status: "queued", sentAt: null, createdAt: at });
        else rows.push({ leadId: l.id, step, sentAt: at });
      }
    });
    await write(owner, c.id, rows);

    const pages = [];
    for (let p = 1; p <= 3; p++) pages.push(await log(owner, c.id, `?page=${p}&per_page=10`));
    expect(pages.map((p) => [p.total, p.total_pages, p.messages.length])).toEqual([
      [27, 3, 10],
      [27, 3, 10],
      [27, 3, 7],
    ]);
    const all = pages.flatMap((p) => p.messages) as { id: string; sent_at: string | null; created_at: string; step: number }[];
    expect(new Set(all.map((m) => m.id)).size).toBe(27);
    const at = all.map((m) => Date.parse(m.sent_at ?? m.created_at));
    expect(at).toEqual([...at].sort((a, b) => b - a));
    // The newest is the last lead's third step; the failed and queued ones sit where they were written.
    expect(all[0]).toMatchObject({ step: 3, lead: { id: leads[8]!.id } });

    const failed = await log(owner, c.id, "?status=failed");
    expect(failed.total).toBe(1);
    expect(failed.messages[0]).toMatchObject({ status: "failed", error: "Could not render", sent_at: null, lead: { id: leads[0]!.id } });
    expect((await log(owner, c.id, "?status=queued")).total).toBe(1);
    expect((await log(owner, c.id, "?status=sent")).total).toBe(25);
    expect((await log(owner, c.id, "?status=bounced")).total).toBe(0);

    const step2 = await log(owner, c.id, "?step=2&per_page=100");
    expect(step2.total).toBe(9);
    expect(step2.messages.every((m: { step: number }) => m.step === 2)).toBe(true);
    expect((await log(owner, c.id, "?step=3&status=sent")).total).toBe(7);

    const lead = leads[4]!;
    const byName = await log(owner, c.id, `?search=${lead.first_name}`);
    expect(byName.total).toBe(3);
    expect(byName.messages.every((m: { lead: { id: string } }) => m.lead.id === lead.id)).toBe(true);
    expect((await log(owner, c.id, `?search=${encodeURIComponent(lead.email.toUpperCase())}&step=1`)).total).toBe(1);
    expect((await log(owner, c.id, "?search=nobody-by-this-name")).total).toBe(0);
    // LIKE wildcards are text, not patterns.
    expect((await log(owner, c.id, "?search=%25")).total).toBe(0);
  });

  it("shows each message's first human open (bot opens counted apart), click, reply, bounce and unsubscribe", async () => {
    const leads = await h.leads(owner, 3);
    const c = await campaignWith(
      owner,
      leads.map((l) => l.id),
      1,
    );
    const sentAt = new Date(Date.now() - 60 * MIN);
    const [a, b, quiet] = await write(
      owner,
      c.id,
      leads.map((l, i) => ({ leadId: l.id, step: 0, sentAt: new Date(sentAt.getTime() + i * 1000) })),
    );
    const at = (m: number) => new Date(sentAt.getTime() + m * MIN);
    const event = (msg: typeof a, type: CampaignEventType, when: Date, isBot = false) =>
      t.database.db.insert(campaignEvents).values({
        workspaceId: owner.workspaceId,
        campaignId: c.id,
        leadId: msg!.leadId,
        messageId: msg!.id,
        type,
        isBot,
        step: 0,
        variant: 0,
        occurredAt: when,
      });
    await event(a, "open", at(1), true); // Apple's privacy proxy fetches first
    await event(a, "open", at(5));
    await event(a, "open", at(9));
    await event(a, "click", at(2), true); // a link scanner
    await event(a, "click", at(6));
    await event(a, "reply", at(20));
    await event(b, "bounce", at(3));
    await event(b, "unsubscribe", at(4));
    const { messages } = await log(owner, c.id);
    const byId = new Map(messages.map((m: { id: string }) => [m.id, m]));
    expect(byId.get(a!.id)).toMatchObject({
      opened_at: at(5).toISOString(),
      opens: 2,
      bot_opens: 1,
      clicked_at: at(6).toISOString(),
      clicks: 1,
      replied_at: at(20).toISOString(),
      bounced_at: null,
      unsubscribed_at: null,
    });
    expect(byId.get(b!.id)).toMatchObject({
      opened_at: null,
      opens: 0,
      bot_opens: 0,
      clicked_at: null,
      bounced_at: at(3).toISOString(),
      unsubscribed_at: at(4).toISOString(),
    });
    expect(byId.get(quiet!.id)).toMatchObject({ opened_at: null, clicked_at: null, replied_at: null, bounced_at: null, opens: 0 });
  });

  it("keeps a deleted lead's messages, without the lead", async () => {
    const [gone] = await h.leads(owner, 1);
    const c = await campaignWith(owner, [gone!.id], 1);
    await write(owner, c.id, [{ leadId: gone!.id, step: 0 }]);
    await h.ok(owner, "DELETE", `/api/leads/${gone!.id}`, undefined, 204);
    const res = await log(owner, c.id);
    expect(res.total).toBe(1);
    expect(res.messages[0]).toMatchObject({ lead: null, status: "sent", step: 1 });
  });

  it("is 404 to another workspace, readable by a viewer, refused to an analyst, and validates its query", async () => {
    const [lead] = await h.leads(owner, 1);
    const c = await campaignWith(owner, [lead!.id], 1);
    await write(owner, c.id, [{ leadId: lead!.id, step: 0 }]);
    const outsider = await createUser(t.database.db);
    await expectTenantIsolation(t.app, outsider, [
      { method: "GET", url: `/api/campaigns/${c.id}/messages` },
      { method: "GET", url: `/api/campaigns/${c.id}/messages?status=sent&search=a` },
    ]);
    // Another workspace's messages never show in this campaign's log, and a malformed id is a 404 too.
    const [theirs] = await h.leads(outsider, 1);
    const other = await campaignWith(outsider, [theirs!.id], 1);
    await write(outsider, other.id, [{ leadId: theirs!.id, step: 0 }]);
    expect((await log(owner, c.id)).total).toBe(1);
    expect((await h.call(owner, "GET", "/api/campaigns/not-a-uuid/messages")).statusCode).toBe(404);

    const viewer = await addMember(t.database.db, owner, "viewer");
    expect((await log(viewer, c.id)).messages).toHaveLength(1);
    const analyst = await addMember(t.database.db, owner, "analyst");
    expect((await h.call(analyst, "GET", `/api/campaigns/${c.id}/messages`)).statusCode).toBe(403);

    for (const q of ["?per_page=101", "?page=0", "?status=delivered", "?step=0", "?step=11", `?search=${"x".repeat(201)}`]) {
      const res = await h.call(owner, "GET", `/api/campaigns/${c.id}/messages${q}`);
      expect(res.statusCode, q).toBe(422);
      expect(res.json().errors?.length, q).toBeGreaterThan(0);
    }
  });
});
