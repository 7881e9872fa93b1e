/**
 * The kill switch against a real SMTP sink and a real database: a workspace hold placed from
 * another async path while a batch is on the wire stops the rest of the batch before SMTP (only
 * what the pool's connections already carried still arrives), the held messages stay queued, and
 * the resume sends each lead's messages exactly once. Campaign and inbox scopes, one-off sends,
 * the audit history, notifications, permissions and workspace isolation.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { campaignLeads, campaignMessages } from "../campaigns/campaigns.table.ts";
import { createHoldProbe, HOLDS_CHANGED } from "./holds.gate.ts";
import { HANDOFF_LANES } from "./sending.deliver.ts";
import { raceHelpers, sleep } from "./sending.race.test-helpers.ts";
import { type SmtpSink, startSmtpSink } from "./sending.test-helpers.ts";
import { sendingHolds } from "./sending-holds.table.ts";

let t: TestApp;
let sink: SmtpSink;
let owner: TestUser;
let inboxId: string;
const { h, db, insertLeads, launched, outbox, status } = raceHelpers(() => ({ t, sink, owner, inboxId }));

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ JOBS: "off", OUTBOUND_ALLOWLIST: "127.0.0.1" }, { work: false });
  owner = await createUser(t.database.db);
  inboxId = (await h.inbox(owner, sink.port, { daily_limit: 10_000 })).id;
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const hold = (user: TestUser, body: Record<string, unknown>) => h.call(user, "POST", "/api/kill-switch/holds", body);
const release = (user: TestUser, id: string, note?: string) =>
  h.call(user, "POST", `/api/kill-switch/holds/${id}/release`, note === undefined ? {} : { note });

/** Passes and ticks until the campaign completes (or gives up after a few rounds). */
async function drain(campaignId: string) {
  for (let n = 0; n < 8 && (await status(campaignId)) === "active"; n++) {
    await t.app.ctx.sending.pass(campaignId);
    await t.app.ctx.sending.tick();
  }
}

describe("a workspace hold while a batch is being delivered", () => {
  it("stops the rest of the batch before SMTP, loses nothing, and the resume sends each message exactly once", async () => {
    const LEADS = 120;
    const leads = await insertLeads(LEADS, "Kill");
    const id = await launched(
      "Kill mid-batch",
      leads.map((l) => l.id),
      2,
    );
    const first = sink.received.length;
    let holdId = "";
    let receivedAtHold = -1;
    let holdCall: Promise<void> | null = null;
    sink.afterRecord = async () => {
      // From another async path, once the batch is well under way.
      if (!holdCall && sink.received.length - first >= 15) {
        holdCall = (async () => {
          const res = await hold(owner, { scope: "workspace", reason: "Wrong template in step 1" });
          expect(res.statusCode, res.body).toBe(201);
          receivedAtHold = sink.received.length - first;
          holdId = res.json().id;
        })();
      }
      await sleep(3);
    };
    const result = await t.app.ctx.sending.pass(id);
    await holdCall;
    sink.afterRecord = undefined;
    const delivered = sink.received.slice(first).map((m) => m.mail.messageId);
    expect(receivedAtHold).toBeGreaterThanOrEqual(15);
    // Only messages already handed to a pool connection when the hold committed still arrived.
    expect(delivered.length - receivedAtHold, "messages handed to SMTP after the hold").toBeLessThanOrEqual(HANDOFF_LANES);
    expect(delivered.length).toBeLessThan(LEADS);
    expect(result?.waiting).toBe("held");

    // Nothing lost: every lead's first message is sent or waits in the outbox, none is left "sending".
    const rows = await outbox(id);
    const sent = rows.filter((m) => m.status === "sent");
    const queued = rows.filter((m) => m.status === "queued");
    expect(rows.filter((m) => m.status === "sending")).toEqual([]);
    expect(sent).toHaveLength(delivered.length);
    const claimedLeads = new Set(rows.map((m) => m.leadId));
    const members = await db().select().from(campaignLeads).where(eq(campaignLeads.campaignId, id));
    expect(members.filter((m) => m.state === "queued" || m.state === "in_progress")).toHaveLength(LEADS);
    expect(queued.every((m) => /kill switch before this message went out: Wrong template/.test(m.error ?? ""))).toBe(true);
    expect(members.filter((m) => !claimedLeads.has(m.leadId) && m.currentStep !== 0)).toEqual([]);

    // The campaign's queue says why: held by the kill switch, with the reason.
    const q = await h.ok(owner, "GET", `/api/campaigns/${id}/queue?per_page=100`);
    expect(q.reasons.held).toBeGreaterThan(0);
    expect(q.items.find((i: { reason: string }) => i.reason === "held")?.reason_text).toBe(
      "Held by the kill switch: Wrong template in step 1",
    );

    // While held, passes and ticks send nothing.
    const before = sink.received.length;
    expect(await t.app.ctx.sending.pass(id)).toMatchObject({ sent: 0, waiting: "held" });
    await t.app.ctx.sending.tick();
    expect(sink.received.length).toBe(before);
    expect((await h.ok(owner, "GET", "/api/kill-switch")).workspace_hold).toMatchObject({ id: holdId, reason: "Wrong template in step 1" });

    // Resume: everything held goes, and every lead gets each step exactly once.
    expect((await release(owner, holdId, "Template fixed")).statusCode).toBe(200);
    await drain(id);
    expect(await status(id)).toBe("completed");
    const all = sink.received.slice(first).map((m) => m.mail.messageId);
    expect(all).toHaveLength(LEADS * 2);
    expect(new Set(all).size, "a message went twice").toBe(LEADS * 2);
    const final = await outbox(id);
    expect(final).toHaveLength(LEADS * 2);
    expect(final.filter((m) => m.status !== "sent")).toEqual([]);
    const perLead = new Map<string, number>();
    for (const m of final) perLead.set(m.leadId as string, (perLead.get(m.leadId as string) ?? 0) + 1);
    expect([...perLead.values()].every((n) => n === 2)).toBe(true);
    expect(perLead.size).toBe(LEADS);
  });
});

