/**
 * One-off sends from /compose, on the sender's own parts: the campaign renderer (Liquid with the
 * lead's fields, the sender's signature, the recipient's unsubscribe link), tracking and
 * List-Unsubscribe headers from sending.compose, the pooled transports and the local mailbox. The
 * row is committed as "sending" under the inbox's lock (so the daily limit holds against
 * concurrent sends and campaigns) before the SMTP call; the answer is recorded on it.
 */
import { type ComposeMessage, type ComposeSentList, type ComposeSentQuery, DEFAULT_PREFERENCES } from "@prospector/contracts";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { transaction } from "../../db/client.ts";
import { secretBoxFor } from "../../platform/crypto.ts";
import { AppError } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import { hasHtml, senderContext, TemplateError, type TemplateLead, templateLead } from "../campaigns/index.ts";
import { checkInboxHealth, effectiveDailyLimit, findInbox, type InboxRow, inboxSendStats } from "../inboxes/index.ts";
import { findLeadRow } from "../leads/index.ts";
import {
  applyOutcome,
  buildMessage,
  type ComposedMessage,
  type DeliveryError,
  failureText,
  isRecipientRefused,
  lockInboxes,
  planAllowance,
  sendingHoldFor,
  setInboxLastSent,
  type Transports,
} from "../sending/index.ts";
import { suppressedAmong } from "../suppression/index.ts";
import { findUserSettings } from "../user-settings/index.ts";
import { composeSent } from "./compose.hooks.ts";
import * as repo from "./compose.repository.ts";

declare module "../../context.ts" {
  interface AppContext {
    /** The pooled SMTP transports of one-off sends (one per inbox, rebuilt when it changes), built by compose's register. */
    composeTransports: Transports;
  }
}

type Ctx = Pick<AppContext, "db" | "config" | "realtime" | "log" | "hooks" | "composeTransports">;

type SendInput = z.output<typeof import("@prospector/contracts").ComposeSendRequest>;
type Caller = { workspaceId: string; userId: string };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toComposeMessage(row: repo.ComposeRow): ComposeMessage {
  return {
    id: row.id,
    inbox_id: row.inboxId,
    from: row.fromAddress,
    to: row.toAddress,
    to_name: row.toName,
    subject: row.subject,
    lead_id: row.leadId,
    status: row.status,
    delivered: row.status === "sent",
    error: row.error,
    message_id: row.messageId,
    track_opens: row.trackOpens,
    track_clicks: row.trackClicks,
    opens: row.opens,
    clicks: row.clicks,
    opened_at: iso(row.openedAt),
    clicked_at: iso(row.clickedAt),
    replied_at: iso(row.repliedAt),
    bounced_at: iso(row.bouncedAt),
    sent_by: row.sentBy,
    created_at: row.createdAt.toISOString(),
    sent_at: iso(row.sentAt),
  };
}

export async function listSent(ctx: Pick<AppContext, "db">, workspaceId: string, q: ComposeSentQuery): Promise<ComposeSentList> {
  const { rows, total } = await repo.listMessages(ctx.db, workspaceId, { limit: q.per_page, offset: (q.page - 1) * q.per_page });
  return { messages: rows.map(toComposeMessage), total, page: q.page, per_page: q.per_page, total_pages: Math.ceil(total / q.per_page) };
}

const SIGNATURE_TAG = /\{\{-?\s*signature\s*-?\}\}/;

/**
 * Like an email client, a one-off email ends with the sender's signature; a body that places
 * `{{ signature }}` itself (as campaign templates do) keeps it where it is.
 */
export function withSignature(body: string, signature: string): string {
  if (!signature.trim() || SIGNATURE_TAG.test(body)) return body;
  return hasHtml(body) ? `${body}<br><br>{{ signature }}` : `${body.trimEnd()}\n\n{{ signature }}`;
}

/** Without a lead, the recipient's address and name fill the template's lead fields. */
function recipientLead(to: string, name: string | undefined): TemplateLead & { email: string } {
  const [first, ...rest] = (name ?? "").split(/\s+/).filter(Boolean);
  return { id: null, email: to, first_name: first ?? null, last_name: rest.join(" ") || null };
}

async function resolveInbox(ctx: Ctx, workspaceId: string, inboxId: string): Promise<InboxRow> {
  const row = await findInbox(ctx, workspaceId, inboxId);
  if (!row) throw new AppError("INBOX_NOT_FOUND");
  return row;
}

