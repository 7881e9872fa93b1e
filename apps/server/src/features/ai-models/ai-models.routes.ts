/**
 * HTTP for /api/ai-models (docs/ai/models.md): the registry, versions, deployments, drift and the
 * feature store. Reading needs analytics:read (a lead's feature vector leads:read); deploying, rolling
 * back and training the send-time model need analytics:update (admins by default).
 */
import {
  AiModelDeploymentPage,
  AiModelDeploymentsQuery,
  AiModelRegistry,
  AiModelTaskParams,
  AiModelVersionDetail,
  AiModelVersionPage,
  AiModelVersionParams,
  AiModelVersionsQuery,
  DeployInput,
  DeployResult,
  DriftOverview,
  DriftQuery,
  FeatureStore,
  FeatureVector,
  FeatureVectorQuery,
  RollbackInput,
  SendTimeTrainAccepted,
  SendTimeTrainInput,
} from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import { computeMissing, driftOverview } from "./ai-models.drift.ts";
import { featureStore, featureVector } from "./ai-models.feature-store.ts";
import { startSendTimeTraining } from "./ai-models.send-time.ts";
import * as models from "./ai-models.service.ts";

export function aiModelsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["ai-models"];
  const read = { access: "analytics:read" as const };
  const write = { access: "analytics:update" as const };

  r.get("/api/ai-models/registry", { config: read, schema: { tags, response: { 200: AiModelRegistry } } }, async (request) =>
    models.registry(ctx, requireAuth(request).workspaceId),
  );

  r.get(
    "/api/ai-models/versions",
    { config: read, schema: { tags, querystring: AiModelVersionsQuery, response: { 200: AiModelVersionPage } } },
    async (request) => models.versions(ctx, requireAuth(request).workspaceId, request.query),
  );

  r.get(
    "/api/ai-models/:task/versions/:version",
    { config: read, schema: { tags, params: AiModelVersionParams, response: { 200: AiModelVersionDetail } } },
    async (request) => models.versionDetail(ctx, requireAuth(request).workspaceId, request.params.task, request.params.version),
  );

  r.post(
    "/api/ai-models/send-time/train",
    { config: write, schema: { tags, body: SendTimeTrainInput, response: { 202: SendTimeTrainAccepted } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const out = await startSendTimeTraining(ctx, auth.workspaceId, auth.userId, request.body?.days ?? 180);
      return reply.status(202).send(out);
    },
  );

  r.post(
    "/api/ai-models/:task/deploy",
    { config: write, schema: { tags, params: AiModelTaskParams, body: DeployInput, response: { 200: DeployResult } } },
    async (request) => {
      const auth = requireAuth(request);
      return models.deploy(ctx, { workspaceId: auth.workspaceId, userId: auth.userId }, request.params.task, request.body);
    },
  );

  r.post(
    "/api/ai-models/:task/rollback",
    { config: write, schema: { tags, params: AiModelTaskParams, body: RollbackInput, response: { 200: DeployResult } } },
    async (request) => {
      const auth = requireAuth(request);
      return models.rollback(
        ctx,
        { workspaceId: auth.workspaceId, userId: auth.userId },
        request.params.task,
        request.body ?? { reason: "" },
      );
    },
  );

  r.get(
    "/api/ai-models/deployments",
    { config: read, schema: { tags, querystring: AiModelDeploymentsQuery, response: { 200: AiModelDeploymentPage } } },
    async (request) => models.deployments(ctx, requireAuth(request).workspaceId, request.query),
  );

  r.get(
    "/api/ai-models/drift",
    { config: read, schema: { tags, querystring: DriftQuery, response: { 200: DriftOverview } } },
    async (request) => driftOverview(ctx, requireAuth(request).workspaceId, request.query.days),
  );

  r.post(
    "/api/ai-models/drift/compute",
    { config: read, schema: { tags, querystring: DriftQuery, response: { 200: DriftOverview } } },
    async (request) => {
      const ws = requireAuth(request).workspaceId;
      await computeMissing(ctx, ws);
      return driftOverview(ctx, ws, request.query.days);
    },
  );

  r.get("/api/ai-models/feature-store", { config: read, schema: { tags, response: { 200: FeatureStore } } }, async (request) =>
    featureStore(ctx, requireAuth(request).workspaceId),
  );

  r.get(
    "/api/ai-models/feature-store/vector",
    { config: { access: "leads:read" as const }, schema: { tags, querystring: FeatureVectorQuery, response: { 200: FeatureVector } } },
    async (request) => featureVector(ctx, requireAuth(request).workspaceId, request.query.lead),
  );
}
