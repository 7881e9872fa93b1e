import type { Feature } from "../../platform/feature.ts";
import { defineRecommendationJobs, type RecommendationSchedule, startRecommendationSchedule } from "./recommendations.jobs.ts";
import { recommendationsRoutes } from "./recommendations.routes.ts";

declare module "../../context.ts" {
  interface AppContext {
    /** The daily generation schedule (null where jobs do not run inline). */
    recommendationSchedule: RecommendationSchedule | null;
  }
}

/** Playbooks and recommendations from the workspace's own evidence (docs/analytics/recommendations.md). */
export const recommendationsFeature: Feature = {
  name: "recommendations",
  register(ctx) {
    defineRecommendationJobs(ctx);
    ctx.recommendationSchedule = null;
  },
  start(ctx) {
    ctx.recommendationSchedule = startRecommendationSchedule(ctx);
  },
  routes: recommendationsRoutes,
  close(ctx) {
    ctx.recommendationSchedule?.stop();
  },
};
