/** The workspace's own models (docs/ai/models.md): registry, versions, deployments and rollback, drift, and the feature store. */
import type { Feature } from "../../platform/feature.ts";
import { type DriftSchedule, defineAiModelsJobs, startDriftSchedule } from "./ai-models.jobs.ts";
import { aiModelsRoutes } from "./ai-models.routes.ts";

declare module "../../context.ts" {
  interface AppContext {
    /** The ticker that queues drift snapshots (null where jobs do not run inline). */
    aiModelsDriftSchedule: DriftSchedule | null;
  }
}

export const aiModelsFeature: Feature = {
  name: "ai-models",
  register(ctx) {
    defineAiModelsJobs(ctx);
    ctx.aiModelsDriftSchedule = null;
  },
  start(ctx) {
    ctx.aiModelsDriftSchedule = startDriftSchedule(ctx);
  },
  routes: aiModelsRoutes,
  close(ctx) {
    ctx.aiModelsDriftSchedule?.stop();
  },
};
