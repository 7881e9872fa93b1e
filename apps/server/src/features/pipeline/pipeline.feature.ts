import type { Feature } from "../../platform/feature.ts";
import { pipelineRoutes } from "./pipeline.routes.ts";

/** Pipeline health, bottlenecks, forecasts, alerts and deal insights over the CRM's deals. */
export const pipelineFeature: Feature = {
  name: "pipeline",
  routes: pipelineRoutes,
};