describe("scopes", () => {
  it("a campaign hold stops only that campaign; resuming sends what it held", async () => {
    const a = await launched(
      "Held one",
      (await insertLeads(5, "HeldA")).map((l) => l.id),
      1,
    );
    const b = await launched(
      "Free one",
      (await insertLeads(5, "FreeB")).map((l) => l.id),
      1,
    );
    const res = await hold(owner, { scope: "campaign", target_id: a, reason: "Legal review" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ scope: "campaign", target_id: a, target_label: "Held one", active: true });
    expect(await t.app.ctx.sending.pass(a)).toMatchObject({ sent: 0, waiting: "held" });
    expect(await t.app.ctx.sending.pass(b)).toMatchObject({ sent: 5 });
    const again = await hold(owner, { scope: "campaign", target_id: a, reason: "Twice" });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("HOLD_EXISTS");
    // The targets list shows the hold on the campaign and none on the other.
    const targets = await h.ok(owner, "GET", "/api/kill-switch/targets?scope=campaign&search=one");
    const byId = new Map(targets.items.map((x: { id: string }) => [x.id, x]));
    expect((byId.get(a) as { hold: { reason: string } }).hold.reason).toBe("Legal review");
    expect((byId.get(b) as { hold: unknown } | undefined)?.hold ?? null).toBeNull();
    await h.ok(owner, "POST", `/api/kill-switch/holds/${res.json().id}/release`, {});
    expect(await t.app.ctx.sending.pass(a)).toMatchObject({ sent: 5 });
  });

  it("an inbox hold moves the campaign to its other inboxes, and with no other inbox it waits", async () => {
    const second = await h.inbox(owner, sink.port, { daily_limit: 10_000 });
    const c = await h.ok(
      owner,
      "POST",
      "/api/campaigns/",
      {
        name: "Two inboxes",
        subject_line: "Hi {{first_name}}",
        body: 'Hello {{ first_name }}\n\n<a href="{{unsubscribe_url}}">Unsubscribe</a>',
        inbox_ids: [inboxId, second.id],
        schedule: h.ALWAYS,
      },
      201,
    );
    await h.ok(owner, "POST", `/api/campaigns/${c.id}/leads`, { lead_ids: (await insertLeads(6, "Two")).map((l) => l.id) });
    await h.ok(owner, "POST", `/api/campaigns/${c.id}/launch`);
    const res = await hold(owner, { scope: "inbox", target_id: inboxId, reason: "Provider complaint" });
    expect(res.statusCode, res.body).toBe(201);
    const first = sink.received.length;
    expect(await t.app.ctx.sending.pass(c.id)).toMatchObject({ sent: 6 });
    expect(new Set(sink.received.slice(first).map((m) => m.from))).toEqual(new Set([second.email]));

    const only = await launched(
      "Only the held inbox",
      (await insertLeads(3, "OnlyHeld")).map((l) => l.id),
      1,
    );
    expect(await t.app.ctx.sending.pass(only)).toMatchObject({ sent: 0, waiting: "held" });
    const q = await h.ok(owner, "GET", `/api/campaigns/${only}/queue`);
    expect(q.items[0].reason_text).toBe("Held by the kill switch: Provider complaint");
    await h.ok(owner, "POST", `/api/kill-switch/holds/${res.json().id}/release`, {});
    expect(await t.app.ctx.sending.pass(only)).toMatchObject({ sent: 3 });
  });

  it("one-off sends respect a workspace or inbox hold", async () => {
    const res = await hold(owner, { scope: "inbox", target_id: inboxId, reason: "Checking DNS" });
    const send = () =>
      h.call(owner, "POST", "/api/compose/send", { inbox_id: inboxId, to: "someone@prospect.test", subject: "Hi", body: "x" });
    const refused = await send();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "SENDING_HELD" });
    expect(refused.json().detail).toContain("Checking DNS");
    await h.ok(owner, "POST", `/api/kill-switch/holds/${res.json().id}/release`, {});
    expect((await send()).statusCode).toBe(200);
    const ws = await hold(owner, { scope: "workspace", reason: "Everything off" });
    expect((await send()).json()).toMatchObject({ code: "SENDING_HELD" });
    await h.ok(owner, "POST", `/api/kill-switch/holds/${ws.json().id}/release`, {});
  });
});

