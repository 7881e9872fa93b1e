/**
 * The sender's engine, one per process (ctx.sending, built by sending's register): an immediate
 * pass for one campaign (a launch or resume asks for it through "campaigns.sendNow"), and the tick
 * that the loop in every process that runs jobs calls every TICK_MS: it recovers rows a crash left
 * "sending", makes a pass over each active campaign with due work, completes finished campaigns,
 * then lets the features above react ("sending.tick": one-off sends are swept, IMAP inboxes
 * polled). Passes in several processes are safe: inboxes are locked and leads claimed with SKIP
 * LOCKED.
 */
import type { AppContext } from "../../context.ts";
import { secretBoxFor } from "../../platform/crypto.ts";
import { addCampaignActivity, CAMPAIGNS_CHANGED } from "../campaigns/index.ts";
import { createHoldProbe } from "./holds.gate.ts";
import * as repo from "./sending.repository.ts";
import { runSendingPass } from "./sending.service.ts";
import { createTransports } from "./sending.transports.ts";
import type { PassResult, Sender } from "./sending.types.ts";

declare module "../../context.ts" {
  interface AppContext {
    /** The campaign sender of this process: immediate passes and the periodic tick (sending.feature.ts). */
    sending: SendingEngine;
  }
}

declare module "../../platform/hooks.ts" {
  interface HookHandlers {
    /**
     * After each tick of the sender's loop (every TICK_MS in a process that runs jobs, or when a
     * test ticks): periodic work of the features above that send or receive mail. A handler that
     * may take long (IMAP) starts it and returns, never holding up the loop.
     */
    "sending.tick": (e: { now: Date }) => Promise<void>;
    /** The workspace's CAN-SPAM footer and postal address for campaign emails (compliance answers; none: no footer). */
    "sending.footer": (e: { workspaceId: string }) => Promise<{ text: string; postalAddress: string } | null>;
  }
}

/** Short enough that a launch without the immediate-pass hook still sends within seconds; a tick with nothing due is a few index look-ups. */
export const TICK_MS = 5_000;

export interface SendingEngine extends Sender {
  /** One pass for one campaign; a pass already running for it in this process is not doubled. */
  pass(campaignId: string): Promise<PassResult | null>;
  /** Everything the loop does once. */
  tick(now?: Date): Promise<void>;
  close(): Promise<void>;
}

type EngineCtx = Pick<AppContext, "db" | "config" | "realtime" | "log" | "bus" | "mailGuard" | "hooks">;

export function createSendingEngine(ctx: EngineCtx): SendingEngine {
  const box = secretBoxFor(ctx.config);
  const transports = createTransports({ db: ctx.db, box, guard: ctx.mailGuard });
  const running = new Map<string, Promise<PassResult>>();
  const holds = createHoldProbe(ctx.db);

  const engine: SendingEngine = {
    ctx,
    box,
    transports,
    holds,
    async pass(campaignId) {
      const current = running.get(campaignId);
      if (current) return current;
      const p = runSendingPass(engine, campaignId).finally(() => running.delete(campaignId));
      running.set(campaignId, p);
      return p;
    },
    async tick(now = new Date()) {
      await repo.recoverInterrupted(ctx.db, ctx.config.SEND_LEASE_SECONDS, now);
      await repo.dropStoppedRetries(ctx.db);
      for (const id of await repo.campaignsWithDueWork(ctx.db, now)) {
        try {
          await engine.pass(id);
        } catch (err) {
          ctx.log.error({ err, campaign: id }, "sending pass failed");
        }
      }
      for (const done of await repo.completeFinished(ctx.db)) {
        await addCampaignActivity(ctx, {
          workspaceId: done.workspace_id,
          campaignId: done.id,
          kind: "completed",
          message: "Every lead has finished the sequence: campaign completed",
        });
        await ctx.bus.publish(CAMPAIGNS_CHANGED, { workspaceId: done.workspace_id });
        await ctx.realtime
          .toWorkspace(done.workspace_id, "campaign.updated", {
            workspace_id: done.workspace_id,
            campaign_id: done.id,
            status: "completed",
            action: "updated",
          })
          .catch(() => {});
      }
      await ctx.hooks.run("sending.tick", { now });
    },
    async close() {
      await Promise.allSettled(running.values());
      transports.close();
    },
  };
  return engine;
}

/** The loop in a process that runs jobs (JOBS=inline): a tick every TICK_MS, never two at once; `stop` waits for the one running. */
export function startSendingLoop(ctx: Pick<AppContext, "log">, engine: SendingEngine): { stop(): Promise<void> } {
  let ticking = false;
  const tick = async () => {
    if (ticking) return;
    ticking = true;
    try {
      await engine.tick();
    } catch (err) {
      ctx.log.error({ err }, "sending tick failed");
    } finally {
      ticking = false;
    }
  };
  const timer = setInterval(() => void tick(), TICK_MS);
  timer.unref();
  // The first tick once the features have registered (they subscribe to "sending.tick").
  const first = setTimeout(() => void tick(), 0);
  first.unref();
  return {
    async stop() {
      clearInterval(timer);
      clearTimeout(first);
      while (ticking) await new Promise((r) => setTimeout(r, 50));
    },
  };
}
