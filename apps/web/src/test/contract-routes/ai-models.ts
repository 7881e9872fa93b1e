/** The ai-models routes' success bodies (see ../contract-routes.ts), copied from apps/server/src/features/ai-models/ai-models.routes.ts. */
import {
  AiModelDeploymentPage,
  AiModelRegistry,
  AiModelVersionDetail,
  AiModelVersionPage,
  DeployResult,
  DriftOverview,
  FeatureStore,
  FeatureVector,
  SendTimeTrainAccepted,
} from "@prospector/contracts";
import type { StatusSchemas } from "../contract-routes.ts";

export const AI_MODELS_ROUTES: Record<string, StatusSchemas> = {
  "GET /api/ai-models/registry": { 200: AiModelRegistry },
  "GET /api/ai-models/versions": { 200: AiModelVersionPage },
  "GET /api/ai-models/:task/versions/:version": { 200: AiModelVersionDetail },
  "POST /api/ai-models/send-time/train": { 202: SendTimeTrainAccepted },
  "POST /api/ai-models/:task/deploy": { 200: DeployResult },
  "POST /api/ai-models/:task/rollback": { 200: DeployResult },
  "GET /api/ai-models/deployments": { 200: AiModelDeploymentPage },
  "GET /api/ai-models/drift": { 200: DriftOverview },
  "POST /api/ai-models/drift/compute": { 200: DriftOverview },
  "GET /api/ai-models/feature-store": { 200: FeatureStore },
  "GET /api/ai-models/feature-store/vector": { 200: FeatureVector },
};
