/**
 * A stop or pause that lands while a sending pass is in flight (before its claim, inside it, with
 * the batch on the wire, while sends are marked) answers 200; once it has committed the pass claims
 * nothing more, and what reaches the SMTP server is only what was claimed before it. A claimed
 * batch that had not yet gone to SMTP is dropped (stop) or held back and sent once after a resume
 * (pause). Real SMTP (a slow local sink) and a real database: on PostgreSQL a stop racing the
 * pass's claim was a lock-order deadlock (40P01) answered with a 500.
 */
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import { campaignLeads, campaignMessages } from "../campaigns/campaigns.table.ts";
import { raceHelpers, sleep } from "./sending.race.test-helpers.ts";
import { PASS_BATCH } from "./sending.service.ts";
import { type SmtpSink, startSmtpSink } from "./sending.test-helpers.ts";

let t: TestApp;
let sink: SmtpSink;
let owner: TestUser;
let inboxId: string;
const { h, db, insertLeads, launched, outbox, status, passOf, holdFirstBatch } = raceHelpers(() => ({ t, sink, owner, inboxId }));
/** The sink answers each message after this long, so a batch stays on the wire for a while. */
const slowSink = () => sleep(2);

const RACE_LEADS = 60;
let raceLeads: string[] = [];
const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ JOBS: "off", OUTBOUND_ALLOWLIST: "127.0.0.1" }, { work: false });
  owner = await createUser(t.database.db);
  inboxId = (await h.inbox(owner, sink.port, { daily_limit: 10_000 })).id;
  raceLeads = ids(await insertLeads(RACE_LEADS, "Race"));
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

/** When the stop or pause is sent: after a delay from the start of the pass, or when the sink has taken the n-th message. */
type Trigger = { afterMs: number } | { atMessage: number };

/**
 * Starts a pass, sends `action` at the trigger, waits for both. Returns the outbox as it was just
 * after the action answered, the outbox once the pass is over, and the messages the sink took.
 */
async function race(campaignId: string, action: "stop" | "pause", trigger: Trigger) {
  const first = sink.received.length;
  const sent: { call?: ReturnType<typeof h.call> } = {};
  const fire = () => {
    sent.call ??= h.call(owner, "POST", `/api/campaigns/${campaignId}/${action}`);
  };
  sink.afterRecord =
    "atMessage" in trigger
      ? async () => {
          if (sink.received.length - first >= trigger.atMessage) fire();
          await slowSink();
        }
      : slowSink;
  const pass = passOf(campaignId);
  if ("afterMs" in trigger) await sleep(trigger.afterMs);
  else {
    const fired = (async () => {
      while (!sent.call) await sleep(2);
    })();
    await Promise.race([pass, fired]);
  }
  fire();
  const res = await (sent.call as ReturnType<typeof h.call>);
  const atAction = await outbox(campaignId);
  const passError = await pass;
  sink.afterRecord = undefined;
  return {
    action,
    res,
    passError,
    atAction,
    after: await outbox(campaignId),
    received: sink.received.slice(first).map((m) => m.mail.messageId),
  };
}

/** What must hold after any race: the action answered 200, the pass did not fail, nothing new was claimed or sent. */
function checkRace(label: string, r: Awaited<ReturnType<typeof race>>) {
  expect(r.res.statusCode, `${label}: ${r.res.body}`).toBe(200);
  expect(r.passError, label).toBeNull();
  const before = new Set(r.atAction.map((m) => m.id));
  expect(
    r.after.filter((m) => !before.has(m.id)),
    `${label}: outbox rows claimed after the ${r.action} committed`,
  ).toEqual([]);
  const claimed = new Set(r.atAction.map((m) => m.messageId));
  expect(
    r.received.filter((id) => !claimed.has(id ?? "")),
    `${label}: messages sent that were not claimed before the ${r.action}`,
  ).toEqual([]);
  expect(new Set(r.received).size, `${label}: a message went twice`).toBe(r.received.length);
  expect(r.after.filter((m) => m.status === "sent").length, `${label}: every delivered message is marked sent`).toBe(r.received.length);
}

/** How long a pass over the race leads takes to commit its claim here, so the timed stops cover it on a slow machine too. */
let claimMs = 150;

