/**
 * The IMAP poller's limits against real servers: dovecot holding an oversized message, and a
 * server that accepts the connection and never answers. An oversized message is skipped (the
 * cursor moves past it, later mail is still read); a stalling server costs its inbox one time
 * budget and does not hold up the other inboxes of the round.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import { waitFor } from "../../../test/wait.ts";
import { getInboxById } from "../inboxes/inboxes.repository.ts";
import { type ScriptedImap, startScriptedImap } from "../inboxes/mail-servers.test-helpers.ts";
import { sendingHelpers } from "../sending/sending.test-helpers.ts";
import { type Dovecot, dovecotAvailable, startDovecot } from "./dovecot.test-server.ts";
import { pollDueInboxes, pollInbox } from "./replies.poller.ts";

const BIG = { user: "big@outbound.test", password: "imap-pass-big" };
const FAST = { user: "fast@outbound.test", password: "imap-pass-fast" };

const email = (subject: string, body = "Thanks, talk soon.") =>
  [
    "From: Lead <lead@prospect.test>",
    `To: ${BIG.user}`,
    `Subject: ${subject}`,
    `Message-ID: <${subject.replaceAll(" ", "-")}-${Date.now()}@prospect.test>`,
    `Date: ${new Date().toUTCString()}`,
    "",
    body,
  ].join("\r\n");

describe.skipIf(!dovecotAvailable())("IMAP poller limits", () => {
  let t: TestApp;
  let dovecot: Dovecot;
  let silent: ScriptedImap;
  let owner: TestUser;
  const h = sendingHelpers(() => t);
  const imap = (port: number, u: { user: string; password: string }) => ({
    host: "127.0.0.1",
    port,
    secure: false,
    username: u.user,
    password: u.password,
  });

  beforeAll(async () => {
    [dovecot, silent] = await Promise.all([startDovecot([BIG, FAST]), startScriptedImap({ mode: "silent" })]);
    t = await createTestApp({ JOBS: "off", OUTBOUND_ALLOWLIST: "127.0.0.1" }, { work: false });
    owner = await createUser(t.database.db);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await Promise.all([dovecot?.close(), silent?.close()]);
  });

  it("skips a message over the size limit without reading it, and reads the mail around it", async () => {
    const inbox = await h.inbox(owner, 2525, { email: BIG.user, imap: imap(dovecot.port, BIG) });
    await dovecot.append(BIG.user, BIG.password, email("before"));
    await dovecot.append(BIG.user, BIG.password, email("huge attachment", "x".repeat(76).concat("\r\n").repeat(4000)));
    await dovecot.append(BIG.user, BIG.password, email("after"));
    const row = (await getInboxById(t.database.db, inbox.id))!;
    const results = await pollInbox(t.app.ctx, h.engine().box, row, { maxMessageBytes: 100_000 });
    expect(results).toHaveLength(2);
    const after = (await getInboxById(t.database.db, inbox.id))!;
    expect(after.imapLastUid).toBe(3);
    expect(after.imapError).toBeNull();
    // The skipped message is not read again on the next poll.
    expect(await pollInbox(t.app.ctx, h.engine().box, after, { maxMessageBytes: 100_000 })).toEqual([]);
  });

  it("skips a message whose body is far larger than the server said, instead of reading it or retrying it forever", async () => {
    const liar = await startScriptedImap({ mode: "liar" });
    try {
      const inbox = await h.inbox(owner, 2525, { imap: imap(liar.port, { user: "liar", password: "x" }) });
      const results = await pollInbox(t.app.ctx, h.engine().box, (await getInboxById(t.database.db, inbox.id))!);
      expect(results).toEqual([]);
      const after = (await getInboxById(t.database.db, inbox.id))!;
      expect(after.imapLastUid).toBe(1);
      expect(after.imapError).toMatch(/larger than the server announced/);
      // The next poll starts after it: UID 1 is not fetched again and the inbox reads cleanly.
      const before = liar.lines.length;
      await pollInbox(t.app.ctx, h.engine().box, after);
      expect(liar.lines.slice(before).filter((l) => /FETCH 1 /i.test(l))).toEqual([]);
      expect((await getInboxById(t.database.db, inbox.id))?.imapError).toBeNull();
    } finally {
      await liar.close();
    }
  });

  it("gives a stalling server one time budget while the other inboxes are read", async () => {
    const stalled = await h.inbox(owner, 2525, { imap: imap(silent.port, { user: "nobody", password: "x" }) });
    const fast = await h.inbox(owner, 2525, { email: FAST.user, imap: imap(dovecot.port, FAST) });
    await dovecot.append(FAST.user, FAST.password, email("quick answer").replace(BIG.user, FAST.user));

    let settled = false;
    const round = pollDueInboxes(t.app.ctx, h.engine().box, { budgetMs: 4_000 }).finally(() => {
      settled = true;
    });
    // The fast inbox is read while the stalled one still holds its connection.
    const read = await waitFor(
      async () => {
        const row = (await getInboxById(t.database.db, fast.id))!;
        return row.imapLastUid === 1 ? row : null;
      },
      { what: "the fast inbox read up to UID 1", timeoutMs: 10_000 },
    );
    expect(read.imapLastUid).toBe(1);
    expect(settled).toBe(false);
    expect(silent.connections).toBeGreaterThanOrEqual(1);

    expect(await round).toBeGreaterThanOrEqual(2);
    const detail = await h.ok(owner, "GET", `/api/inboxes/${stalled.id}`);
    expect(detail.imap_status.error).toMatch(/stopped after 4 s/);
    expect((await h.ok(owner, "GET", `/api/inboxes/${fast.id}`)).imap_status.error).toBeNull();
  }, 20_000);
});
