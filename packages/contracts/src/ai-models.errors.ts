/** Error codes of the workspace's own models: registry, versions, deployments, drift and the feature store (docs/ai/models.md). */
import { defineErrors } from "./define-errors.ts";

export const aiModelsErrors = defineErrors({});
