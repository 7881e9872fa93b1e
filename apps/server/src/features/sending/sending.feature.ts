/**
 * The campaign sender: register builds the engine (ctx.sending), answers "campaigns.sendNow" with
 * an immediate pass; start (once the job queue runs) starts the tick loop where this process runs
 * jobs; routes adds the sending API (queue, message log, A/B results) and sending operations (kill
 * switch, capacity planning). close stops the loop and the engine.
 */
import type { Feature } from "../../platform/feature.ts";
import { abRoutes } from "./ab.routes.ts";
import { HOLDS_CHANGED } from "./holds.gate.ts";
import { createSendingEngine, startSendingLoop } from "./sending.engine.ts";
import { sendingRoutes } from "./sending.routes.ts";
import { sendingOpsRoutes } from "./sending-ops.routes.ts";

declare module "../../context.ts" {
  interface AppContext {
    /** The sender's tick loop, where this process runs jobs (null elsewhere and before start). */
    sendingLoop: { stop(): Promise<void> } | null;
  }
}

export const sendingFeature: Feature = {
  name: "sending",
  register(ctx) {
    const engine = createSendingEngine(ctx);
    ctx.sending = engine;
    ctx.sendingLoop = null;
    ctx.hooks.on("campaigns.sendNow", async ({ campaignId }) => {
      await engine.pass(campaignId);
    });
    // A hold placed or resumed by another process: the next handoff reads the holds again.
    void ctx.bus.subscribe(HOLDS_CHANGED, (m) => engine.holds.bump((m as { workspaceId: string }).workspaceId));
  },
  start(ctx) {
    if (ctx.config.JOBS === "inline") ctx.sendingLoop = startSendingLoop(ctx, ctx.sending);
  },
  routes(app, ctx) {
    sendingRoutes(app, ctx);
    abRoutes(app, ctx);
    sendingOpsRoutes(app, ctx);
  },
  async close(ctx) {
    await ctx.sendingLoop?.stop();
    ctx.sendingLoop = null;
    await ctx.sending.close();
  },
};
