/**
 * The sender's loop in every process that runs jobs: every TICK_MS it recovers rows a crash left
 * "sending" (one-off sends from /compose among them), makes a pass over each active campaign with
 * due work, completes finished campaigns and polls the IMAP inboxes that are due. Part A's campaign.schedule job (launch, resume) calls
 * ctx.sending.pass() for an immediate pass. Passes in several processes are safe: inboxes are locked
 * and leads claimed with SKIP LOCKED.
 */
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";
import { secretBoxFor } from "../../platform/crypto.ts";
import { CAMPAIGNS_CHANGED } from "../campaigns/campaigns.cache.ts";
import { addActivity } from "../campaigns/campaigns.repository.ts";
import { failInterrupted } from "../compose/compose.repository.ts";
import { pollDueInboxes } from "../replies/replies.poller.ts";
import * as repo from "./sending.repository.ts";
import { type PassResult, runSendingPass, type Sender } from "./sending.service.ts";
import { createTransports } from "./sending.transports.ts";

/** Short enough that a launch without the immediate-pass hook still sends within seconds; a tick with nothing due is a few index look-ups. */
export const TICK_MS = 5_000;

export interface SendingEngine extends Sender {
  /** One pass for one campaign; a pass already running for it in this process is not doubled. */
  pass(campaignId: string): Promise<PassResult | null>;
  /** Everything the loop does once. */
  tick(now?: Date): Promise<void>;
  close(): Promise<void>;
}

export function createSendingEngine(ctx: Pick<AppContext, "db" | "config" | "realtime" | "log" | "bus" | "mailGuard">): SendingEngine {
  const box = secretBoxFor(ctx.config);
  const transports = createTransports({ db: ctx.db, box, guard: ctx.mailGuard });
  const running = new Map<string, Promise<PassResult>>();
  let polling: Promise<unknown> | null = null;

  const engine: SendingEngine = {
    ctx,
    box,
    transports,
    async pass(campaignId) {
      const current = running.get(campaignId);
      if (current) return current;
      const p = runSendingPass(engine, campaignId).finally(() => running.delete(campaignId));
      running.set(campaignId, p);
      return p;
    },
    async tick(now = new Date()) {
      await repo.recoverInterrupted(ctx.db, ctx.config.SEND_LEASE_SECONDS, now);
      await failInterrupted(ctx.db, ctx.config.SEND_LEASE_SECONDS, now);
      await repo.dropStoppedRetries(ctx.db);
      for (const id of await repo.campaignsWithDueWork(ctx.db, now)) {
        try {
          await engine.pass(id);
        } catch (err) {
          ctx.log.error({ err, campaign: id }, "sending pass failed");
        }
      }
      for (const done of await repo.completeFinished(ctx.db)) {
        await addActivity(ctx.db, {
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
      if (!polling) {
        // IMAP can be slow: it runs beside the sending loop, never holding it up.
        polling = pollDueInboxes(ctx, box)
          .catch((err) => ctx.log.error({ err }, "imap polling failed"))
          .finally(() => {
            polling = null;
          });
      }
    },
    async close() {
      await polling;
      await Promise.allSettled(running.values());
      transports.close();
    },
  };
  return engine;
}

/** Runs the app's engine (ctx.sending, built in buildApp): the tick loop when jobs run inline, and its shutdown. */
export function registerSending(app: FastifyInstance, ctx: AppContext): void {
  const engine = ctx.sending;
  let timer: NodeJS.Timeout | null = null;
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
  if (ctx.config.JOBS === "inline") {
    app.addHook("onReady", async () => {
      timer = setInterval(() => void tick(), TICK_MS);
      timer.unref();
      void tick();
    });
  }
  app.addHook("onClose", async () => {
    if (timer) clearInterval(timer);
    while (ticking) await new Promise((r) => setTimeout(r, 50));
    await engine.close();
  });
}
