import type { Feature } from "../../platform/feature.ts";
import { replyIntentRoutes } from "./reply-intent.routes.ts";
import { classifyReceived, performReclassify, RECLASSIFY_JOB } from "./reply-intent.service.ts";

/** Reply intent (docs/ai/reply-intent.md): the built-in reply classifier and each received reply's class with its reasons. */
export const replyIntentFeature: Feature = {
  name: "reply-intent",
  register(ctx) {
    ctx.hooks.on("replies.received", (e) => classifyReceived(ctx, e));
    ctx.jobs.define<{ jobId: string }>(RECLASSIFY_JOB, (data) => performReclassify(ctx, data.jobId), {
      expireInSeconds: 30 * 60,
      retryLimit: 1,
    });
  },
  routes: replyIntentRoutes,
};
