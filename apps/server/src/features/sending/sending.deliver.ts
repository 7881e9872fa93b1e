/**
 * Delivery of a claimed batch: the local mailbox in one insert, SMTP inboxes concurrently over
 * their pooled transports (as many at once per inbox as the pool has connections, each message
 * handed over only after a fresh look at the kill switch, so a hold committed mid-batch stops the
 * rest before their SMTP call: they are released back to the queue); then batched "sent" updates. A recipient refused with a 5xx is a
 * hard bounce (suppressed, lead stopped, inbox health re-checked); a transient failure is retried
 * with backoff up to MAX_ATTEMPTS. Every write that touches the campaign's leads first takes the
 * campaign row FOR SHARE, the lock order a stop uses too (docs/campaigns.md), and re-runs after a
 * deadlock (sending.retry.ts); the SMTP call itself is never repeated.
 */
import { transaction } from "../../db/client.ts";
import { checkInboxHealth } from "../inboxes/index.ts";
import { messageHold } from "./holds.gate.ts";
import { applyOutcome } from "./lead-outcome.ts";
import { insertEvent, pushEvent } from "./message-events.service.ts";
import * as repo from "./sending.repository.ts";
import { senderTransaction } from "./sending.retry.ts";
import type { DeliveryError } from "./sending.transports.ts";
import type { CampaignRow, Planned, Sender } from "./sending.types.ts";

export const MAX_ATTEMPTS = 5;
/**
 * The most "sent" marks one write carries. Marks are group-committed: each answered message is
 * marked in the next write, which starts as soon as the one before it ends (a group is what came
 * in meanwhile), so a crash repeats only the messages on the wire and those of the write under way.
 */
export const DELIVERY_CHUNK = 50;
/**
 * Messages handed to one inbox's pool at a time: its connection count (inboxes.connection.ts), so
 * each handoff waits for a free connection and checks the kill switch just before it; at most this
 * many per inbox are already on the wire when a hold commits.
 */
export const HANDOFF_LANES = 5;
/** Minutes before attempt 2, 3, 4, 5. */
const BACKOFF_MINUTES = [1, 5, 30, 120];

type Failure = { p: Planned; err: DeliveryError };

/** A 5xx at RCPT TO: the address does not exist (a hard bounce). */
export function isRecipientRefused(err: DeliveryError): boolean {
  return (err.responseCode ?? 0) >= 500 && (err.code === "EENVELOPE" || /RCPT/i.test(err.command ?? ""));
}

/** The server's answer as stored on the message ("550 No such user"). */
export function failureText(err: DeliveryError): string {
  return `${err.responseCode ? `${err.responseCode} ` : ""}${err.message}`.slice(0, 500);
}

export async function deliverAll(
  s: Sender,
  campaign: CampaignRow,
  planned: Planned[],
  clock: () => Date = () => new Date(),
): Promise<{ sent: number; failed: number; held: number }> {
  let sent = 0;
  const failures: Failure[] = [];
  const held: { p: Planned; reason: string }[] = [];
  /** The hold that stops this message now, read after this call (holds.gate.ts). */
  const holdOn = async (p: Planned) => messageHold(await s.holds.fresh(campaign.workspaceId), campaign.id, p.inbox.id);
  const nextAt = (p: Planned, sentAt: Date) => {
    const next = campaign.steps[p.step + 1];
    return next ? new Date(sentAt.getTime() + next.delay_days * 86_400_000) : null;
  };

  // The campaign row first, then its leads: the order a stop takes them in (docs/campaigns.md).
  // The messages are already out: only the mark re-runs after a deadlock, never the delivery.
  const markSent = (marks: repo.SentMark[]) =>
    marks.length === 0
      ? Promise.resolve()
      : senderTransaction(s, "sent mark", () =>
          transaction(s.ctx.db, async (tx) => {
            await repo.lockCampaign(tx, campaign.id);
            await repo.markSent(tx, campaign.id, marks);
          }),
        );

  let local = planned.filter((p) => p.inbox.kind === "local");
  const localHold = local.length ? await holdOn(local[0] as Planned) : null;
  if (localHold) {
    for (const p of local) held.push({ p, reason: localHold.reason });
    local = [];
  }
  if (local.length) {
    const inbox = local[0]?.inbox;
    await s.transports.deliverLocal(
      inbox as Planned["inbox"],
      campaign.workspaceId,
      local.map((p) => p.message),
    );
    const at = clock();
    await markSent(local.map((p) => ({ id: p.rowId, leadId: p.leadId, sentAt: at, nextSendAt: nextAt(p, at) })));
    sent += local.length;
  }
  // Every message goes to the pool at once (it keeps its connections busy); its "sent" mark is
  // written as soon as the write before it ends (group commit), never held back for a full group,
  // so a crash repeats at most the messages on the wire and those of the write under way.
  let pending: repo.SentMark[] = [];
  let writing: Promise<void> | null = null;
  let markError: unknown = null;
  const flush = (): Promise<void> => {
    if (writing || pending.length === 0) return writing ?? Promise.resolve();
    writing = (async () => {
      try {
        while (pending.length) {
          const group = pending.slice(0, DELIVERY_CHUNK);
          pending = pending.slice(group.length);
          await markSent(group);
        }
      } catch (err) {
        markError ??= err;
      } finally {
        writing = null;
      }
    })();
    return writing;
  };
  const handoff = async (p: Planned) => {
    const hold = await holdOn(p);
    if (hold) {
      held.push({ p, reason: hold.reason });
      return;
    }
    try {
      await s.transports.deliver(p.inbox, p.message);
      const at = clock();
      pending.push({ id: p.rowId, leadId: p.leadId, sentAt: at, nextSendAt: nextAt(p, at) });
      sent++;
      void flush();
    } catch (err) {
      failures.push({ p, err: err as DeliveryError });
    }
  };
  const byInbox = new Map<string, Planned[]>();
  for (const p of planned) if (p.inbox.kind !== "local") byInbox.set(p.inbox.id, [...(byInbox.get(p.inbox.id) ?? []), p]);
  await Promise.all(
    [...byInbox.values()].flatMap((queue) => {
      let next = 0;
      return Array.from({ length: Math.min(s.handoffLanes ?? HANDOFF_LANES, queue.length) }, async () => {
        while (next < queue.length) await handoff(queue[next++] as Planned);
      });
    }),
  );
  while (writing || pending.length) await (writing ?? flush());
  // A mark that could not be written (after the deadlock re-runs) leaves its rows "sending": the
  // lease hands them back to the queue (recoverInterrupted), as after a crash.
  if (markError) throw markError;
  if (held.length) await releaseHeld(s, campaign, held);
  for (const f of failures) await handleFailure(s, campaign, f, clock());
  return { sent, failed: failures.length, held: held.length };
}