const inboxName = (inbox: InboxRow) => (inbox.kind === "local" ? "The local mailbox" : inbox.email);

function pausedError(inbox: InboxRow): AppError {
  return new AppError(
    "COMPOSE_INBOX_PAUSED",
    `${inbox.email} is paused${inbox.statusReason ? ` (${inbox.statusReason})` : ""}: resume it on the Inboxes page or pick another inbox`,
  );
}

export async function sendOne(ctx: Ctx, caller: Caller, input: SendInput, now = new Date()): Promise<ComposeMessage> {
  const { db } = ctx;
  const { workspaceId, userId } = caller;

  const leadRow = input.lead_id ? await findLeadRow(db, workspaceId, input.lead_id) : undefined;
  if (input.lead_id && !leadRow) throw new AppError("LEAD_NOT_FOUND");
  const inbox = await resolveInbox(ctx, workspaceId, input.inbox_id);
  const reason = (await suppressedAmong(db, workspaceId, [input.to])).get(input.to);
  if (reason) {
    throw new AppError(
      "COMPOSE_RECIPIENT_SUPPRESSED",
      `${input.to} is on this workspace's suppression list (${reason}): it must not be emailed. Remove it from the list only if the person asked to hear from you again.`,
      { errors: [{ field: "to", message: `On the suppression list (${reason})` }] },
    );
  }
  if (inbox.status === "paused") throw pausedError(inbox);
  if ((await planAllowance(ctx, workspaceId, now)) === 0) throw new AppError("COMPOSE_PLAN_LIMIT");

  const sender = await senderContext(ctx, { createdBy: userId, workspaceId });
  const prefs = (await findUserSettings(ctx, userId, workspaceId))?.preferences ?? {};
  const trackOpens = input.track_opens ?? prefs.track_opens ?? DEFAULT_PREFERENCES.track_opens;
  const trackClicks = input.track_clicks ?? prefs.track_clicks ?? DEFAULT_PREFERENCES.track_clicks;
  const lead = leadRow ? { ...templateLead(leadRow), email: input.to } : recipientLead(input.to, input.to_name);
  const toName = input.to_name || (leadRow ? [leadRow.firstName, leadRow.lastName].filter(Boolean).join(" ") : "") || null;
  const from = {
    email: inbox.kind === "local" ? sender.sender_email || inbox.email : inbox.email,
    name: inbox.fromName || sender.sender_name,
  };

  const id = newId();
  let message: ComposedMessage;
  try {
    message = await buildMessage({
      messageRowId: id,
      step: 0,
      variant: 0,
      content: { subject: input.subject, body: withSignature(input.body, sender.signature) },
      trackOpens,
      trackClicks,
      lead,
      toName,
      from,
      signature: sender.signature,
      inReplyTo: null,
      trackingBase: ctx.config.trackingUrl,
      box: secretBoxFor(ctx.config),
    });
  } catch (err) {
    if (!(err instanceof TemplateError)) throw err;
    const field = err.field.endsWith("subject") ? "subject" : "body";
    const text = `${err.line ? `Line ${err.line}: ` : ""}${err.message.replace(/^steps\.0\.(subject|body): /, "")}`;
    throw new AppError("TEMPLATE_RENDER_FAILED", `The ${field} could not be rendered: ${text}`, { errors: [{ field, message: text }] });
  }

  // Claim a place under the inbox's daily limit and commit the row before anything goes out.
  const row = await transaction(db, async (tx) => {
    const [locked] = await lockInboxes(tx, workspaceId, [inbox.id]);
    if (!locked) throw new AppError("INBOX_NOT_FOUND");
    if (locked.status === "paused") throw pausedError(locked);
    // The kill switch (docs/sending.md): a workspace or inbox hold stops one-off sends too.
    const hold = await sendingHoldFor({ db: tx }, workspaceId, locked.id);
    if (hold) {
      throw new AppError(
        "SENDING_HELD",
        `${hold.scope === "workspace" ? "All sending of this workspace" : `Sending from ${inboxName(locked)}`} is stopped by the kill switch (${hold.reason}): resume it on the Kill switch page first`,
      );
    }
    const sentToday = (await inboxSendStats({ db: tx, hooks: ctx.hooks }, [locked.id], now)).get(locked.id)?.sentToday ?? 0;
    const limit = effectiveDailyLimit(locked, now);
    if (sentToday >= limit) {
      const warming = limit < locked.dailyLimit ? " (warming up)" : "";
      throw new AppError(
        "COMPOSE_DAILY_LIMIT",
        `${inboxName(locked)} has sent ${sentToday} of its ${limit} emails a day${warming} in the last 24 hours: pick another inbox or try again later`,
      );
    }
    await setInboxLastSent(tx, locked.id, now);
    return repo.insertMessage(tx, {
      id,
      workspaceId,
      inboxId: locked.id,
      leadId: leadRow?.id ?? null,
      sentBy: userId,
      fromAddress: from.name ? `${from.name} <${from.email}>` : from.email,
      toAddress: input.to,
      toName,
      subject: message.subject,
      status: "sending",
      messageId: message.messageId,
      trackOpens,
      trackClicks,
      createdAt: now,
    });
  });

  const done = await deliver(ctx, inbox, row, message);
  if ((done.status === "sent" || done.status === "local") && done.sentAt) {
    await composeSent(ctx, {
      workspaceId,
      messageRowId: done.id,
      leadId: done.leadId,
      sentBy: done.sentBy,
      to: done.toAddress,
      subject: done.subject,
      sentAt: done.sentAt,
    });
  }
  return toComposeMessage(done);
}

