/**
 * IMAP polling: every IMAP_POLL_SECONDS each inbox with an IMAP side is claimed by one process,
 * its INBOX is read from the last UID seen (UIDVALIDITY checked), and each new email is parsed
 * and applied. The cursor moves in the same transaction as each email's effects, so a crash
 * mid-poll neither loses nor double-counts a reply. A few inboxes are polled at once, each within
 * its own time budget, so one slow or stalling server cannot hold up the others; oversized
 * messages are skipped without being downloaded.
 */
import { ImapFlow } from "imapflow";
import { simpleParser } from "mailparser";
import type { AppContext } from "../../context.ts";
import { transaction } from "../../db/client.ts";
import type { SecretBox } from "../../platform/crypto.ts";
import { type InboxRow, imapOptions } from "../inboxes/index.ts";
import * as repo from "./replies.repository.ts";
import { type Processed, processInbound } from "./replies.service.ts";

type Ctx = Pick<AppContext, "db" | "config" | "realtime" | "log" | "mailGuard" | "hooks">;

/** At most this many emails per inbox per poll; the rest wait for the next one. */
const MAX_PER_POLL = 200;
/** On a first poll (or a new UIDVALIDITY) mail older than this before the inbox was connected is skipped. */
const FIRST_POLL_LOOKBACK_MS = 86_400_000;
/** Replies and bounces are small; a larger message is skipped (the cursor moves past it) rather than parsed in memory. */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;
/** Inboxes one process polls at the same time (each holds one IMAP connection). */
export const POLL_CONCURRENCY = 4;
/** Longest one inbox's poll may run, and never longer than the poll interval (the next claim). */
const MAX_BUDGET_MS = 60_000;
/** How long a polite LOGOUT may take before the socket is simply closed. */
const LOGOUT_WAIT_MS = 3_000;

export interface PollOptions {
  /** This inbox's time budget; defaults to the poll interval, at most a minute. */
  budgetMs?: number;
  maxMessageBytes?: number;
  concurrency?: number;
  now?: Date;
}

export const pollBudgetMs = (config: { IMAP_POLL_SECONDS: number }) => Math.min(MAX_BUDGET_MS, config.IMAP_POLL_SECONDS * 1000);

const tooLarge = (err: unknown) => ["LiteralTooLarge", "ResponseTooLarge"].includes((err as { code?: string }).code ?? "");

export async function pollInbox(ctx: Ctx, box: SecretBox, inbox: InboxRow, opts: PollOptions = {}): Promise<Processed[]> {
  const budgetMs = opts.budgetMs ?? pollBudgetMs(ctx.config);
  const maxBytes = opts.maxMessageBytes ?? MAX_MESSAGE_BYTES;
  const results: Processed[] = [];
  let client: ImapFlow | null = null;
  let outOfTime = false;
  // imapflow reports a literal over its cap on the "error" event; the pending command only learns
  // that the connection is gone.
  let oversized: Error | null = null;
  // Closing the socket rejects whatever command is waiting on the server, wherever the poll is.
  const timer = setTimeout(() => {
    outOfTime = true;
    client?.close();
  }, budgetMs);
  try {
    client = new ImapFlow(imapOptions(inbox, box, ctx.mailGuard));
    client.on("error", (err: Error) => {
      if (tooLarge(err)) oversized = err;
      ctx.log.warn({ err: err.message, inbox: inbox.id }, "imap connection error");
    });
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
      const batch = uids.slice(0, MAX_PER_POLL);
      // Sizes first (RFC822.SIZE): an oversized message is never downloaded.
      const sizes = new Map<number, number>();
      if (batch.length) {
        for (const m of await client.fetchAll(batch.join(","), { uid: true, size: true }, { uid: true })) sizes.set(m.uid, m.size ?? 0);
      }
      const skip = async (uid: number, size: number | string) => {
        ctx.log.warn({ inbox: inbox.id, uid, size, limit: maxBytes }, "imap message over the size limit skipped");
        await transaction(ctx.db, (tx) => repo.moveCursor(tx, inbox.id, uid, validity));
      };
      for (const uid of batch) {
        const size = sizes.get(uid);
        if (size === undefined) continue;
        if (size > maxBytes) {
          await skip(uid, size);
          continue;
        }
        let msg: Awaited<ReturnType<ImapFlow["fetchOne"]>>;
        try {
          msg = await client.fetchOne(String(uid), { source: true }, { uid: true });
        } catch (err) {
          // The server announced a small message and then sent a huge one: the connection is gone,
          // but the message must not block every later poll.
          await new Promise((r) => setImmediate(r));
          if (tooLarge(err) || oversized) {
            await skip(uid, "over the IMAP literal limit");
            throw oversized ?? err;
          }
          throw err;
        }
        if (msg === false || !msg?.source) continue;
        if (msg.source.length > maxBytes) {
          await skip(uid, msg.source.length);
          continue;
        }
        const mail = await simpleParser(msg.source, { skipImageLinks: true, skipTextToHtml: true });
        results.push(await processInbound(ctx, inbox, mail, { uid, uidValidity: validity }));
      }
      if (uids.length === 0 && inbox.imapUidValidity !== validity) {
        await transaction(ctx.db, (tx) => repo.moveCursor(tx, inbox.id, Math.max(0, mailbox.uidNext - 1), validity));
      }
    } finally {
      lock.release();
    }
    await repo.setImapError(ctx.db, inbox.id, null);
  } catch (err) {
    const e = err as { responseText?: string; message?: string; authenticationFailed?: boolean };
    const message = outOfTime
      ? `IMAP poll stopped after ${Math.round(budgetMs / 1000)} s: the server answers too slowly; reading continues at the next poll`
      : e.authenticationFailed
        ? `IMAP login refused: ${e.responseText ?? "wrong username or password"}`
        : tooLarge(err)
          ? `A message larger than the server announced was skipped (${e.message ?? "too large"})`
          : (e.message ?? String(err));
    await repo.setImapError(ctx.db, inbox.id, message);
    ctx.log.warn({ inbox: inbox.id, err: message }, "imap poll failed");
  } finally {
    clearTimeout(timer);
    if (client) {
      const open = client;
      if (!outOfTime) await Promise.race([open.logout().catch(() => {}), new Promise((r) => setTimeout(r, LOGOUT_WAIT_MS).unref())]);
      open.close();
    }
  }
  return results;
}

/** One round: the inboxes due a check, a few at a time, each within its own budget. */
export async function pollDueInboxes(ctx: Ctx, box: SecretBox, opts: PollOptions = {}): Promise<number> {
  const due = await repo.claimDueInboxes(ctx.db, ctx.config.IMAP_POLL_SECONDS, opts.now ?? new Date());
  let next = 0;
  const worker = async () => {
    while (next < due.length) {
      const inbox = due[next++] as InboxRow;
      await pollInbox(ctx, box, inbox, opts).catch((err) => ctx.log.error({ err, inbox: inbox.id }, "imap poll failed"));
    }
  };
  await Promise.all(Array.from({ length: Math.min(opts.concurrency ?? POLL_CONCURRENCY, due.length) }, worker));
  return due.length;
}
