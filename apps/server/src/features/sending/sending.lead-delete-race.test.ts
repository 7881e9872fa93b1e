/**
 * Leads deleted (bulk delete) or merged away (duplicates) while a sending pass runs over them:
 * every call answers 2xx, no (lead, step) is sent twice, a deleted lead gets nothing that was not
 * already on the wire when the delete committed, and the campaign still completes. Real SMTP (a
 * slow local sink) and a real database: on PostgreSQL the delete's cascades took memberships after
 * the lead, the opposite of the sender's order, and one of the two lost a deadlock (40P01).
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import { campaignLeads, campaignMessages } from "../campaigns/campaigns.table.ts";
import { leads } from "../leads/leads.table.ts";
import { raceHelpers, sleep } from "./sending.race.test-helpers.ts";
import { PASS_BATCH } from "./sending.service.ts";
import { type SmtpSink, startSmtpSink } from "./sending.test-helpers.ts";

let t: TestApp;
let sink: SmtpSink;
let owner: TestUser;
let inboxId: string;
const { h, db, insertLeads, launched, outbox, status, passOf, holdFirstBatch } = raceHelpers(() => ({ t, sink, owner, inboxId }));
/** When the sink took each message (by Message-ID), to compare with when a delete answered. */
const receivedAt = new Map<string, number>();
const stamp = () => {
  const m = sink.received.at(-1);
  if (m?.mail.messageId) receivedAt.set(m.mail.messageId, Date.now());
};

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

/** Passes (and the tick that completes campaigns) until the campaign is done, each checked. */
async function sendToTheEnd(campaignId: string) {
  for (let n = 0; n < 8 && (await status(campaignId)) === "active"; n++) {
    expect(await passOf(campaignId)).toBeNull();
    await t.app.ctx.sending.tick();
  }
  expect(await status(campaignId)).toBe("completed");
}

/** The sink's messages since `from`, as (recipient, subject) pairs: each (lead, step) at most once. */
function checkNoneTwice(from: number) {
  const keys = sink.received.slice(from).map((m) => `${m.to.join(",")}|${m.mail.subject}`);
  expect(keys.length - new Set(keys).size, "messages delivered twice").toBe(0);
}

