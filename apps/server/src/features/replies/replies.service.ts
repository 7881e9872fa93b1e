/**
 * Applies one incoming email to the sent email it answers, campaign mail or a one-off send from
 * /compose: matched by Message-ID (In-Reply-To, References, the bounced original) or, for a plain
 * reply, by the sender's address; then, in the SAME transaction as the inbox's IMAP cursor, the
 * lead's sequence stops (reply with stop_on_reply, bounce, unsubscribe, complaint), campaign mail
 * gets an event and a one-off send its replied_at / bounced_at.
 */
import type { CampaignEventType } from "@prospector/contracts";
import type { ParsedMail } from "mailparser";
import type { AppContext } from "../../context.ts";
import { transaction } from "../../db/client.ts";
import { retryTransaction } from "../../db/retry.ts";
import { checkInboxHealth } from "../inboxes/index.ts";
import { createNotification } from "../notifications/index.ts";
import { applyOutcome, insertEvent, lockCampaign, type NewEvent, type Outcome, pushEvent } from "../sending/index.ts";
import { classify, type Inbound, referencedIds } from "./replies.classify.ts";
import { replyReceived } from "./replies.hooks.ts";
import * as repo from "./replies.repository.ts";

type Ctx = Pick<AppContext, "db" | "config" | "realtime" | "log" | "hooks">;

export interface Processed {
  inbound: Inbound;
  /** The sent email it was matched to (campaign_messages or compose_messages row), or null (not about our mail). */
  messageRowId: string | null;
  source: repo.Match["source"] | null;
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
  // Database writes only (the event is pushed and the sender notified after the commit), so a
  // deadlock victim runs again, as a second line. The order is the sender's own (docs/campaigns.md,
  // "Lock order"): the campaign row, then a hard bounce's outbox row, then the membership, queued
  // retries and the lead (applyOutcome), as the SMTP bounce and the "sent" mark take them. The
  // bounced mark used to come after the lead, against a "sent" mark holding that row and waiting
  // for the membership.
  const applied = await retryTransaction(
    () =>
      transaction(ctx.db, async (tx) => {
        if (cursor) await repo.moveCursor(tx, inbox.id, cursor.uid, cursor.uidValidity);
        if (!match || !type) return null;
        const occurredAt = mail.date && mail.date.getTime() < Date.now() ? mail.date : new Date();
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
        if (inbound.kind === "bounce" && inbound.hard) {
          if (match.source === "campaign" && match.campaignId) await lockCampaign(tx, match.campaignId);
          const why = [inbound.status, inbound.diagnostic].filter(Boolean).join(" ").slice(0, 500);
          await repo.markBounced(tx, match, occurredAt, `Bounced${why ? `: ${why}` : ""}`);
        }
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
        if (inbound.kind === "reply" && match.leadId) await repo.touchLeadActivity(tx, match.workspaceId, match.leadId, occurredAt);
        if (inbound.kind === "reply" && match.source === "compose") await repo.markComposeReplied(tx, match.id, occurredAt);
        // A one-off send has no campaign: no campaign event (its row carries replied_at / bounced_at).
        if (match.source !== "campaign" || !match.campaignId) return { at: occurredAt, event: null };
        const event: NewEvent = {
          message: { ...match, campaignId: match.campaignId },
          type,
          occurredAt,
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
        return { at: await insertEvent(tx, event), event };
      }),
    { onRetry: (err, attempt) => ctx.log.warn({ err, attempt, inbox: inbox.id }, "inbound mail retried after a deadlock") },
  );
  if (applied && match) {
    if (applied.event) await pushEvent(ctx, applied.event, applied.at);
    if (inbound.kind === "bounce" && match.inboxId) await checkInboxHealth(ctx, match.inboxId);
    if (inbound.kind === "reply") {
      await replyReceived(ctx, {
        workspaceId: match.workspaceId,
        replyRef: mail.messageId ?? `${match.source}:${match.id}:${applied.at.toISOString()}`,
        answered: match.source,
        leadId: match.leadId,
        campaignId: match.campaignId,
        from: sender,
        subject: (mail.subject ?? "").slice(0, 300),
        snippet: (mail.text ?? "").trim().slice(0, 280),
        occurredAt: applied.at,
      });
    }
    if (inbound.kind === "reply" && match.notifyUserId) {
      const subject = `"${(mail.subject ?? "").slice(0, 120)}"`;
      await createNotification(ctx, {
        workspaceId: match.workspaceId,
        userId: match.notifyUserId,
        type: "success",
        title: `Reply from ${sender ?? "a lead"}`,
        ...(match.campaignId
          ? {
              message: `${subject} in ${match.campaignName}`,
              link: `/campaigns/${match.campaignId}`,
              data: { campaign_id: match.campaignId, lead_id: match.leadId },
            }
          : {
              message: `${subject}, an answer to the email you sent from Compose`,
              link: "/compose",
              data: { compose_message_id: match.id, lead_id: match.leadId },
            }),
      }).catch((err) => ctx.log.warn({ err }, "reply notification not sent"));
    }
  }
  return { inbound, messageRowId: match?.id ?? null, source: match?.source ?? null };
}
