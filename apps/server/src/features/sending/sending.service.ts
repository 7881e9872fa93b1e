/**
 * The scheduling pass for one active campaign. Inside the campaign's window it locks the
 * campaign's inboxes, works out how many messages the caps allow now (daily limit under warm-up,
 * minimum gap, plan allowance), claims that many due leads and retries, renders each and commits
 * its outbox row as "sending" BEFORE any SMTP call; then it delivers, rotating across inboxes, and
 * marks rows sent with their Message-ID. So each (campaign, lead, step) goes at most once, except
 * rows a crash leaves "sending", which go again after the lease (docs/sending.md). Once a stop or
 * pause has committed the pass claims nothing more, and a claimed batch not yet handed to SMTP is
 * released; only a batch already on the wire finishes (docs/campaigns.md).
 */
import { limitsFor, type WaitReason } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { transaction } from "../../db/client.ts";
import { newId } from "../../platform/ids.ts";
import { organizationPlan } from "../billing/index.ts";
import { emailsSentSince, senderContext, templateLead } from "../campaigns/index.ts";
import { effectiveDailyLimit, type InboxRow, inboxSendStats } from "../inboxes/index.ts";
import { monthStart } from "../plans/index.ts";
import { suppressedAmong } from "../suppression/index.ts";
import { variantChooser } from "./ab.bandit.ts";
import { campaignHold, loadHeldSet } from "./holds.gate.ts";
import { applyOutcome } from "./lead-outcome.ts";
import { inWindow } from "./send-window.ts";
import { type CampaignFooter, composeMessage } from "./sending.compose.ts";
import { deliverAll } from "./sending.deliver.ts";
import * as repo from "./sending.repository.ts";
import { senderTransaction } from "./sending.retry.ts";
import type { CampaignRow, PassResult, Planned, Sender } from "./sending.types.ts";

/** Most messages one pass claims: keeps the claim transaction short. */
export const PASS_BATCH = 500;
/** A pass hands the loop back after this many batches; the next tick carries on. */
const MAX_BATCHES_PER_PASS = 40;

export { variantFor } from "./ab.bandit.ts";

interface Slot {
  inbox: InboxRow;
  left: number;
}

/** How many each inbox may send now, and the reason when none may. */
function inboxSlots(
  rows: InboxRow[],
  stats: Awaited<ReturnType<typeof inboxSendStats>>,
  now: Date,
): { slots: Slot[]; blocked: WaitReason | null } {
  const slots: Slot[] = [];
  let capped = 0;
  let warming = 0;
  for (const inbox of rows) {
    const limit = effectiveDailyLimit(inbox, now);
    const left = limit - (stats.get(inbox.id)?.sentToday ?? 0);
    if (left <= 0) {
      capped++;
      if (limit < inbox.dailyLimit) warming++;
      continue;
    }
    const gapOk = !inbox.lastSentAt || now.getTime() - inbox.lastSentAt.getTime() >= inbox.minGapSeconds * 1000;
    if (!gapOk) continue;
    slots.push({ inbox, left: inbox.minGapSeconds > 0 ? 1 : left });
  }
  // Least recently used first, so consecutive passes rotate across the inboxes.
  slots.sort((a, b) => (a.inbox.lastSentAt?.getTime() ?? 0) - (b.inbox.lastSentAt?.getTime() ?? 0));
  if (slots.length) return { slots, blocked: null };
  if (capped === rows.length) return { slots, blocked: warming === capped ? "warming_up" : "daily_cap" };
  return { slots, blocked: "min_gap" };
}

/** The campaign's sender details, with the workspace's CAN-SPAM footer (the sending.footer hook). */
type SenderWithFooter = Awaited<ReturnType<typeof senderContext>> & { footer: CampaignFooter | null };

/** Emails the workspace's organization may still send this month (null: no limit); one-off sends use it too. `ctx.db` may be a transaction. */

export async function planAllowance(ctx: Pick<AppContext, "db" | "hooks">, workspaceId: string, now: Date): Promise<number | null> {
  const org = await organizationPlan(ctx, workspaceId);
  const limit = limitsFor(org.plan).emails_per_month;
  if (limit === null) return null;
  const sent = await emailsSentSince(ctx, org.organizationId, new Date(`${monthStart(now)}T00:00:00Z`));
  return Math.max(0, limit - sent);
}