describe("leads deleted or merged away while a pass sends to them", () => {
  it("bulk deletes and merges racing passes answer 2xx; deleted leads get only what was on the wire; the campaign completes", async () => {
    sink.afterRecord = async () => {
      stamp();
      await sleep(1);
    };
    for (let round = 0; round < 3; round++) {
      const first = sink.received.length;
      // Duplicates (the same address but for a +tag) of members 0-11. For 0-5 the duplicate is older,
      // so it is kept and the campaign's lead is merged away; for 6-11 the campaign's lead is kept.
      const tag = `${Date.now()}r${round}`;
      const address = (i: number, plus = "") => `race${round}m${i}-${tag}${plus}@prospect.test`;
      await insertLeads(6, `Old${round}d`, { emails: [0, 1, 2, 3, 4, 5].map((i) => address(i, "+old")), companyName: null });
      const members = await insertLeads(60, `Race${round}m`, { emails: Array.from({ length: 60 }, (_, i) => address(i)) });
      await insertLeads(6, `New${round}d`, { emails: [6, 7, 8, 9, 10, 11].map((i) => address(i, "+new")), companyName: null });
      const id = await launched(
        `Delete race ${round}`,
        members.map((m) => m.id),
        2,
      );
      // Deleted in two bulk calls at different moments of the passes (never the merge's leads).
      const doomed = [members.slice(20, 35), members.slice(40, 55)];
      // Kept by which delete answered (`which`), not by arrival: under load the second delete can
      // answer first, and its time and snapshot must not be checked against the first one's leads.
      const answers: { at: number; ids: string[]; which?: number; status: number; body: string }[] = [];
      const snapshots: Set<string>[] = [];
      const del = async (which: number, delayMs: number) => {
        await sleep(delayMs);
        const ids = (doomed[which] ?? []).map((m) => m.id);
        const res = await h.call(owner, "POST", "/api/leads/bulk-delete", { lead_ids: ids });
        answers.push({ at: Date.now(), ids, which, status: res.statusCode, body: res.body });
        // What was claimed for them before the delete committed: their rows now have no lead.
        const rows = await db()
          .select({ messageId: campaignMessages.messageId })
          .from(campaignMessages)
          .where(and(eq(campaignMessages.campaignId, id), isNull(campaignMessages.leadId)));
        snapshots[which] = new Set(rows.map((r) => r.messageId ?? ""));
      };
      const merge = async (delayMs: number) => {
        await sleep(delayMs);
        const res = await h.call(owner, "POST", "/api/leads/merge-duplicates", { dry_run: false });
        answers.push({ at: Date.now(), ids: [], status: res.statusCode, body: res.body });
      };
      const passes = (async () => {
        for (let n = 0; n < 8 && (await status(id)) === "active"; n++) {
          const err = await passOf(id);
          if (err) return err;
          await t.app.ctx.sending.tick();
        }
        return null;
      })();
      const spread = round * 7;
      await Promise.all([del(0, 5 + spread), merge(15 + spread), del(1, 30 + spread)]);
      expect(await passes).toBeNull();
      for (const a of answers) expect(a.status, a.body).toBeGreaterThanOrEqual(200);
      for (const a of answers) expect(a.status, a.body).toBeLessThan(300);
      await sendToTheEnd(id);

      checkNoneTwice(first);
      const received = sink.received.slice(first);
      // A deleted lead's mail after its delete answered must have been claimed (its row "sending") before.
      for (const a of answers.filter((x) => x.ids.length)) {
        const i = a.which ?? -1;
        const addresses = new Set((doomed[i] ?? []).map((m) => m.email));
        const late = received.filter((m) => m.to.some((to) => addresses.has(to)) && (receivedAt.get(m.mail.messageId ?? "") ?? 0) > a.at);
        expect(
          late.filter((m) => !snapshots[i]?.has(m.mail.messageId ?? "")),
          "mail claimed for a deleted lead after its delete",
        ).toEqual([]);
      }
      // Every delivered message is recorded as sent once, also those whose lead is gone.
      const rows = await outbox(id);
      expect(rows.filter((m) => m.status === "sent")).toHaveLength(received.length);
      expect(rows.filter((m) => m.status === "queued" || m.status === "sending")).toEqual([]);
      // The deleted leads are gone with their memberships; the survivors got both steps.
      const doomedIds = doomed.flat().map((m) => m.id);
      expect(await db().select().from(leads).where(inArray(leads.id, doomedIds))).toEqual([]);
      const survivors = members.slice(12).filter((m) => !doomedIds.includes(m.id));
      for (const m of survivors)
        expect(
          received.filter((r) => r.to.includes(m.email)),
          m.email,
        ).toHaveLength(2);
    }
    sink.afterRecord = undefined;
  });

  it("a claimed batch whose leads are deleted before it reaches SMTP drops them; the ones on the wire are still recorded", async () => {
    const BIG = PASS_BATCH + 10;
    const members = await insertLeads(BIG, "Batch");
    const id = await launched(
      "Two batches, leads deleted",
      members.map((m) => m.id),
      1,
    );
    const { pass, first, release } = await holdFirstBatch(id, BIG);
    // The second batch is the last ten by lead id (all were due at the same time).
    const byId = [...members].sort((a, b) => a.id.localeCompare(b.id));
    const second = byId.slice(PASS_BATCH);
    const onTheWire = new Set(sink.received.slice(first).flatMap((m) => m.to));
    const firstBatch = byId.slice(0, PASS_BATCH).filter((m) => !onTheWire.has(m.email));
    const doomed = [...second.slice(0, 5), ...firstBatch.slice(0, 5)];
    const res = await h.call(owner, "POST", "/api/leads/bulk-delete", { lead_ids: doomed.map((m) => m.id) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().succeeded).toHaveLength(10);
    release();
    expect(await pass).toBeNull();
    sink.afterRecord = undefined;
    const to = new Set(sink.received.slice(first).flatMap((m) => m.to));
    expect(
      second.slice(0, 5).filter((m) => to.has(m.email)),
      "second-batch leads deleted before it went out",
    ).toEqual([]);
    expect(second.slice(5).filter((m) => !to.has(m.email))).toEqual([]);
    // The first batch was handed to SMTP before the delete: it went, and is recorded as sent.
    expect(firstBatch.slice(0, 5).filter((m) => !to.has(m.email))).toEqual([]);
    expect(sink.received.length - first).toBe(BIG - 5);
    const rows = await outbox(id);
    expect(rows.filter((m) => m.status === "sent")).toHaveLength(BIG - 5);
    expect(rows).toHaveLength(BIG - 5);
    await t.app.ctx.sending.tick();
    expect(await status(id)).toBe("completed");
    checkNoneTwice(first);
    const members2 = await db().select().from(campaignLeads).where(eq(campaignLeads.campaignId, id));
    expect(members2).toHaveLength(BIG - 10);
  });
});
