/**
 * Exactly-once under a crash: a real worker process (`npm run worker`) sends a campaign over SMTP
 * against PostgreSQL and is killed with SIGKILL while the SMTP server holds messages it has received
 * but not yet confirmed. A second worker then finishes the campaign: every lead gets its email
 * (nothing skipped) and only messages that were on the wire at the kill can arrive twice.
 */
import type { ChildProcess } from "node:child_process";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser } from "../../../test/factories.ts";
import { startWorker } from "../../../test/processes.ts";
import { waitFor } from "../../../test/wait.ts";
import { campaignMessages } from "../campaigns/campaigns.table.ts";
import { inWindow } from "./send-window.ts";
import { DELIVERY_CHUNK } from "./sending.deliver.ts";
import { type SmtpSink, sendingHelpers, startSmtpSink } from "./sending.test-helpers.ts";

const LEADS = 120;

describe.skipIf(!process.env.DATABASE_URL)("crash and restart (PostgreSQL, worker processes)", () => {
  let t: TestApp;
  let sink: SmtpSink;
  const workers: ChildProcess[] = [];
  const h = sendingHelpers(() => t);

  afterAll(async () => {
    for (const w of workers) if (w.exitCode === null && w.signalCode === null) w.kill("SIGKILL");
    await t?.close();
    await sink?.close();
  });

  it("skips nothing and repeats at most the in-flight messages after kill -9", async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ JOBS: "off", OUTBOUND_ALLOWLIST: "127.0.0.1" }, { work: false });
    const owner = await createUser(t.database.db);
    const inbox = await h.inbox(owner, sink.port, { daily_limit: 1000, min_gap_seconds: 0 });
    const leads = await h.leads(owner, LEADS);
    // Any zone whose clock is not in its last minute of the day: the window is open now.
    const timezone = ["UTC", "Asia/Tokyo"].find((tz) => inWindow({ ...h.ALWAYS, timezone: tz }, new Date(Date.now() + 120_000))) as string;
    const c = await h.launched(owner, {
      inboxIds: [inbox.id],
      leadIds: leads.map((l) => l.id),
      body: { schedule: { ...h.ALWAYS, timezone } },
    });

    // The SMTP server keeps every message after the 70th without answering: received, not confirmed.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    sink.afterRecord = () => (sink.received.length > 70 ? held : Promise.resolve());
    const env = {
      DATABASE_URL: t.config.DATABASE_URL,
      AUTH_SECRET: t.config.AUTH_SECRET,
      DATA_DIR: t.config.dataDir,
      SEND_LEASE_SECONDS: "2",
      OUTBOUND_ALLOWLIST: "127.0.0.1",
      LOG_LEVEL: "warn",
    };
    const first = startWorker(env);
    workers.push(first.child);
    await waitFor(() => sink.received.length > 70, { what: "the first worker to deliver", timeoutMs: 60_000 }).catch((err: Error) => {
      throw new Error(`${err.message}\n${first.output()}`);
    });
    await new Promise((r) => setTimeout(r, 500));
    const rows = await t.database.db.select().from(campaignMessages).where(eq(campaignMessages.campaignId, c.id));
    const sendingAtKill = rows.filter((r) => r.status === "sending").length;
    const deliveredAtKill = sink.received.length;
    first.child.kill("SIGKILL");
    await new Promise((r) => first.child.once("exit", r));
    expect(sendingAtKill, "messages committed as sending, not confirmed").toBeGreaterThan(0);
    sink.afterRecord = undefined;
    release();

    const second = startWorker(env);
    workers.push(second.child);
    await waitFor(
      async () => {
        const all = await t.database.db
          .select()
          .from(campaignMessages)
          .where(and(eq(campaignMessages.campaignId, c.id), eq(campaignMessages.status, "sent")));
        return all.length === LEADS;
      },
      { what: "the second worker to finish", timeoutMs: 60_000, intervalMs: 200 },
    ).catch((err: Error) => {
      throw new Error(`${err.message}\n${second.output()}`);
    });
    second.child.kill("SIGTERM");

    // Nothing skipped: every lead got its email.
    const recipients = sink.received.map((r) => r.to[0]);
    for (const l of leads) expect(recipients, l.email).toContain(l.email);
    // At most the messages on the wire at the kill arrived twice.
    const repeats = sink.received.length - LEADS;
    expect(repeats).toBeGreaterThanOrEqual(0);
    expect(repeats).toBeLessThanOrEqual(Math.min(sendingAtKill, DELIVERY_CHUNK));
    expect(deliveredAtKill).toBeLessThan(LEADS);
    // One outbox row per (campaign, lead, step), all sent.
    const final = await t.database.db.select().from(campaignMessages).where(eq(campaignMessages.campaignId, c.id));
    expect(final).toHaveLength(LEADS);
    expect(final.every((r) => r.status === "sent")).toBe(true);
  }, 150_000);
});
