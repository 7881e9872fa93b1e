/**
 * Event writers racing a lead's deletion or a sending pass, on a real database. An unsubscribe whose
 * lead is deleted after its token was read still suppresses the address (its event insert used to
 * fail on the lead's foreign key and roll the suppression back). On PostgreSQL, with a second real
 * connection playing the other transaction step by step: an open racing a lead deletion and a DSN
 * bounce racing a "sent" mark take their rows in the documented order (docs/campaigns.md, "Lock
 * order"), so neither side becomes a deadlock victim.
 */
import { and, eq, sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import { waitFor } from "../../../test/wait.ts";
import { campaignEvents, campaignMessages } from "../campaigns/campaigns.table.ts";
import { leads as leadsTable } from "../leads/leads.table.ts";
import { processInbound } from "../replies/replies.service.ts";
import { bounceReportLines } from "../replies/replies.test-helpers.ts";
import { runSendingPass } from "../sending/sending.service.ts";
import { type SmtpSink, sendingHelpers, startSmtpSink, tomorrowAt } from "../sending/sending.test-helpers.ts";

let t: TestApp;
let sink: SmtpSink;
let owner: TestUser;
let inboxId: string;
let campaignId: string;
let leads: { id: string; email: string }[];
const h = sendingHelpers(() => t);
const logged: { msg?: string; level?: number }[] = [];
const BROWSER = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const onPostgres = Boolean(process.env.DATABASE_URL);

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp(
    { JOBS: "off", TRACKING_BASE_URL: "http://localhost", OUTBOUND_ALLOWLIST: "127.0.0.1", LOG_LEVEL: "warn" },
    { work: false, logStream: { write: (line) => void logged.push(JSON.parse(line)) } },
  );
  owner = await createUser(t.database.db);
  inboxId = (await h.inbox(owner, sink.port)).id;
  leads = await h.leads(owner, 4);
  campaignId = (await h.launched(owner, { inboxIds: [inboxId], leadIds: leads.map((l) => l.id) })).id;
  await runSendingPass(h.engine(), campaignId, tomorrowAt(12));
  await sink.waitFor(4);
  // Delivered an hour ago: requests now are not "within seconds of delivery" (scanners).
  await t.database.db
    .update(campaignMessages)
    .set({ sentAt: new Date(Date.now() - 3_600_000) })
    .where(eq(campaignMessages.campaignId, campaignId));
}, 60_000);
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const mailTo = (email: string) => sink.received.find((r) => r.to.includes(email))!.mail;
const messageOf = async (leadId: string) =>
  (await t.database.db.select().from(campaignMessages).where(eq(campaignMessages.leadId, leadId)))[0]!;
