/**
 * The job that runs automation: "automation.process" scans campaign events and memberships into the
 * trigger inbox, ends nurture enrolments that are due, then processes pending triggers. The hooks
 * write the inbox (a reply, a meeting marked in its transaction) and the sender's tick asks for a
 * run every few seconds; any number of processes may run it (cursor leases, SKIP LOCKED claims and
 * unique run keys keep each action to once).
 */
import type { AppContext } from "../../context.ts";
import { processPending } from "./automation.engine.ts";
import * as repo from "./automation.repository.ts";
import { scanEvents, scanMemberships } from "./automation.scan.ts";
import { sweepExits } from "./nurture.engine.ts";

export const PROCESS_JOB = "automation.process";
/** How often a process asks for a run on the sender's tick (the tick itself is every 5 s). */
const TICK_EVERY_MS = 5_000;

/** Processed triggers are kept this long (their runs stay in the log), purged at most hourly per process. */
const KEEP_TRIGGERS_MS = 30 * 86_400_000;
let lastPurge = 0;

/** One automation round: what the job does, callable directly (tests; a negative settleMs reads every event at once). */
export async function runAutomation(ctx: AppContext, opts: { now?: Date; settleMs?: number } = {}) {
  const events = await scanEvents(ctx, opts);
  const memberships = await scanMemberships(ctx, opts);
  const exits = await sweepExits(ctx, opts.now);
  const processed = await processPending(ctx);
  const now = opts.now ?? new Date();
  if (now.getTime() - lastPurge > 3_600_000) {
    lastPurge = now.getTime();
    await repo.purgeTriggers(ctx.db, new Date(now.getTime() - KEEP_TRIGGERS_MS));
  }
  return { events, memberships, exits, processed };
}

export function defineAutomationJobs(ctx: AppContext): void {
  ctx.jobs.define(
    PROCESS_JOB,
    async () => {
      await runAutomation(ctx);
    },
    { expireInSeconds: 300, retryLimit: 1 },
  );

  let lastAsked = 0;
  const ask = async (force = false) => {
    const now = Date.now();
    if (!force && now - lastAsked < TICK_EVERY_MS) return;
    lastAsked = now;
    try {
      await ctx.jobs.send(PROCESS_JOB, {}, { singletonKey: PROCESS_JOB });
    } catch (err) {
      // The inbox keeps the trigger: the next tick asks again.
      ctx.log.warn({ err }, "automation.process could not be queued");
    }
  };

  ctx.hooks.on("replies.received", async (e) => {
    if (!e.leadId) return;
    await repo.insertTriggers(ctx.db, [
      {
        workspaceId: e.workspaceId,
        type: "reply_received",
        ref: e.replyRef.slice(0, 500),
        leadId: e.leadId,
        campaignId: e.campaignId,
        depth: 0,
        occurredAt: e.occurredAt,
      },
    ]);
    await ask(true);
  });

  // In the marking transaction: the trigger exists exactly when the meeting does. The next tick runs it.
  ctx.hooks.on("campaigns.meetingMarked", async (e) => {
    await repo.insertTriggers(e.tx, [
      {
        workspaceId: e.workspaceId,
        type: "meeting_booked",
        ref: `${e.campaignId}:${e.leadId}`,
        leadId: e.leadId,
        campaignId: e.campaignId,
        depth: 0,
        occurredAt: e.at,
      },
    ]);
  });

  ctx.hooks.on("sending.tick", async () => {
    await ask();
  });
}
