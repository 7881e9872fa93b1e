/**
 * The campaign sender: register builds the engine (ctx.sending), answers "campaigns.sendNow" with
 * an immediate pass; start (once the job queue runs) starts the tick loop where this process runs
 * jobs; routes adds the
 * sending API (queue, message log, A/B results). close stops the loop and the engine.
 */
import type { AppContext } from "../../context.ts";
import type { Feature } from "../../platform/feature.ts";
import { createSendingEngine, startSendingLoop } from "./sending.engine.ts";
import { sendingRoutes } from "./sending.routes.ts";

const loops = new WeakMap<AppContext, { stop(): Promise<void> }>();

export const sendingFeature: Feature = {
  name: "sending",
  register(ctx) {
    const engine = createSendingEngine(ctx);
    ctx.sending = engine;
    ctx.hooks.on("campaigns.sendNow", async ({ campaignId }) => {
      await engine.pass(campaignId);
    });
  },
  start(ctx) {
    if (ctx.config.JOBS === "inline") loops.set(ctx, startSendingLoop(ctx, ctx.sending));
  },
  routes: sendingRoutes,
  async close(ctx) {
    await loops.get(ctx)?.stop();
    loops.delete(ctx);
    await ctx.sending.close();
  },
};
