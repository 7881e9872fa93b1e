import type { Feature } from "../../platform/feature.ts";
import { aiModelsRoutes } from "./ai-models.routes.ts";

/** The workspace's own models (docs/ai/models.md): registry, versions, deployments and rollback, drift, and the feature store. */
export const aiModelsFeature: Feature = {
  name: "ai-models",
  routes: aiModelsRoutes,
};
