/**
 * A pass keeps the lease of the messages it claimed for as long as it runs: a slow SMTP server that
 * holds a batch longer than SEND_LEASE_SECONDS must not let another process's tick
 * (recoverInterrupted) take the live messages for a crash's and queue them again, which sent them
 * twice once the next pass ran. (Found while building the kill -9 fault suite.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import { raceHelpers } from "./sending.race.test-helpers.ts";
import { recoverInterrupted } from "./sending.repository.ts";
import { type SmtpSink, startSmtpSink } from "./sending.test-helpers.ts";

let t: TestApp;
let sink: SmtpSink;
let owner: TestUser;
let inboxId: string;
const { h, insertLeads, launched, outbox } = raceHelpers(() => ({ t, sink, owner, inboxId }));

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ JOBS: "off", OUTBOUND_ALLOWLIST: "127.0.0.1", SEND_LEASE_SECONDS: "1" }, { work: false });
  owner = await createUser(t.database.db);
  inboxId = (await h.inbox(owner, sink.port, { daily_limit: 10_000 })).id;
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

describe("the sending lease", () => {
  it("is renewed while a slow SMTP server holds the batch, so no tick queues live messages again", async () => {
    const LEADS = 12;
    const leads = await insertLeads(LEADS, "Lease");
    const id = await launched(
      "Slow server",
      leads.map((l) => l.id),
      1,
    );
    // The server answers the first two, then holds every message for 3 s: three leases long.
    sink.afterRecord = () => (sink.received.length > 2 ? new Promise((r) => setTimeout(r, 3_000)) : Promise.resolve());
    const pass = t.app.ctx.sending.pass(id);
    let requeued = 0;
    try {
      await sink.waitFor(3);
      // Another process's ticks while the batch hangs on the wire.
      for (let i = 0; i < 6; i++) {
        await new Promise((r) => setTimeout(r, 500));
        requeued += await recoverInterrupted(t.database.db, 1, new Date());
      }
    } finally {
      sink.afterRecord = undefined;
      await pass;
    }
    expect(requeued, "live messages taken for a crash's").toBe(0);
    // Whatever a later pass finds, it sends nothing twice.
    await t.app.ctx.sending.pass(id);
    const final = await outbox(id);
    expect(final.filter((m) => m.status === "sent")).toHaveLength(LEADS);
    const perRecipient = new Map<string, number>();
    for (const m of sink.received) for (const to of m.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
    for (const l of leads) expect(perRecipient.get(l.email), l.email).toBe(1);
  }, 90_000);
});
