/**
 * Talking to an inbox's servers: nodemailer and imapflow options from a stored row (passwords
 * decrypted only here), and the connection test behind POST /api/inboxes/{id}/test.
 */
import type { ConnectionCheck, InboxTestResult } from "@prospector/contracts";
import { ImapFlow, type ImapFlowOptions } from "imapflow";
import nodemailer from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport/index.js";
import type { SecretBox } from "../../platform/crypto.ts";
import { AppError } from "../../platform/errors.ts";
import type { InboxRow } from "./inboxes.repository.ts";
import type { ServerSettings } from "./inboxes.table.ts";

/** Bounded waits: a stuck server must not hold a message in "sending" past its lease. */
const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

export function openPassword(box: SecretBox, sealed: string | null): string {
  if (!sealed) return "";
  try {
    return box.decrypt(sealed);
  } catch {
    throw new AppError("INBOX_CREDENTIALS_UNREADABLE");
  }
}

export function smtpOptions(row: InboxRow, box: SecretBox, opts: { pool?: boolean } = {}): SMTPTransport.Options & { pool?: boolean } {
  const s = row.smtp as ServerSettings;
  const pass = openPassword(box, row.smtpPassword);
  return {
    host: s.host,
    port: s.port,
    secure: s.secure,
    ...(s.username ? { auth: { user: s.username, pass } } : {}),
    ...TIMEOUTS,
    ...(opts.pool ? { pool: true, maxConnections: 5, maxMessages: 1000 } : {}),
  };
}

export function imapOptions(row: InboxRow, box: SecretBox): ImapFlowOptions {
  const s = row.imap as ServerSettings;
  return {
    host: s.host,
    port: s.port,
    secure: s.secure,
    auth: { user: s.username, pass: openPassword(box, row.imapPassword) },
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: TIMEOUTS.connectionTimeout,
    greetingTimeout: TIMEOUTS.greetingTimeout,
    socketTimeout: TIMEOUTS.socketTimeout,
  };
}

/** A server's own words are more useful than a generic failure ("535 Authentication failed"). */
function describe(err: unknown): string {
  const e = err as { response?: string; responseText?: string; code?: string; message?: string; authenticationFailed?: boolean };
  if (e.authenticationFailed) return `Login refused: ${e.responseText ?? e.response ?? "wrong username or password"}`;
  return (e.response ?? e.responseText ?? e.message ?? String(err)).slice(0, 300);
}

async function timed(run: () => Promise<string>): Promise<ConnectionCheck> {
  const started = performance.now();
  try {
    const message = await run();
    return { ok: true, message, duration_ms: Math.round(performance.now() - started) };
  } catch (err) {
    return { ok: false, message: describe(err), duration_ms: Math.round(performance.now() - started) };
  }
}

export async function testConnections(row: InboxRow, box: SecretBox): Promise<InboxTestResult> {
  const smtp = await timed(async () => {
    const transport = nodemailer.createTransport(smtpOptions(row, box));
    try {
      await transport.verify();
      return `Connected to ${row.smtp?.host}:${row.smtp?.port}${row.smtp?.username ? " and signed in" : ""}`;
    } finally {
      transport.close();
    }
  });
  const imap = row.imap
    ? await timed(async () => {
        const client = new ImapFlow(imapOptions(row, box));
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
