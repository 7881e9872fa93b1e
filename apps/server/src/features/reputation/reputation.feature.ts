import type { Feature } from "../../platform/feature.ts";
import { defineReputationJobs, type ReputationSchedule, startReputationSchedule } from "./reputation.jobs.ts";
import { reputationRoutes } from "./reputation.routes.ts";

declare module "../../context.ts" {
  interface AppContext {
    /** The ticker that queues reputation refreshes (null where jobs do not run inline). */
    reputationSchedule: ReputationSchedule | null;
  }
}

/** Reputation over time per domain and inbox, threshold alerts, and the deliverability game's scores and tasks (docs/reputation.md). */
export const reputationFeature: Feature = {
  name: "reputation",
  register(ctx) {
    defineReputationJobs(ctx);
    ctx.reputationSchedule = null;
  },
  start(ctx) {
    ctx.reputationSchedule = startReputationSchedule(ctx);
  },
  routes: reputationRoutes,
  close(ctx) {
    ctx.reputationSchedule?.stop();
  },
};
