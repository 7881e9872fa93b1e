/**
 * Inbox connections under the outbound rules, through the real API and real local servers:
 * private and metadata hosts refused when saved and when connecting (also when a name rebinds
 * after saving), the refusal naming OUTBOUND_ALLOWLIST; and no password in clear when a server
 * without TLS offers no STARTTLS unless the inbox explicitly allows plain connections.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import { secretBoxFor } from "../../platform/crypto.ts";
import { startDnsServer, type Zone } from "../enrichment/dns.fixtures.ts";
import type { ComposedMessage } from "../sending/sending.compose.ts";
import { sendingHelpers } from "../sending/sending.test-helpers.ts";
import { getInboxById, insertInbox } from "./inboxes.repository.ts";
import {
  type CountingSmtp,
  type ScriptedImap,
  selfSignedCert,
  startCountingSmtp,
  startScriptedImap,
  startTlsImap,
} from "./mail-servers.test-helpers.ts";

let t: TestApp;
let owner: TestUser;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
let smtp: CountingSmtp;
let internalSmtp: CountingSmtp;
let imap: ScriptedImap;
let internalImap: ScriptedImap;
const h = sendingHelpers(() => t);
const zone: Zone = {
  "metadata.rebind.test": { a: ["169.254.169.254"] },
  "relay.allowed.test": { a: ["127.0.0.1"] },
  "smtp.rebind.test": { a: ["93.184.216.34"] },
  "imap.rebind.test": { a: ["93.184.216.34"] },
};

beforeAll(async () => {
  // 127.0.0.2 stands for an internal service: loopback, but not covered by OUTBOUND_ALLOWLIST=127.0.0.1.
  [dns, smtp, internalSmtp, imap, internalImap] = await Promise.all([
    startDnsServer(zone),
    startCountingSmtp("127.0.0.1"),
    startCountingSmtp("127.0.0.2"),
    startScriptedImap({ host: "127.0.0.1" }),
    startScriptedImap({ host: "127.0.0.2" }),
  ]);
  t = await createTestApp({ JOBS: "off", OUTBOUND_ALLOWLIST: "127.0.0.1", DNS_SERVERS: dns.server }, { work: false });
  owner = await createUser(t.database.db);
});
afterAll(async () => {
  await t?.close();
  await Promise.all([dns?.close(), smtp?.close(), internalSmtp?.close(), imap?.close(), internalImap?.close()]);
});

let n = 0;
const inboxBody = (over: Record<string, unknown> = {}) => ({
  email: `sec${++n}@outbound.test`,
  smtp: { host: "127.0.0.1", port: smtp.port, secure: false, username: "sam", password: "smtp-secret-9" },
  imap: null,
  ...over,
});
/** A mail server setting of an inbox, signed in as "sam". */
const server = (host: string, port: number, password = "pw", secure = false) => ({ host, port, secure, username: "sam", password });
/** Saves an inbox through the API (201); `over` replaces fields of inboxBody(). */
const saveInbox = (over: Record<string, unknown> = {}) => h.ok(owner, "POST", "/api/inboxes", inboxBody(over), 201);
/** An inbox with a plain-text IMAP server (no TLS) and the default plain-text SMTP server. */
const plainImapInbox = () => saveInbox({ imap: server("127.0.0.1", imap.port, "imap-secret-9") });

const message = (): ComposedMessage =>
  ({
    messageId: `<sec-${Date.now()}@outbound.test>`,
    from: { name: "Sam", address: "sam@outbound.test" },
    to: "lead@prospect.test",
    toName: "",
    subject: "Hello",
    html: "<p>Hello</p>",
    text: "Hello",
    headers: {},
  }) as unknown as ComposedMessage;

