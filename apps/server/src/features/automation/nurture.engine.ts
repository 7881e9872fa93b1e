/**
 * Nurture sequences at work: a lead enters (its enrolment is written, then the campaigns service
 * adds it to the sequence's campaign) and leaves (the enrolment records why, and its sequence stops
 * in the campaign) on the exit events, after N days, or when its status reaches the exit status.
 */
import type { NurtureExitType } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { addLeads } from "../campaigns/index.ts";
import * as repo from "./automation.repository.ts";
import type { TriggerEvent } from "./automation.rules.ts";
import { type AutomationCtx, stopInCampaign } from "./automation.stop.ts";
import * as nrepo from "./nurture.repository.ts";

/** Which trigger ends a sequence through which exit rule. */
const EXIT_ON: Partial<Record<TriggerEvent["type"], { exit: NurtureExitType; reason: string }>> = {
  reply_received: { exit: "replied", reason: "Replied" },
  meeting_booked: { exit: "meeting_booked", reason: "Meeting booked" },
  unsubscribed: { exit: "unsubscribed", reason: "Unsubscribed" },
  bounced: { exit: "bounced", reason: "Bounced" },
  link_clicked: { exit: "clicked", reason: "Clicked a link" },
};

export async function enrol(ctx: AutomationCtx, seq: nrepo.SequenceRow, leadId: string, reason: string, depth: number): Promise<string> {
  if (!seq.enabled) throw new Error(`The sequence "${seq.name}" is paused`);
  if (!seq.createdBy) throw new Error("The sequence's author is no longer in the workspace: save it again to take it over");
  const enrollment = await nrepo.insertEnrollment(ctx.db, {
    workspaceId: seq.workspaceId,
    sequenceId: seq.id,
    leadId,
    entryReason: reason.slice(0, 500),
    enteredAt: new Date(),
  });
  if (!enrollment) return `Was in "${seq.name}" before (a lead enters a sequence once)`;
  let moved: { id: string; name: string }[] = [];
  try {
    // A lead is emailed by one campaign at a time: entering the sequence moves it out of the one
    // still running for it (the cold campaign it opened), and the entry reason says so.
    moved = (await repo.runningCampaignsOfLead(ctx.db, seq.workspaceId, leadId)).filter((c) => c.id !== seq.campaignId);
    for (const c of moved) await stopInCampaign(ctx, c.id, leadId);
    if (moved.length)
      await nrepo.setEntryReason(
        ctx.db,
        enrollment.id,
        `${reason} (moved out of ${moved.map((c) => `"${c.name}"`).join(", ")})`.slice(0, 500),
      );
    const res = await addLeads(ctx, { workspaceId: seq.workspaceId, userId: seq.createdBy }, seq.campaignId, [leadId]);
    const skipped = res.skipped[0]?.reason;
    if (!res.added?.length && skipped !== "Already in this campaign")
      throw new Error(`Not enrolled in "${seq.name}": ${skipped ?? "skipped"}`);
  } catch (err) {
    await nrepo.deleteEnrollment(ctx.db, enrollment.id);
    throw err;
  }
  await repo.insertTriggers(ctx.db, [
    {
      workspaceId: seq.workspaceId,
      type: "lead_added_to_campaign",
      ref: `${seq.campaignId}:${leadId}`,
      leadId,
      campaignId: seq.campaignId,
      depth: depth + 1,
      occurredAt: new Date(),
    },
  ]);
  return `Enrolled in "${seq.name}"${moved.length ? ` (its emails in ${moved.map((c) => `"${c.name}"`).join(", ")} stopped)` : ""}`;
}

/** Ends an active enrolment with its reason and stops the lead in the sequence's campaign; false if it had already ended. */
export async function exitLead(
  ctx: Pick<AppContext, "db">,
  enrollmentId: string,
  seq: nrepo.SequenceRow,
  leadId: string,
  reason: string,
): Promise<boolean> {
  const now = new Date();
  if (!(await nrepo.exitEnrollment(ctx.db, enrollmentId, reason, now))) return false;
  await stopInCampaign(ctx, seq.campaignId, leadId);
  return true;
}

/** The event's exits: each active enrolment of the lead whose sequence ends on this kind of event. */
export async function applyExits(ctx: AutomationCtx, e: TriggerEvent): Promise<number> {
  const on = EXIT_ON[e.type];
  if (!on || !e.leadId) return 0;
  let n = 0;
  for (const { enrollment, sequence } of await nrepo.activeEnrollmentsOfLead(ctx.db, e.workspaceId, e.leadId)) {
    if (!sequence.exits.some((x) => x.type === on.exit)) continue;
    if (e.occurredAt < enrollment.enteredAt && e.createdAt < enrollment.enteredAt) continue;
    if (await exitLead(ctx, enrollment.id, sequence, e.leadId, on.reason)) n++;
  }
  return n;
}

/** Timed and status exits: N days after entering, or the lead's status reached the exit status. */
export async function sweepExits(ctx: Pick<AppContext, "db">, now = new Date()): Promise<number> {
  let n = 0;
  for (const { enrollment, sequence, leadStatus } of await nrepo.dueTimedExits(ctx.db, now, 500)) {
    const byStatus = sequence.exits.find((x) => x.type === "lead_status" && x.status === leadStatus);
    const byDays = sequence.exits.find(
      (x) => x.type === "after_days" && x.days && enrollment.enteredAt.getTime() + x.days * 86_400_000 <= now.getTime(),
    );
    const reason = byStatus ? `Lead status became ${leadStatus}` : byDays ? `${byDays.days} days passed` : null;
    if (reason && (await exitLead(ctx, enrollment.id, sequence, enrollment.leadId, reason))) n++;
  }
  return n;
}
