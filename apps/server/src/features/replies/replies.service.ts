/**
 * Applies one incoming email to the campaign it answers: matched to a sent message by Message-ID
 * (In-Reply-To, References, the bounced original) or, for a plain reply, by the sender's address;
 * then recorded as an event and, in the SAME transaction as the outbox and the inbox's IMAP
 * cursor, the lead's sequence stops (reply with stop_on_reply, bounce, unsubscribe, complaint).
 */
import type { CampaignEventType } from "@prospector/contracts";
import type { ParsedMail } from "mailparser";
import type { AppContext } from "../../context.ts";
import { checkInboxHealth } from "../inboxes/inboxes.health.ts";
import { createNotification } from "../notifications/notifications.service.ts";
import { applyOutcome, type Outcome } from "../sending/lead-outcome.ts";
import { insertEvent, type NewEvent, pushEvent } from "../tracking/tracking.repository.ts";
import { classify, type Inbound, referencedIds } from "./replies.classify.ts";
import * as repo from "./replies.repository.ts";

type Ctx = Pick<AppContext, "db" | "config" | "realtime" | "log">;

export interface Processed {
  inbound: Inbound;
  /** The campaign message it was matched to, or null (not about our mail). */
  messageRowId: string | null;
}

const EVENT: Record<Inbound["kind"], CampaignEventType | null> = {
  reply: "reply",
  auto_reply: "auto_reply",
  unsubscribe: "unsubscribe",
  complaint: "complaint",
  bounce: "bounce",
  delayed: null,
};

/** Processes one message and moves the inbox's cursor past `uid` in the same transaction. */
export async function processInbound(
  ctx: Ctx,
  inbox: { id: string; workspaceId: string },
  mail: ParsedMail,
  cursor: { uid: number; uidValidity: number } | null,
): Promise<Processed> {
  const inbound = classify(mail);
  const sender = mail.from?.value[0]?.address?.toLowerCase() ?? null;
  let match = await repo.findByMessageIds(ctx.db, inbox.workspaceId, referencedIds(mail));
  if (!match && inbound.kind === "bounce" && inbound.recipient) match = await repo.findLatestTo(ctx.db, inbox.id, inbound.recipient);
  if (!match && (inbound.kind === "reply" || inbound.kind === "auto_reply" || inbound.kind === "unsubscribe") && sender) {
    match = await repo.findLatestTo(ctx.db, inbox.id, sender);
  }
  const type = EVENT[inbound.kind];
  let event: NewEvent | null = null;
  const at = await ctx.db.transaction(async (tx) => {
    if (cursor) await repo.moveCursor(tx, inbox.id, cursor.uid, cursor.uidValidity);
    if (!match || !type) return null;
    event = {
      message: match,
      type,
      occurredAt: mail.date && mail.date.getTime() < Date.now() ? mail.date : new Date(),
      detail: {
        from: sender,
        subject: (mail.subject ?? "").slice(0, 300),
        ...(inbound.kind === "bounce"
          ? {
              hard: inbound.hard,
              status: inbound.status,
              recipient: inbound.recipient,
              diagnostic: inbound.diagnostic?.slice(0, 500),
              source: "dsn",
            }
          : {}),
        ...(inbound.kind === "auto_reply" ? { why: inbound.why } : {}),
        ...(inbound.kind === "reply" ? { snippet: (mail.text ?? "").trim().slice(0, 280) } : {}),
      },
    };
    const outcome: Outcome | null =
      inbound.kind === "reply"
        ? "replied"
        : inbound.kind === "unsubscribe"
          ? "unsubscribed"
          : inbound.kind === "complaint"
            ? "complained"
            : inbound.kind === "bounce" && inbound.hard
              ? "bounced"
              : null;
    if (outcome) {
      await applyOutcome(tx, {
        workspaceId: match.workspaceId,
        campaignId: match.campaignId,
        leadId: match.leadId,
        email: outcome === "replied" ? null : ((inbound.kind === "bounce" ? inbound.recipient : null) ?? match.email),
        outcome,
        stopSequence: outcome !== "replied" || match.stopOnReply,
        detail: inbound.kind === "bounce" ? (inbound.diagnostic ?? inbound.status ?? undefined) : undefined,
      });
    }
    if (inbound.kind === "bounce" && inbound.hard) await repo.markBounced(tx, match.id);
    return insertEvent(tx, event);
  });
  if (at && event && match) {
    await pushEvent(ctx, event, at);
    if (inbound.kind === "bounce" && match.inboxId) await checkInboxHealth(ctx, match.inboxId);
    if (inbound.kind === "reply" && match.createdBy) {
      await createNotification(ctx, {
        workspaceId: match.workspaceId,
        userId: match.createdBy,
        type: "success",
        title: `Reply from ${sender ?? "a lead"}`,
        message: `"${(mail.subject ?? "").slice(0, 120)}" in ${match.campaignName}`,
        link: `/campaigns/${match.campaignId}`,
        data: { campaign_id: match.campaignId, lead_id: match.leadId },
      }).catch((err) => ctx.log.warn({ err }, "reply notification not sent"));
    }
  }
  return { inbound, messageRowId: match?.id ?? null };
}