describe("the sender's look at the holds", () => {
  it("re-reads at once after a change announced here or on the bus, and otherwise within its age bound", async () => {
    const ws = (await createUser(t.database.db)).workspaceId;
    const insert = async () =>
      (
        await db()
          .insert(sendingHolds)
          .values({ workspaceId: ws, scope: "workspace", targetId: ws, targetLabel: "Whole workspace", reason: "Elsewhere" })
          .returning()
      )[0];
    // A hold written by another process that did not announce it: seen once the cached read is older than the bound.
    const slow = createHoldProbe(db(), 1000);
    expect((await slow.fresh(ws)).workspace).toBeNull();
    const row = await insert();
    expect((await slow.fresh(ws)).workspace, "within the bound the cached read may answer").toBeNull();
    await sleep(1100);
    expect((await slow.fresh(ws)).workspace?.id).toBe(row?.id);
    // Announced: the very next look reads again, here (bump) and in the engine (bus message).
    await db().update(sendingHolds).set({ releasedAt: new Date() }).where(eq(sendingHolds.workspaceId, ws));
    slow.bump(ws);
    expect((await slow.fresh(ws)).workspace).toBeNull();
    const engine = t.app.ctx.sending.holds;
    expect((await engine.fresh(ws)).workspace).toBeNull();
    await insert();
    // The engine hears the bus (through Redis the message arrives a moment after publish).
    const bumped: string[] = [];
    const bump = engine.bump;
    engine.bump = (id) => {
      bumped.push(id);
      bump(id);
    };
    try {
      await t.app.ctx.bus.publish(HOLDS_CHANGED, { workspaceId: ws });
      for (let i = 0; i < 100 && !bumped.includes(ws); i++) await sleep(50);
    } finally {
      engine.bump = bump;
    }
    expect(bumped).toContain(ws);
    expect((await engine.fresh(ws)).workspace?.reason).toBe("Elsewhere");
    // Many looks at once share reads.
    const before = engine.reads();
    engine.bump(ws);
    await Promise.all(Array.from({ length: 50 }, () => engine.fresh(ws)));
    expect(engine.reads() - before).toBeLessThanOrEqual(2);
  });
});

