/**
 * IMAP polling: every IMAP_POLL_SECONDS each inbox with an IMAP side is claimed by one process,
 * its INBOX is read from the last UID seen (UIDVALIDITY checked), and each new email is parsed
 * and applied. The cursor moves in the same transaction as each email's effects, so a crash
 * mid-poll neither loses nor double-counts a reply.
 */
import { ImapFlow } from "imapflow";
import { simpleParser } from "mailparser";
import type { AppContext } from "../../context.ts";
import type { SecretBox } from "../../platform/crypto.ts";
import { imapOptions } from "../inboxes/inboxes.connection.ts";
import type { InboxRow } from "../inboxes/inboxes.repository.ts";
import * as repo from "./replies.repository.ts";
import { type Processed, processInbound } from "./replies.service.ts";

type Ctx = Pick<AppContext, "db" | "config" | "realtime" | "log">;

/** At most this many emails per inbox per poll; the rest wait for the next one. */
const MAX_PER_POLL = 200;
/** On a first poll (or a new UIDVALIDITY) mail older than this before the inbox was connected is skipped. */
const FIRST_POLL_LOOKBACK_MS = 86_400_000;

export async function pollInbox(ctx: Ctx, box: SecretBox, inbox: InboxRow): Promise<Processed[]> {
  const client = new ImapFlow(imapOptions(inbox, box));
  client.on("error", (err: Error) => ctx.log.warn({ err: err.message, inbox: inbox.id }, "imap connection error"));
  const results: Processed[] = [];
  try {
    await client.connect();
    const lock = await client.getMailboxLock("INBOX");
    try {
      const mailbox = client.mailbox;
      if (!mailbox) throw new Error("INBOX could not be opened");
      const validity = Number(mailbox.uidValidity);
      let uids: number[];
      if (inbox.imapUidValidity === validity && inbox.imapLastUid != null) {
        const last = inbox.imapLastUid;
        if (mailbox.uidNext <= last + 1) uids = [];
        else uids = ((await client.search({ uid: `${last + 1}:*` }, { uid: true })) || []).filter((u) => u > last);
      } else {
        // New mailbox (or its UIDs were reset): read what arrived since shortly before it was connected.
        const since = new Date(inbox.createdAt.getTime() - FIRST_POLL_LOOKBACK_MS);
        uids = (await client.search({ since }, { uid: true })) || [];
      }
      uids.sort((a, b) => a - b);
      for (const uid of uids.slice(0, MAX_PER_POLL)) {
        const msg = await client.fetchOne(String(uid), { source: true }, { uid: true });
        if (msg === false || !msg?.source) continue;
        const mail = await simpleParser(msg.source, { skipImageLinks: true, skipTextToHtml: true });
        results.push(await processInbound(ctx, inbox, mail, { uid, uidValidity: validity }));
      }
      if (uids.length === 0 && inbox.imapUidValidity !== validity) {
        await ctx.db.transaction((tx) => repo.moveCursor(tx, inbox.id, Math.max(0, mailbox.uidNext - 1), validity));
      }
    } finally {
      lock.release();
    }
    await repo.setImapError(ctx.db, inbox.id, null);
  } catch (err) {
    const e = err as { responseText?: string; message?: string; authenticationFailed?: boolean };
    const message = e.authenticationFailed
      ? `IMAP login refused: ${e.responseText ?? "wrong username or password"}`
      : (e.message ?? String(err));
    await repo.setImapError(ctx.db, inbox.id, message);
    ctx.log.warn({ inbox: inbox.id, err: message }, "imap poll failed");
  } finally {
    await client.logout().catch(() => client.close());
  }
  return results;
}

/** One round: every inbox due a check, one after another (each holds one IMAP connection). */
export async function pollDueInboxes(ctx: Ctx, box: SecretBox, now = new Date()): Promise<number> {
  const due = await repo.claimDueInboxes(ctx.db, ctx.config.IMAP_POLL_SECONDS, now);
  for (const inbox of due) await pollInbox(ctx, box, inbox);
  return due.length;
}