async function deliver(ctx: Ctx, inbox: InboxRow, row: repo.ComposeRow, message: ComposedMessage) {
  const { db } = ctx;
  try {
    if (inbox.kind === "local") {
      await ctx.composeTransports.deliverLocal(inbox, row.workspaceId, [message], "compose");
      return await repo.finishMessage(db, row.id, { status: "local", sentAt: new Date() });
    }
    await ctx.composeTransports.deliver(inbox, message);
    const done = await repo.finishMessage(db, row.id, { status: "sent", sentAt: new Date() });
    if (row.leadId) await repo.markLeadContacted(db, row.workspaceId, row.leadId);
    return done;
  } catch (err) {
    // Unreadable credentials and the like are AppErrors: their text is already meant for people.
    const e = err as DeliveryError;
    const text = err instanceof AppError ? err.message : failureText(e);
    if (!(err instanceof AppError) && isRecipientRefused(e)) {
      // A hard bounce, as for campaign mail: the address is suppressed and the inbox's health re-checked.
      const at = new Date();
      const done = await transaction(db, async (tx) => {
        await applyOutcome(tx, {
          workspaceId: row.workspaceId,
          campaignId: null,
          leadId: row.leadId,
          email: row.toAddress,
          outcome: "bounced",
          stopSequence: false,
          detail: text,
        });
        return repo.finishMessage(tx, row.id, { status: "bounced", error: text, sentAt: at, bouncedAt: at });
      });
      await checkInboxHealth(ctx, inbox.id);
      return done;
    }
    ctx.log.warn({ err: text, inbox: inbox.id }, "one-off send failed");
    return repo.finishMessage(db, row.id, { status: "failed", error: text });
  }
}

/** One-off sends still "sending" after the lease are failed (the sender crashed mid-send). */
export async function failInterruptedSends(ctx: Pick<AppContext, "db">, leaseSeconds: number, now = new Date()): Promise<number> {
  return repo.failInterrupted(ctx.db, leaseSeconds, now);
}

/** What the open pixel and click route need to know about a one-off send. */
export async function composeTrackingRef(ctx: Pick<AppContext, "db">, id: string) {
  return repo.trackingRef(ctx.db, id);
}

/** Counts one human open or click of a one-off send. */
export async function countComposeTracked(ctx: Pick<AppContext, "db">, id: string, type: "open" | "click", at: Date): Promise<void> {
  await repo.countTracked(ctx.db, id, type, at);
}

/** One-off emails the organization sent since `since` (part of the monthly plan limit; "campaigns.emailsSent"). */
export async function emailsSentSince(ctx: Pick<AppContext, "db">, organizationId: string, since: Date): Promise<number> {
  return repo.sentSince(ctx.db, organizationId, since);
}

/** Who a one-off email went to, for its unsubscribe link. */
export async function composeRecipient(ctx: Pick<AppContext, "db">, id: string) {
  return repo.recipientOf(ctx.db, id);
}