describe("audit, rules and access", () => {
  it("keeps who stopped and resumed what, when and why, newest first and paged; notifies the workspace", async () => {
    const other = await createUser(t.database.db);
    const member = await addMember(t.database.db, other, "manager");
    const placed = await hold(other, { scope: "workspace", reason: "Spam complaints spiked" });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ held_by: { id: other.id, name: other.name, email: other.email }, released_at: null });
    const dup = await hold(member, { scope: "workspace", reason: "Again" });
    expect(dup.json().code).toBe("HOLD_EXISTS");
    const resumed = await release(member, placed.json().id, "Root cause fixed");
    expect(resumed.json()).toMatchObject({
      active: false,
      released_by: { id: member.id, email: member.email },
      release_note: "Root cause fixed",
    });
    expect((await release(member, placed.json().id)).json().code).toBe("HOLD_ALREADY_RELEASED");
    await hold(member, { scope: "workspace", reason: "Second stop" });

    const page1 = await h.ok(other, "GET", "/api/kill-switch/history?per_page=1");
    expect(page1.total).toBe(2);
    expect(page1.holds[0]).toMatchObject({ reason: "Second stop", active: true });
    const page2 = await h.ok(other, "GET", "/api/kill-switch/history?per_page=1&page=2");
    expect(page2.holds[0]).toMatchObject({ reason: "Spam complaints spiked", release_note: "Root cause fixed", active: false });

    // Every member heard of the stop and of the resume.
    for (const u of [other, member]) {
      const list = await h.ok(u, "GET", "/api/notifications");
      const titles = list.notifications.map((n: { title: string }) => n.title);
      expect(titles).toContain("All sending stopped");
      expect(titles).toContain("Sending resumed");
    }
  });

  it("refuses bad input with the field, and changes nothing", async () => {
    const noReason = await hold(owner, { scope: "workspace", reason: " " });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors[0].field).toContain("reason");
    const noTarget = await hold(owner, { scope: "campaign", reason: "Because" });
    expect(noTarget.statusCode).toBe(422);
    expect(noTarget.json().errors[0].field).toContain("target_id");
    const unknown = await hold(owner, { scope: "inbox", target_id: "0190a0a0-0000-7000-8000-000000000000", reason: "Because" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe("HOLD_TARGET_NOT_FOUND");
    expect((await release(owner, "not-an-id")).statusCode).toBe(404);
    expect((await h.ok(owner, "GET", "/api/kill-switch")).workspace_hold).toBeNull();
  });

  it("reading needs campaigns:read, holding and resuming campaigns:update", async () => {
    const viewer = await addMember(t.database.db, owner, "viewer");
    expect((await h.call(viewer, "GET", "/api/kill-switch")).statusCode).toBe(200);
    expect((await h.call(viewer, "GET", "/api/kill-switch/history")).statusCode).toBe(200);
    const refused = await hold(viewer, { scope: "workspace", reason: "Viewer tries" });
    expect(refused.statusCode).toBe(403);
    const placed = await hold(owner, { scope: "workspace", reason: "Admin stops" });
    expect((await release(viewer, placed.json().id)).statusCode).toBe(403);
    expect((await h.ok(owner, "GET", "/api/kill-switch")).workspace_hold.id).toBe(placed.json().id);
    await release(owner, placed.json().id);
  });

  it("another workspace sees nothing of these holds and cannot touch them (404)", async () => {
    const c = await launched(
      "Mine",
      (await insertLeads(1, "Mine")).map((l) => l.id),
      1,
    );
    const placed = await hold(owner, { scope: "campaign", target_id: c, reason: "Private reason" });
    const stranger = await createUser(t.database.db);
    const state = await h.ok(stranger, "GET", "/api/kill-switch");
    expect(state).toMatchObject({ workspace_hold: null, holds: [] });
    expect((await h.ok(stranger, "GET", "/api/kill-switch/history")).total).toBe(0);
    expect((await h.ok(stranger, "GET", "/api/kill-switch/targets?scope=campaign")).total).toBe(0);
    expect((await release(stranger, placed.json().id)).statusCode).toBe(404);
    const theirs = await hold(stranger, { scope: "campaign", target_id: c, reason: "Not theirs" });
    expect(theirs.statusCode).toBe(404);
    // Their own workspace hold does not stop this workspace's sending.
    const strangerHold = await hold(stranger, { scope: "workspace", reason: "Their stop" });
    expect(strangerHold.statusCode).toBe(201);
    await release(owner, placed.json().id);
    expect(await t.app.ctx.sending.pass(c)).toMatchObject({ sent: 1 });
    const held = await db()
      .select()
      .from(campaignMessages)
      .where(and(eq(campaignMessages.campaignId, c), eq(campaignMessages.status, "sent")));
    expect(held).toHaveLength(1);
  });
});
