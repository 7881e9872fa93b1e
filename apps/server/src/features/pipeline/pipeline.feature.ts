import type { Feature } from "../../platform/feature.ts";
import { definePipelineJobs } from "./pipeline.jobs.ts";
import { pipelineRoutes } from "./pipeline.routes.ts";

/**
 * Pipeline health, bottlenecks, forecasts, alerts and deal insights over the CRM's deals.
 * Subscribes to "crm.dealsChanged" to keep its precomputed forecasts fresh (pipeline.jobs.ts).
 */
export const pipelineFeature: Feature = {
  name: "pipeline",
  register: definePipelineJobs,
  routes: pipelineRoutes,
};
