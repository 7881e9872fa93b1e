/**
 * A message the SMTP server has confirmed is marked "sent" at once, not when a group of them is
 * full: while the rest of the batch hangs on the wire, the confirmed ones are already "sent" in
 * the database, so a process killed at that moment (kill -9, see the faults suite) sends none of
 * them again. Only the messages on the wire (at most HANDOFF_LANES per inbox) stay "sending".
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import { waitFor } from "../../../test/wait.ts";
import { HANDOFF_LANES } from "./sending.deliver.ts";
import { raceHelpers } from "./sending.race.test-helpers.ts";
import { type SmtpSink, startSmtpSink } from "./sending.test-helpers.ts";

let t: TestApp;
let sink: SmtpSink;
let owner: TestUser;
let inboxId: string;
const { h, insertLeads, launched, outbox } = raceHelpers(() => ({ t, sink, owner, inboxId }));

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

describe("sent marks", () => {
  it("are written as the SMTP answers come in, while the rest of the batch is still on the wire", async () => {
    const LEADS = 30;
    const CONFIRMED = 10;
    const leads = await insertLeads(LEADS, "Mark");
    const id = await launched(
      "Marks as they come",
      leads.map((l) => l.id),
      1,
    );
    let release: () => void = () => {};
    const wire = new Promise<void>((r) => {
      release = r;
    });
    // The first CONFIRMED messages get their 250; the server then keeps every later one unanswered.
    sink.afterRecord = () => (sink.received.length > CONFIRMED ? wire : Promise.resolve());
    const pass = t.app.ctx.sending.pass(id);
    try {
      await sink.waitFor(CONFIRMED + 1);
      const rows = await waitFor(
        async () => {
          const r = await outbox(id);
          return r.filter((m) => m.status === "sent").length >= CONFIRMED ? r : null;
        },
        { what: "the confirmed messages to be marked sent while the batch hangs", timeoutMs: 5_000, intervalMs: 50 },
      );
      expect(rows.filter((m) => m.status === "sent")).toHaveLength(CONFIRMED);
      // What a crash now would send again: only what is on the wire.
      expect(rows.filter((m) => m.status === "sending").length - (LEADS - sink.received.length)).toBeLessThanOrEqual(HANDOFF_LANES);
    } finally {
      sink.afterRecord = undefined;
      release();
      await pass;
    }
    const final = await outbox(id);
    expect(final.filter((m) => m.status === "sent")).toHaveLength(LEADS);
    const perRecipient = new Map<string, number>();
    for (const m of sink.received) for (const to of m.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
    for (const l of leads) expect(perRecipient.get(l.email), l.email).toBe(1);
  }, 60_000);
});