export async function runSendingPass(s: Sender, campaignId: string, now = new Date()): Promise<PassResult> {
  const { db } = s.ctx;
  // Send times follow the pass's clock, so a pass run "as of" another time (tests) stays consistent.
  const started = Date.now();
  const clock = () => new Date(now.getTime() + (Date.now() - started));
  const campaign = await repo.campaignById(db, campaignId);
  if (campaign?.status !== "active") return { sent: 0, failed: 0, waiting: null };
  // Under the campaign row's lock, and only while it is still active (a stop may have come since).
  const noteWait = (reason: WaitReason) =>
    senderTransaction(s, "wait reason", () =>
      transaction(db, async (tx) => {
        if ((await repo.lockCampaign(tx, campaign.id)) === "active") await repo.setWaitReason(tx, campaign.id, now, reason);
      }),
    );
  const wait = async (reason: WaitReason): Promise<PassResult> => {
    await noteWait(reason);
    return { sent: 0, failed: 0, waiting: reason };
  };
  // The kill switch first: a held campaign waits as "held" whatever else would hold it back.
  if (campaignHold(await loadHeldSet(db, campaign.workspaceId), campaign.id)) return wait("held");
  if (!inWindow(campaign.schedule, now)) return wait("outside_window");
  const allowance = await planAllowance(s.ctx, campaign.workspaceId, now);
  if (allowance === 0) return wait("plan_limit");
  const footers = await s.ctx.hooks.run("sending.footer", { workspaceId: campaign.workspaceId });
  const sender: SenderWithFooter = { ...(await senderContext({ db }, campaign)), footer: footers.find((f) => f) ?? null };

  // The pass's claimed messages keep their lease while it runs, however slow the SMTP servers.
  return keepingLease(s, campaign.id, clock, async (claimed) => {
    let remaining = allowance;
    let last: Claim | null = null;
    let sent = 0;
    let failed = 0;
    // Claim the next batch while the previous one is on the wire: the database and SMTP overlap.
    let inFlight: Promise<void> | null = null;
    let halted = false;
    let heldMidBatch = false;
    for (let batch = 0; batch < MAX_BATCHES_PER_PASS; batch++) {
      const claim = await claimBatch(s, campaign, sender, remaining, now);
      for (const p of claim.planned) claimed.push(p.rowId);
      last = claim;
      if (claim.halted) halted = true;
      if (claim.halted || claim.blocked || claim.planned.length === 0) break;
      if (remaining !== null) remaining -= claim.planned.length;
      await inFlight;
      // Stopped or paused, or leads deleted, while this batch waited for the previous one: what is
      // no longer wanted never reaches SMTP.
      const ready = await readyToSend(s, campaign, claim.planned);
      if (ready.halted) {
        halted = true;
        break;
      }
      if (ready.planned.length > 0) {
        inFlight = deliverAll(s, campaign, ready.planned, clock).then((r) => {
          sent += r.sent;
          failed += r.failed;
          // The kill switch stopped part of the batch; the next batch check (readyToSend) applies the hold too.
          if (r.held > 0) heldMidBatch = true;
        });
      }
      if (claim.planned.length < PASS_BATCH || remaining === 0) break;
    }
    await inFlight;
    if (heldMidBatch) return { sent, failed, waiting: "held" };
    if (halted) return { sent, failed, waiting: null };
    if (last?.blocked && sent === 0 && failed === 0) return wait(last.blocked);
    // Leads still due after this pass wait for the caps (or simply for the next pass).
    await noteWait(last?.blocked ?? last?.limitedBy ?? "due");
    return { sent, failed, waiting: null };
  });
}

/**
 * Runs a pass's sending while renewing the lease of the messages it claims (`work` pushes their row
 * ids) every third of SEND_LEASE_SECONDS: recoverInterrupted, which any process's tick runs, queues
 * "sending" rows older than the lease again, and must never take a live pass's messages for a
 * crash's (they would go twice).
 */
async function keepingLease<T>(s: Sender, campaignId: string, clock: () => Date, work: (claimed: string[]) => Promise<T>): Promise<T> {
  const claimed: string[] = [];
  const renewal = setInterval(
    () => {
      repo.renewLease(s.ctx.db, claimed, clock()).catch((err) => s.ctx.log.warn({ err, campaignId }, "could not renew the sending lease"));
    },
    Math.max(250, (s.ctx.config.SEND_LEASE_SECONDS * 1000) / 3),
  );
  renewal.unref();
  try {
    return await work(claimed);
  } finally {
    clearInterval(renewal);
  }
}

/**
 * The last look before a claimed batch is handed to SMTP, under the campaign row's lock (FOR SHARE),
 * so a stop, a pause or a lead deletion either committed before it (and is seen) or waits for it
 * (and the batch is then already on the wire). Not active any more: the batch is released
 * (releaseClaimed) and the pass ends. Rows whose lead was deleted since the claim are dropped.
 * The kill switch: a workspace or campaign hold releases the whole batch (it stays queued and goes
 * after the resume) and ends the pass; an inbox hold releases that inbox's rows, which the next
 * pass gives to the campaign's other inboxes.
 */
