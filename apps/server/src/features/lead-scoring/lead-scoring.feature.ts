/** Predictive lead scoring: a model trained on the workspace's own outcomes, and its predictions (docs/analytics/lead-scoring.md). */
import type { Feature } from "../../platform/feature.ts";
import { defineLeadScoringJobs, type LeadScoringSchedule, startLeadScoringSchedule } from "./lead-scoring.jobs.ts";
import { leadScoringRoutes } from "./lead-scoring.routes.ts";

declare module "../../context.ts" {
  interface AppContext {
    /** The ticker that queues rescoring (null where jobs do not run inline). */
    leadScoringSchedule: LeadScoringSchedule | null;
  }
}

export const leadScoringFeature: Feature = {
  name: "lead-scoring",
  register(ctx) {
    defineLeadScoringJobs(ctx);
    ctx.leadScoringSchedule = null;
  },
  start(ctx) {
    ctx.leadScoringSchedule = startLeadScoringSchedule(ctx);
  },
  routes: leadScoringRoutes,
  close(ctx) {
    ctx.leadScoringSchedule?.stop();
  },
};