const eventsOf = (messageRowId: string) => t.database.db.select().from(campaignEvents).where(eq(campaignEvents.messageId, messageRowId));
const oneClick = (email: string) => {
  const header = mailTo(email).headerLines.find((l) => l.key === "list-unsubscribe")!.line;
  const token = /\/u\/([^>]+)>/.exec(header)![1]!;
  return t.app.inject({
    method: "POST",
    url: `/u/${token}`,
    payload: "List-Unsubscribe=One-Click",
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
};
const suppressed = async (email: string) =>
  (await h.ok(owner, "GET", "/api/suppression")).entries.some((e: { email: string }) => e.email === email);
const leadExists = async (id: string) => (await t.database.db.select().from(leadsTable).where(eq(leadsTable.id, id))).length > 0;
const retriedAfterDeadlock = () => logged.filter((l) => /retried after a deadlock/.test(l.msg ?? ""));

describe("an unsubscribe racing the lead's deletion", () => {
  it("still suppresses the address when the lead is deleted after the token was read (a trigger deletes it mid-transaction)", async () => {
    const lead = leads[0]!;
    const message = await messageOf(lead.id);
    // Runs inside the unsubscribe's own transaction, after the token was read and before the event
    // is inserted: the lead is gone by the time the event refers to it, on PGlite as on PostgreSQL.
    await t.database.db.execute(sql`
      create function test_delete_lead_on_suppress() returns trigger language plpgsql as $$
      begin delete from leads where workspace_id = new.workspace_id and email = new.email; return new; end $$`);
    await t.database.db.execute(sql`
      create trigger test_delete_lead_on_suppress after insert on suppressions
      for each row execute function test_delete_lead_on_suppress()`);
    try {
      const res = await oneClick(lead.email);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toBe("Unsubscribed");
    } finally {
      await t.database.db.execute(sql`drop trigger test_delete_lead_on_suppress on suppressions`);
      await t.database.db.execute(sql`drop function test_delete_lead_on_suppress()`);
    }
    expect(await leadExists(lead.id)).toBe(false);
    expect(await suppressed(lead.email)).toBe(true);
    expect(await eventsOf(message.id)).toEqual([expect.objectContaining({ type: "unsubscribe", leadId: null, campaignId })]);
  });
});

describe.skipIf(!onPostgres)("racing another transaction step by step (PostgreSQL)", () => {
  let other: pg.Client;
  let observer: pg.Client;
  beforeAll(async () => {
    other = new pg.Client({ connectionString: t.config.DATABASE_URL });
    observer = new pg.Client({ connectionString: t.config.DATABASE_URL });
    await Promise.all([other.connect(), observer.connect()]);
  });
  afterAll(async () => {
    await Promise.all([other?.end(), observer?.end()]);
  });

  /** Until some backend of this database (not `other`) waits for a row lock. */
  async function someoneWaits() {
    const pid = (await other.query("select pg_backend_pid() as pid")).rows[0].pid;
    await waitFor(
      async () => {
        const { rows } = await observer.query(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> $1",
          [pid],
        );
        return rows[0].n > 0;
      },
      { what: "a statement waiting for a lock", timeoutMs: 15_000, intervalMs: 10 },
    );
  }
  /** Runs `other`'s statements, reporting a failure (a deadlock victim) instead of throwing. */
  async function run(statements: [string, unknown[]?][]): Promise<string | null> {
    try {
      for (const [text, values] of statements) await other.query(text, values);
      return null;
    } catch (err) {
      await other.query("rollback").catch(() => {});
      return `${(err as { code?: string }).code}: ${(err as Error).message}`;
    }
  }

  it("an unsubscribe waiting on the campaign while the lead is deleted still suppresses the address", async () => {
    const lead = leads[1]!;
    const message = await messageOf(lead.id);
    // The lead deletion's own order: the campaign FOR NO KEY UPDATE, then the lead.
    await other.query("begin");
    await other.query("select id from campaigns where id = $1 for no key update", [campaignId]);
    const answer = oneClick(lead.email);
    await someoneWaits();
    expect(await run([["delete from leads where id = $1", [lead.id]], ["commit"]])).toBeNull();
    const res = await answer;
    expect(res.statusCode, res.body).toBe(200);
    expect(await suppressed(lead.email)).toBe(true);
    expect(await eventsOf(message.id)).toEqual([expect.objectContaining({ type: "unsubscribe", leadId: null })]);
  });

  it("an open racing the lead's deletion is recorded without the lead, and neither side deadlocks", async () => {
    const lead = leads[2]!;
    const message = await messageOf(lead.id);
    const pixel = /<img src="http:\/\/localhost([^"]+)"/.exec(String(mailTo(lead.email).html))![1]!.replaceAll("&amp;", "&");
    // The deletion holds the lead; its cascade then clears the message's lead_id (a key update, so
    // it needs the message row that an open's reference check holds).
    await other.query("begin");
    await other.query("select id from campaigns where id = $1 for no key update", [campaignId]);
    await other.query("select id from leads where id = $1 for update", [lead.id]);
    const open = t.app.inject({ method: "GET", url: pixel, headers: { "user-agent": BROWSER }, remoteAddress: "203.0.113.7" });
    await someoneWaits();
    expect(await run([["delete from leads where id = $1", [lead.id]], ["commit"]])).toBeNull();
    expect((await open).statusCode).toBe(200);
    expect(await eventsOf(message.id)).toEqual([expect.objectContaining({ type: "open", leadId: null, isBot: false })]);
    expect(retriedAfterDeadlock()).toEqual([]);
    expect(logged.filter((l) => l.msg === "open not recorded")).toEqual([]);
  });

  it('a DSN bounce racing a pass\'s "sent" mark on the same outbox row waits for it instead of deadlocking', async () => {
    const lead = leads[3]!;
    const message = await messageOf(lead.id);
    const original = mailTo(lead.email);
    const dsn = await simpleParser(
      bounceReportLines({ to: "sender@outbound.test", recipient: lead.email, messageId: original.messageId }).join("\r\n"),
    );
    // The "sent" mark's order (markSent): campaign FOR SHARE, the outbox row, then the membership and the lead.
    await other.query("begin");
    await other.query("select id from campaigns where id = $1 for share", [campaignId]);
    await other.query("update campaign_messages set updated_at = now() where id = $1", [message.id]);
    const bounce = processInbound(t.app.ctx, { id: inboxId, workspaceId: owner.workspaceId }, dsn, null);
    await someoneWaits();
    const sentMark = await run([
      ["update campaign_leads set updated_at = now() where campaign_id = $1 and lead_id = $2", [campaignId, lead.id]],
      ["update leads set updated_at = now() where id = $1", [lead.id]],
      ["commit"],
    ]);
    const processed = await bounce;
    expect(sentMark, "the sent mark was a deadlock victim").toBeNull();
    expect(retriedAfterDeadlock(), "the bounce was a deadlock victim").toEqual([]);
    expect(processed).toMatchObject({ inbound: { kind: "bounce" }, messageRowId: message.id });
    const [after] = await t.database.db
      .select()
      .from(campaignMessages)
      .where(and(eq(campaignMessages.id, message.id)));
    expect(after?.status).toBe("bounced");
    expect(await suppressed(lead.email)).toBe(true);
  });
});