describe("inbox hosts under the outbound address rules", () => {
  it.each([
    ["smtp", "169.254.169.254"],
    ["smtp", "10.0.0.5"],
    ["smtp", "127.0.0.2"],
    ["smtp", "[::1]"],
    ["smtp", "metadata.rebind.test"],
    ["imap", "192.168.1.10"],
    ["imap", "metadata.rebind.test"],
  ])("refuses to save an inbox whose %s host is %s, and says which setting allows it", async (side, host) => {
    const server = { host, port: 25, secure: false, username: "u", password: "p" };
    const res = await h.call(owner, "POST", "/api/inboxes", inboxBody({ [side]: server }));
    expect(res.statusCode, res.body).toBe(422);
    const body = res.json();
    expect(body.code).toBe("INBOX_HOST_BLOCKED");
    expect(body.detail).toContain("OUTBOUND_ALLOWLIST");
    expect(body.errors).toEqual([{ field: `${side}.host`, message: expect.stringContaining("private or reserved") }]);
    const list = await h.ok(owner, "GET", "/api/inboxes");
    expect(list.inboxes.some((i: { smtp: { host: string } | null }) => i.smtp?.host === host)).toBe(false);
  });

  it("refuses to move a saved inbox to a private host", async () => {
    const inbox = await saveInbox();
    const res = await h.call(owner, "PUT", `/api/inboxes/${inbox.id}`, {
      smtp: { host: "169.254.169.254", port: 80, secure: false, username: "" },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: "INBOX_HOST_BLOCKED", errors: [{ field: "smtp.host" }] });
    expect((await h.ok(owner, "GET", `/api/inboxes/${inbox.id}`)).smtp.host).toBe("127.0.0.1");
  });

  it("connects to an allowlisted relay, by address or by a name that resolves to it", async () => {
    const inbox = await saveInbox({
      smtp: server("relay.allowed.test", smtp.port),
      imap: server("relay.allowed.test", imap.port),
      allow_plaintext: true,
    });
    const result = await h.ok(owner, "POST", `/api/inboxes/${inbox.id}/test`);
    expect(result.smtp).toMatchObject({ ok: true });
    expect(result.imap).toMatchObject({ ok: true });
  });

  it("refuses at connect time an inbox saved before the rule (no banner, no connection)", async () => {
    const box = secretBoxFor(t.config);
    const row = await insertInbox(t.database.db, {
      workspaceId: owner.workspaceId,
      email: `legacy${++n}@outbound.test`,
      smtp: { host: "127.0.0.2", port: internalSmtp.port, secure: false, username: "sam" },
      smtpPassword: box.encrypt("pw"),
      imap: { host: "127.0.0.2", port: internalImap.port, secure: false, username: "sam" },
      imapPassword: box.encrypt("pw"),
      allowPlaintext: true,
    });
    const result = await h.ok(owner, "POST", `/api/inboxes/${row.id}/test`);
    expect(result.ok).toBe(false);
    expect(result.smtp.message).toContain("OUTBOUND_ALLOWLIST");
    expect(result.imap.message).toContain("OUTBOUND_ALLOWLIST");
    expect(result.smtp.message).not.toContain("ESMTP");
    expect(internalSmtp.connections).toBe(0);
    expect(internalImap.connections).toBe(0);
    await expect(t.app.ctx.sending.transports.deliver(row, message())).rejects.toThrow(/OUTBOUND_ALLOWLIST/);
    expect(internalSmtp.connections).toBe(0);
  });

  it("refuses a host name that resolves to a public address when saved and to an internal one when used", async () => {
    const inbox = await saveInbox({
      smtp: server("smtp.rebind.test", internalSmtp.port),
      imap: server("imap.rebind.test", internalImap.port),
      allow_plaintext: true,
    });
    zone["smtp.rebind.test"] = { a: ["127.0.0.2"] };
    zone["imap.rebind.test"] = { a: ["127.0.0.2"] };
    const result = await h.ok(owner, "POST", `/api/inboxes/${inbox.id}/test`);
    expect(result.smtp).toMatchObject({ ok: false, message: expect.stringContaining("smtp.rebind.test resolves to 127.0.0.2") });
    expect(result.imap).toMatchObject({ ok: false, message: expect.stringContaining("OUTBOUND_ALLOWLIST") });
    const row = (await getInboxById(t.database.db, inbox.id))!;
    await expect(t.app.ctx.sending.transports.deliver(row, message())).rejects.toThrow(/OUTBOUND_ALLOWLIST/);
    expect(internalSmtp.connections).toBe(0);
    expect(internalImap.connections).toBe(0);
  });
});

