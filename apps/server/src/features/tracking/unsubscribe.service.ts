/**
 * Unsubscribing from a campaign email's (or a one-off send's) signed link: the address goes on the
 * workspace's suppression list, the lead leaves every step still to come, and an unsubscribe event
 * is recorded once (campaign mail only). Works for the visible link (after a confirmation) and RFC 8058 one-click POSTs alike.
 */
import type { AppContext } from "../../context.ts";
import { transaction } from "../../db/client.ts";
import { retryTransaction } from "../../db/retry.ts";
import { secretBoxFor } from "../../platform/crypto.ts";
import { isUuid } from "../../platform/ids.ts";
import { composeRecipient } from "../compose/index.ts";
import { applyOutcome, insertEvent, type NewEvent, pushEvent, readUnsubscribeToken } from "../sending/index.ts";
import { suppressedAmong } from "../suppression/index.ts";
import { campaignRecipientOf } from "./unsubscribe.repository.ts";

type Ctx = Pick<AppContext, "db" | "config" | "realtime" | "log">;

export interface Recipient {
  workspaceId: string;
  /** Null for a one-off send. */
  campaignId: string | null;
  leadId: string | null;
  step: number;
  variant: number;
  email: string | null;
}

/** Who a campaign email (or a one-off send from /compose) went to. */
async function recipientOf(ctx: Ctx, messageRowId: string): Promise<Recipient | undefined> {
  const row = await campaignRecipientOf(ctx.db, messageRowId);
  if (row) return row;
  const oneOff = await composeRecipient(ctx, messageRowId);
  return oneOff && { ...oneOff, campaignId: null, step: 0, variant: 0 };
}

export interface UnsubscribeTarget {
  messageId: string;
  email: string | null;
  alreadyUnsubscribed: boolean;
}

/** The message a token names, or null for a forged or unknown token. */
export async function resolveToken(ctx: Ctx, token: string): Promise<(UnsubscribeTarget & Recipient) | null> {
  const id = readUnsubscribeToken(secretBoxFor(ctx.config), token);
  if (!id || !isUuid(id)) return null;
  const r = await recipientOf(ctx, id);
  if (!r) return null;
  const listed = r.email ? await suppressedAmong(ctx.db, r.workspaceId, [r.email]) : new Map();
  return { ...r, messageId: id, alreadyUnsubscribed: listed.has(r.email ?? "") };
}

export async function unsubscribe(ctx: Ctx, token: string, via: "link" | "one_click"): Promise<UnsubscribeTarget | null> {
  const target = await resolveToken(ctx, token);
  if (!target) return null;
  if (target.alreadyUnsubscribed) return target;
  const { campaignId } = target;
  // A one-off send from /compose has no campaign: no campaign event, the rest is the same.
  const event: NewEvent | null = campaignId
    ? {
        message: {
          id: target.messageId,
          workspaceId: target.workspaceId,
          campaignId,
          leadId: target.leadId,
          step: target.step,
          variant: target.variant,
        },
        type: "unsubscribe",
        detail: { via },
      }
    : null;
  // Database writes only: a deadlock victim (a lead deletion or a pass over the same lead) runs again.
  const at = await retryTransaction(
    () =>
      transaction(ctx.db, async (tx) => {
        await applyOutcome(tx, {
          workspaceId: target.workspaceId,
          campaignId: target.campaignId,
          leadId: target.leadId,
          email: target.email,
          outcome: "unsubscribed",
          stopSequence: true,
          detail: via === "one_click" ? "One-click unsubscribe (List-Unsubscribe-Post)" : "Unsubscribe link",
        });
        return event ? insertEvent(tx, event) : null;
      }),
    { onRetry: (err, attempt) => ctx.log.warn({ err, attempt }, "unsubscribe retried after a deadlock") },
  );
  if (event && at) await pushEvent(ctx, event, at);
  return { ...target, alreadyUnsubscribed: true };
}