async function readyToSend(s: Sender, campaign: CampaignRow, planned: Planned[]): Promise<{ halted: boolean; planned: Planned[] }> {
  const campaignId = campaign.id;
  const ids = planned.map((p) => p.rowId);
  return senderTransaction(s, "batch check", () =>
    transaction(s.ctx.db, async (tx) => {
      const status = await repo.lockCampaign(tx, campaignId);
      if (status !== "active") {
        if (status) await repo.releaseClaimed(tx, campaignId, ids, status);
        return { halted: true, planned: [] };
      }
      const held = await loadHeldSet(tx, campaign.workspaceId);
      const whole = campaignHold(held, campaignId);
      if (whole) {
        await repo.releaseClaimed(tx, campaignId, ids, status, whole.reason);
        return { halted: true, planned: [] };
      }
      const gone = await repo.dropLeadless(tx, campaignId, ids);
      let ready = gone.size ? planned.filter((p) => !gone.has(p.rowId)) : planned;
      for (const [inboxId, hold] of held.inboxes) {
        const stopped = ready.filter((p) => p.inbox.id === inboxId);
        if (stopped.length === 0) continue;
        await repo.releaseClaimed(
          tx,
          campaignId,
          stopped.map((p) => p.rowId),
          status,
          hold.reason,
        );
        ready = ready.filter((p) => p.inbox.id !== inboxId);
      }
      return { halted: false, planned: ready };
    }),
  );
}

/** `halted`: the campaign is no longer active (stopped, paused, deleted): nothing was claimed and the pass ends. */
type Claim = { blocked: WaitReason | null; limitedBy: WaitReason; planned: Planned[]; halted?: boolean };

/**
 * One claim transaction: lock the inboxes, size the batch by every cap, claim that many due
 * retries and leads, render them and commit their outbox rows as "sending".
 */
function claimBatch(s: Sender, campaign: CampaignRow, sender: SenderWithFooter, allowance: number | null, now: Date): Promise<Claim> {
  // Only database work and rendering: a deadlock victim re-runs from scratch (fresh row ids).
  return senderTransaction(s, "claim", () => claimIn(s, campaign, sender, allowance, now));
}