describe("no password in clear without TLS", () => {
  it("refuses SMTP and IMAP servers that offer no STARTTLS before any password is sent", async () => {
    const inbox = await plainImapInbox();
    expect(inbox.allow_plaintext).toBe(false);
    const logins = smtp.logins.length;
    const lines = imap.lines.length;
    const result = await h.ok(owner, "POST", `/api/inboxes/${inbox.id}/test`);
    expect(result.ok).toBe(false);
    expect(result.smtp.message).toMatch(/STARTTLS.*allow unencrypted connections/);
    expect(result.imap.message).toMatch(/STARTTLS.*allow unencrypted connections/);
    expect(smtp.logins.length).toBe(logins);
    const sent = imap.lines.slice(lines).join("\n");
    expect(sent).not.toMatch(/LOGIN|AUTHENTICATE/i);
    expect(sent).not.toContain("imap-secret-9");
    // Sending refuses the same way.
    const row = (await getInboxById(t.database.db, inbox.id))!;
    await expect(t.app.ctx.sending.transports.deliver(row, message())).rejects.toThrow(/STARTTLS/);
    expect(smtp.logins.length).toBe(logins);
  });

  it("connects in clear only once the inbox explicitly allows it", async () => {
    const inbox = await plainImapInbox();
    const updated = await h.ok(owner, "PUT", `/api/inboxes/${inbox.id}`, { allow_plaintext: true });
    expect(updated.allow_plaintext).toBe(true);
    const logins = smtp.logins.length;
    const result = await h.ok(owner, "POST", `/api/inboxes/${inbox.id}/test`);
    expect(result.smtp).toMatchObject({ ok: true });
    expect(result.imap).toMatchObject({ ok: true });
    expect(smtp.logins.slice(logins)).toEqual([{ user: "sam", password: "smtp-secret-9" }]);
  });

  it("still verifies the certificate of a TLS server reached through the guarded socket", async () => {
    const cert = selfSignedCert();
    const [tlsSmtp, tlsImap] = await Promise.all([startCountingSmtp("127.0.0.1", cert), startTlsImap(cert)]);
    try {
      const inbox = await saveInbox({
        smtp: server("relay.allowed.test", tlsSmtp.port, "tls-secret", true),
        imap: server("relay.allowed.test", tlsImap.port, "tls-secret", true),
      });
      const result = await h.ok(owner, "POST", `/api/inboxes/${inbox.id}/test`);
      expect(result.smtp).toMatchObject({ ok: false, message: expect.stringMatching(/self[- ]signed certificate/i) });
      expect(result.imap).toMatchObject({ ok: false, message: expect.stringMatching(/self[- ]signed certificate/i) });
      expect(tlsSmtp.logins).toEqual([]);
      expect(tlsImap.lines).toEqual([]);
    } finally {
      await Promise.all([tlsSmtp.close(), tlsImap.close()]);
    }
  });

  it("the local mailbox has no connection to loosen", async () => {
    const local = (await h.ok(owner, "GET", "/api/inboxes")).inboxes.find((i: { kind: string }) => i.kind === "local");
    expect(local.allow_plaintext).toBe(false);
    expect((await h.call(owner, "PUT", `/api/inboxes/${local.id}`, { allow_plaintext: true })).json()).toMatchObject({
      code: "INBOX_LOCAL_FIXED",
    });
  });
});