describe("stop and pause racing an in-flight sending pass", () => {
  beforeAll(async () => {
    const id = await launched("Warm-up", raceLeads, 2);
    sink.afterRecord = slowSink;
    const started = Date.now();
    const pass = passOf(id);
    while ((await outbox(id)).length === 0 && Date.now() - started < 5_000) await sleep(3);
    claimMs = Math.max(20, Date.now() - started);
    expect(await pass).toBeNull();
    sink.afterRecord = undefined;
    await h.ok(owner, "POST", `/api/campaigns/${id}/stop`);
  });

  it("a stop at any moment of the pass answers 200, and the pass claims and sends nothing after it", async () => {
    const triggers: Trigger[] = [
      ...Array.from({ length: 9 }, (_, i) => ({ afterMs: Math.round((claimMs * (i + 2)) / 10) })),
      { atMessage: 1 },
      { atMessage: 20 },
      { atMessage: 45 },
      { atMessage: RACE_LEADS },
    ];
    for (const [i, trigger] of triggers.entries()) {
      const id = await launched(`Stop race ${i}`, raceLeads, 2);
      const r = await race(id, "stop", trigger);
      checkRace(`stop ${JSON.stringify(trigger)}`, r);
      expect(await status(id)).toBe("stopped");
      // Every lead is out of the sequence, and none is left with a next send time by a late "sent" mark.
      const members = await db().select().from(campaignLeads).where(eq(campaignLeads.campaignId, id));
      expect(
        members.filter((m) => m.state === "queued" || m.state === "in_progress"),
        "leads still in the sequence",
      ).toEqual([]);
      expect(
        members.filter((m) => m.nextSendAt !== null),
        "stopped leads given a next send time",
      ).toEqual([]);
      // Nothing claimed is left in flight: rows are sent, or (claimed but never handed over) gone.
      expect(
        r.after.filter((m) => m.status === "sending" || m.status === "queued"),
        "outbox rows left to send",
      ).toEqual([]);
    }
  });

  it("a pause at any moment of the pass answers 200; after a resume every lead gets each step exactly once", async () => {
    const triggers: Trigger[] = [
      { afterMs: Math.round(claimMs * 0.5) },
      { afterMs: Math.round(claimMs * 0.9) },
      { afterMs: claimMs },
      { atMessage: 1 },
      { atMessage: 45 },
    ];
    for (const [i, trigger] of triggers.entries()) {
      const id = await launched(`Pause race ${i}`, raceLeads, 2);
      const first = sink.received.length;
      const r = await race(id, "pause", trigger);
      checkRace(`pause ${JSON.stringify(trigger)}`, r);
      expect(await status(id)).toBe("paused");
      await h.ok(owner, "POST", `/api/campaigns/${id}/resume`);
      for (let n = 0; n < 6 && (await status(id)) === "active"; n++) {
        await t.app.ctx.sending.pass(id);
        await t.app.ctx.sending.tick();
      }
      expect(await status(id)).toBe("completed");
      const rows = await outbox(id);
      expect(rows.filter((m) => m.status !== "sent")).toEqual([]);
      expect(rows).toHaveLength(RACE_LEADS * 2);
      const received = sink.received.slice(first).map((m) => m.mail.messageId);
      expect(new Set(received).size, "each (lead, step) delivered once").toBe(RACE_LEADS * 2);
      expect(received).toHaveLength(RACE_LEADS * 2);
    }
  });
});

describe("a claimed batch that has not reached SMTP when the campaign stops or pauses", () => {
  // Two batches: the first is held on the wire, the second is claimed meanwhile; then the action.
  const BIG = PASS_BATCH + 10;
  let bigLeads: string[] = [];
  beforeAll(async () => {
    bigLeads = ids(await insertLeads(BIG, "Batch"));
  });

  async function twoBatches(name: string, action: "stop" | "pause") {
    const id = await launched(name, bigLeads, 1);
    const { pass, first, release } = await holdFirstBatch(id, BIG);
    await h.ok(owner, "POST", `/api/campaigns/${id}/${action}`);
    release();
    expect(await pass).toBeNull();
    sink.afterRecord = undefined;
    return { id, received: sink.received.slice(first).map((m) => m.mail.messageId) };
  }

  it("stop: the first batch finishes, the second is never sent and leaves the outbox", async () => {
    const { id, received } = await twoBatches("Two batches, stopped", "stop");
    const rows = await outbox(id);
    expect(received).toHaveLength(PASS_BATCH);
    expect(rows.filter((m) => m.status === "sent")).toHaveLength(PASS_BATCH);
    expect(rows, "the held batch's rows are dropped").toHaveLength(PASS_BATCH);
    expect(new Set(received)).toEqual(new Set(rows.map((m) => m.messageId)));
  });

  it("pause: the second batch waits in the outbox as retries and goes exactly once after the resume", async () => {
    const { id, received } = await twoBatches("Two batches, paused", "pause");
    expect(received).toHaveLength(PASS_BATCH);
    const held = await db()
      .select()
      .from(campaignMessages)
      .where(and(eq(campaignMessages.campaignId, id), eq(campaignMessages.status, "queued")));
    expect(held).toHaveLength(10);
    expect(held[0]?.error).toMatch(/paused before this message went out/);
    expect(held.every((m) => m.attempts === 0)).toBe(true);
    // While paused nothing goes; after the resume the held ones do, once.
    expect(await t.app.ctx.sending.pass(id)).toMatchObject({ sent: 0 });
    await h.ok(owner, "POST", `/api/campaigns/${id}/resume`);
    const before = sink.received.length;
    await t.app.ctx.sending.pass(id);
    const again = sink.received.slice(before).map((m) => m.mail.messageId);
    expect(new Set(again)).toEqual(new Set(held.map((m) => m.messageId)));
    const sentHeld = await db()
      .select()
      .from(campaignMessages)
      .where(
        and(
          inArray(
            campaignMessages.id,
            held.map((m) => m.id),
          ),
          isNotNull(campaignMessages.sentAt),
        ),
      );
    expect(sentHeld).toHaveLength(10);
    await h.ok(owner, "POST", `/api/campaigns/${id}/stop`);
  });
});