function claimIn(s: Sender, campaign: CampaignRow, sender: SenderWithFooter, allowance: number | null, now: Date): Promise<Claim> {
  return transaction(s.ctx.db, async (tx) => {
    // Lock order (docs/campaigns.md): inboxes, the campaign row, then its leads and outbox rows. The
    // campaign row FOR SHARE makes a stop or pause wait for this claim, or this claim wait for it
    // and then see the new status: nothing is claimed after a stop or pause has committed.
    const inboxRows = await repo.lockInboxes(tx, campaign.workspaceId, campaign.inboxIds);
    if ((await repo.lockCampaign(tx, campaign.id)) !== "active") {
      return { halted: true, blocked: null, planned: [] as Planned[], limitedBy: "due" as WaitReason };
    }
    // A hold committed before this claim is seen here: nothing is claimed for what it stops.
    const held = await loadHeldSet(tx, campaign.workspaceId);
    if (campaignHold(held, campaign.id)) return { blocked: "held" as WaitReason, planned: [] as Planned[], limitedBy: "due" as WaitReason };
    if (inboxRows.length === 0) return { blocked: "no_inbox" as WaitReason, planned: [] as Planned[], limitedBy: "due" as WaitReason };
    const usable = inboxRows.filter((r) => r.status !== "paused" && !held.inboxes.has(r.id));
    if (usable.length === 0) {
      const reason: WaitReason = inboxRows.some((r) => held.inboxes.has(r.id)) ? "held" : "inbox_paused";
      return { blocked: reason, planned: [], limitedBy: "due" as WaitReason };
    }
    const { slots, blocked } = inboxSlots(
      usable,
      await inboxSendStats(
        { db: tx, hooks: s.ctx.hooks },
        usable.map((r) => r.id),
        now,
      ),
      now,
    );
    if (blocked) return { blocked, planned: [], limitedBy: blocked };
    const fromSlots = slots.reduce((n, x) => n + x.left, 0);
    const capacity = Math.min(PASS_BATCH, allowance ?? Number.POSITIVE_INFINITY, fromSlots);
    // What holds back any lead still due once this pass has taken `capacity` of them.
    const limitedBy: WaitReason =
      capacity === PASS_BATCH
        ? "due"
        : capacity === allowance
          ? "plan_limit"
          : slots.some((x) => x.inbox.minGapSeconds > 0)
            ? "min_gap"
            : "daily_cap";
    let turn = 0;
    const take = (): InboxRow | null => {
      for (let i = 0; i < slots.length; i++) {
        const slot = slots[(turn + i) % slots.length] as Slot;
        if (slot.left > 0) {
          slot.left--;
          turn = (turn + i + 1) % slots.length;
          return slot.inbox;
        }
      }
      return null;
    };

    const variants = await variantChooser(tx, campaign);
    const retries = await repo.claimRetries(tx, campaign.id, now, capacity);
    const due = await repo.claimDueLeads(tx, campaign.id, now, capacity - retries.length);
    const emails = [...retries.map((r) => r.lead.email), ...due.map((d) => d.lead.email)].filter((e): e is string => Boolean(e));
    const suppressed = await suppressedAmong(tx, campaign.workspaceId, emails);

    type Work = { rowId: string; retry: boolean; lead: repo.LeadRow; step: number; variant: number };
    const work: Work[] = [];
    const gone = { stopped: [] as string[], done: [] as string[] };
    for (const r of retries)
      work.push({ rowId: r.message.id, retry: true, lead: r.lead, step: r.message.step, variant: r.message.variant });
    for (const { member, lead } of due) {
      const step = member.currentStep;
      if (!lead.email) gone.stopped.push(lead.id);
      else if (step >= campaign.steps.length) gone.done.push(lead.id);
      else
        work.push({
          rowId: newId(),
          retry: false,
          lead,
          step,
          variant: variants.choose(lead.id, step, 1 + (campaign.steps[step]?.variants.length ?? 0)),
        });
    }
    await repo.finishLeads(tx, campaign.id, gone.stopped, "stopped", "no_email");
    await repo.finishLeads(tx, campaign.id, gone.done, "completed", null);

    const previous = await repo.previousMessageIds(
      tx,
      campaign.id,
      work.map((w) => ({ leadId: w.lead.id, step: w.step })),
    );
    const planned: Planned[] = [];
    const newRows: Parameters<typeof repo.insertOutbox>[1] = [];
    const retryInbox = new Map<string, string>();
    for (const w of work) {
      const email = w.lead.email as string;
      const reason = suppressed.get(email);
      if (reason) {
        await applyOutcome(tx, {
          workspaceId: campaign.workspaceId,
          campaignId: campaign.id,
          leadId: w.lead.id,
          email: null,
          outcome: reason === "bounced" ? "bounced" : "unsubscribed",
          stopSequence: true,
        });
        if (w.retry) await repo.markFailed(tx, w.rowId, "failed", `Not sent: the address is on the suppression list (${reason})`, null);
        continue;
      }
      const inbox = take() as InboxRow;
      try {
        const message = await composeMessage({
          messageRowId: w.rowId,
          step: w.step,
          variant: w.variant,
          steps: campaign.steps,
          trackOpens: campaign.trackOpens,
          trackClicks: campaign.trackClicks,
          lead: { ...templateLead(w.lead), email },
          from: {
            email: inbox.kind === "local" ? sender.sender_email || inbox.email : inbox.email,
            name: inbox.fromName || sender.sender_name,
          },
          signature: sender.signature,
          inReplyTo: previous.get(w.lead.id) ?? null,
          trackingBase: s.ctx.config.trackingUrl,
          box: s.box,
          footer: sender.footer,
        });
        planned.push({ rowId: w.rowId, leadId: w.lead.id, email, step: w.step, inbox, message });
        if (w.retry) retryInbox.set(w.rowId, inbox.id);
        else {
          newRows.push({
            id: w.rowId,
            workspaceId: campaign.workspaceId,
            campaignId: campaign.id,
            leadId: w.lead.id,
            step: w.step,
            variant: w.variant,
            inboxId: inbox.id,
            status: "sending",
            messageId: message.messageId,
            subject: message.subject,
            attempts: 1,
            scheduledAt: now,
          });
        }
      } catch (err) {
        // A template that cannot render for this lead: recorded on the row, the lead stops.
        const error = `Could not render: ${(err as Error).message}`;
        if (w.retry) await repo.markFailed(tx, w.rowId, "failed", error, null);
        else {
          newRows.push({
            id: w.rowId,
            workspaceId: campaign.workspaceId,
            campaignId: campaign.id,
            leadId: w.lead.id,
            step: w.step,
            variant: w.variant,
            status: "failed",
            error: error.slice(0, 500),
            attempts: 1,
            scheduledAt: now,
          });
        }
        await repo.finishLeads(tx, campaign.id, [w.lead.id], "stopped", "template_error");
      }
    }
    const inserted = await repo.insertOutbox(tx, newRows);
    await repo.advanceLeads(
      tx,
      campaign.id,
      newRows.filter((r) => r.status === "sending" && inserted.has(r.id as string)).map((r) => r.leadId as string),
    );
    await repo.reclaimRetries(tx, [...retryInbox.keys()], retryInbox);
    for (const inboxId of new Set(planned.map((p) => p.inbox.id))) await repo.setInboxLastSent(tx, inboxId, now);
    // Only rows this pass really inserted go out (a conflicting row belongs to an earlier pass).
    return { blocked: null, limitedBy, planned: planned.filter((p) => retryInbox.has(p.rowId) || inserted.has(p.rowId)) };
  });
}
