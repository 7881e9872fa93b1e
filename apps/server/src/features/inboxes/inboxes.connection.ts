/**
 * Talking to an inbox's servers: nodemailer and imapflow options from a stored row (passwords
 * decrypted only here), and the connection test behind POST /api/inboxes/{id}/test. Every
 * connection goes through the outbound address guard (the fetcher's private-address rule and
 * OUTBOUND_ALLOWLIST), checked when the socket is opened, so a host name that later resolves to
 * an internal address is refused too; without TLS from the start, STARTTLS is required unless the
 * inbox allows plain connections.
 */
import type { ConnectionCheck, InboxTestResult } from "@prospector/contracts";
import { ImapFlow, type ImapFlowOptions } from "imapflow";
import nodemailer from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport/index.js";
import type { SecretBox } from "../../platform/crypto.ts";
import { AppError } from "../../platform/errors.ts";
import { type AddressGuard, SafeFetchError } from "../../platform/safe-fetch.ts";
import type { InboxRow } from "./inboxes.repository.ts";
import type { ServerSettings } from "./inboxes.table.ts";

/** Bounded waits: a stuck server must not hold a message in "sending" past its lease. */
const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

/** Largest IMAP literal (one message's source) a server may send before the connection is dropped. */
export const IMAP_MAX_LITERAL_BYTES = 32 * 1024 * 1024;

/**
 * At save time: a host that is, or resolves to, a refused address is refused with the field it
 * came from. A name that does not resolve (yet) is kept: the check at connect time still applies.
 */
export async function assertHostsAllowed(guard: AddressGuard, servers: { field: string; host: string }[]): Promise<void> {
  for (const { field, host } of servers) {
    try {
      await guard.check(host);
    } catch (err) {
      if (err instanceof SafeFetchError && err.reason === "blocked_address") {
        const message = `${err.message} (a server setting, for a mail relay on your own network)`;
        throw new AppError("INBOX_HOST_BLOCKED", message, { errors: [{ field, message }] });
      }
      if (!(err instanceof SafeFetchError)) throw err;
    }
  }
}

export function openPassword(box: SecretBox, sealed: string | null): string {
  if (!sealed) return "";
  try {
    return box.decrypt(sealed);
  } catch {
    throw new AppError("INBOX_CREDENTIALS_UNREADABLE");
  }
}

export function smtpOptions(
  row: InboxRow,
  box: SecretBox,
  guard: AddressGuard,
  opts: { pool?: boolean } = {},
): SMTPTransport.Options & { pool?: boolean } {
  const s = row.smtp as ServerSettings;
  const pass = openPassword(box, row.smtpPassword);
  return {
    host: s.host,
    port: s.port,
    secure: s.secure,
    // nodemailer would otherwise carry on in clear when the server's STARTTLS is missing (or stripped).
    ...(s.secure || row.allowPlaintext ? {} : { requireTLS: true }),
    ...(s.username ? { auth: { user: s.username, pass } } : {}),
    ...TIMEOUTS,
    ...(opts.pool ? { pool: true, maxConnections: 5, maxMessages: 1000 } : {}),
    // Every connection (the pool opens more later) dials an address the guard has just checked;
    // nodemailer then does TLS on that socket with the host name for SNI and the certificate.
    getSocket: (_options, cb) => {
      guard.connect(s.host, s.port, TIMEOUTS.connectionTimeout).then(
        (connection) => cb(null, { connection }),
        (err: Error) => cb(err, false),
      );
    },
  };
}

export function imapOptions(row: InboxRow, box: SecretBox, guard: AddressGuard): ImapFlowOptions {
  const s = row.imap as ServerSettings;
  // net.connect does not call `lookup` for an IP literal: those are checked here (throws).
  guard.checkLiteral(s.host);
  return {
    host: s.host,
    port: s.port,
    secure: s.secure,
    ...(s.secure || row.allowPlaintext ? {} : { doSTARTTLS: true }),
    tls: { lookup: guard.lookup },
    auth: { user: s.username, pass: openPassword(box, row.imapPassword) },
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: TIMEOUTS.connectionTimeout,
    greetingTimeout: TIMEOUTS.greetingTimeout,
    socketTimeout: TIMEOUTS.socketTimeout,
    maxLiteralSize: IMAP_MAX_LITERAL_BYTES,
    maxResponseSize: 2 * IMAP_MAX_LITERAL_BYTES,
  };
}

const PLAIN_HINT =
  "the server offers no STARTTLS, so the password would travel unencrypted: use TLS from the start (ports 465/993), or allow unencrypted connections for this inbox";

/** A server's own words are more useful than a generic failure ("535 Authentication failed"). */
export function describeConnectionError(err: unknown): string {
  const e = err as {
    response?: string;
    responseText?: string;
    code?: string;
    message?: string;
    authenticationFailed?: boolean;
    tlsFailed?: boolean;
    command?: string;
  };
  if (e.authenticationFailed) return `Login refused: ${e.responseText ?? e.response ?? "wrong username or password"}`;
  if (e.tlsFailed || (e.code === "ETLS" && e.command === "STARTTLS") || /required STARTTLS/.test(e.message ?? "")) {
    return `Refused: ${PLAIN_HINT}`;
  }
  return (e.response ?? e.responseText ?? e.message ?? String(err)).slice(0, 300);
}

async function timed(run: () => Promise<string>): Promise<ConnectionCheck> {
  const started = performance.now();
  try {
    const message = await run();
    return { ok: true, message, duration_ms: Math.round(performance.now() - started) };
  } catch (err) {
    return { ok: false, message: describeConnectionError(err), duration_ms: Math.round(performance.now() - started) };
  }
}

export async function testConnections(row: InboxRow, box: SecretBox, guard: AddressGuard): Promise<InboxTestResult> {
  const smtp = await timed(async () => {
    const transport = nodemailer.createTransport(smtpOptions(row, box, guard));
    try {
      await transport.verify();
      return `Connected to ${row.smtp?.host}:${row.smtp?.port}${row.smtp?.username ? " and signed in" : ""}`;
    } finally {
      transport.close();
    }
  });
  const imap = row.imap
    ? await timed(async () => {
        const client = new ImapFlow(imapOptions(row, box, guard));
        client.on("error", () => {});
        await client.connect();
        try {
          const box = await client.mailboxOpen("INBOX", { readOnly: true });
          return `Signed in to ${row.imap?.host}:${row.imap?.port}; INBOX holds ${box.exists} messages`;
        } finally {
          await client.logout().catch(() => {});
        }
      })
    : null;
  return { ok: smtp.ok && (imap?.ok ?? true), smtp, imap };
}