/** Messages the kill switch stopped before their SMTP call go back to the queue (or away, if the campaign was stopped meanwhile). */
async function releaseHeld(s: Sender, campaign: CampaignRow, held: { p: Planned; reason: string }[]): Promise<void> {
  const byReason = new Map<string, string[]>();
  for (const { p, reason } of held) byReason.set(reason, [...(byReason.get(reason) ?? []), p.rowId]);
  await senderTransaction(s, "held release", () =>
    transaction(s.ctx.db, async (tx) => {
      const status = await repo.lockCampaign(tx, campaign.id);
      if (!status) return;
      for (const [reason, ids] of byReason) await repo.releaseClaimed(tx, campaign.id, ids, status, reason);
    }),
  );
}

async function handleFailure(s: Sender, campaign: CampaignRow, { p, err }: Failure, now: Date): Promise<void> {
  const { db } = s.ctx;
  const text = failureText(err);
  if (isRecipientRefused(err)) {
    const event = {
      message: { id: p.rowId, workspaceId: campaign.workspaceId, campaignId: campaign.id, leadId: p.leadId, step: p.step, variant: 0 },
      type: "bounce" as const,
      detail: { hard: true, status: String(err.responseCode), source: "smtp", recipient: p.email, diagnostic: text },
    };
    const at = await senderTransaction(s, "bounce", () =>
      transaction(db, async (tx) => {
        await repo.lockCampaign(tx, campaign.id);
        await repo.markFailed(tx, p.rowId, "bounced", text, now);
        await applyOutcome(tx, {
          workspaceId: campaign.workspaceId,
          campaignId: campaign.id,
          leadId: p.leadId,
          email: p.email,
          outcome: "bounced",
          stopSequence: true,
          detail: text,
        });
        return insertEvent(tx, event);
      }),
    );
    await pushEvent(s.ctx, event, at);
    await checkInboxHealth(s.ctx, p.inbox.id);
    return;
  }
  const attempts = (await repo.attemptsOf(db, p.rowId)) ?? MAX_ATTEMPTS;
  const permanent = (err.responseCode ?? 0) >= 500 && err.code !== "EAUTH";
  if (permanent || attempts >= MAX_ATTEMPTS) {
    await senderTransaction(s, "failure mark", () =>
      transaction(db, async (tx) => {
        await repo.lockCampaign(tx, campaign.id);
        await repo.markFailed(tx, p.rowId, "failed", text, null);
        await repo.finishLeads(tx, campaign.id, [p.leadId], "stopped", "delivery_failed");
      }),
    );
    return;
  }
  const minutes = BACKOFF_MINUTES[Math.min(attempts - 1, BACKOFF_MINUTES.length - 1)] as number;
  await senderTransaction(s, "retry mark", () =>
    transaction(db, async (tx) => {
      await repo.lockCampaign(tx, campaign.id);
      await repo.markRetry(tx, p.rowId, text, new Date(now.getTime() + minutes * 60_000));
      await repo.setLeadWaitReason(tx, campaign.id, p.leadId, "retrying");
    }),
  );
}
