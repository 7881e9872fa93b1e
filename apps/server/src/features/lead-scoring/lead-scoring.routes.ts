/**
 * HTTP for /api/lead-scoring: the model (active, history, data counts), training and its job, the
 * ranked predictions and one lead's explanation. Reading needs analytics:read; training needs
 * leads:update (it writes a prediction for every lead: the same right as changing leads).
 */
import {
  LeadPredictionPage,
  LeadPredictionsQuery,
  LeadScoreExplanation,
  LeadScoreOverview,
  LeadScoreOverviewQuery,
  LeadScoreTrainInput,
  LeadScoreTrainJob,
} from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import * as scoring from "./lead-scoring.service.ts";

const IdParams = z.object({ id: z.uuid("id must be a UUID") });

export function leadScoringRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["lead-scoring"];
  const read = { access: "analytics:read" as const };
  const train = { access: "leads:update" as const };

  r.get(
    "/api/lead-scoring/model",
    { config: read, schema: { tags, querystring: LeadScoreOverviewQuery, response: { 200: LeadScoreOverview } } },
    async (request) => scoring.overview(ctx, requireAuth(request).workspaceId, request.query),
  );

  r.post(
    "/api/lead-scoring/train",
    { config: train, schema: { tags, body: LeadScoreTrainInput, response: { 202: LeadScoreTrainJob } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const job = await scoring.startTraining(ctx, auth.workspaceId, auth.userId, request.body ?? {});
      return reply.status(202).send(job);
    },
  );

  r.get(
    "/api/lead-scoring/train-jobs/:id",
    { config: read, schema: { tags, params: IdParams, response: { 200: LeadScoreTrainJob } } },
    async (request) => scoring.trainJob(ctx, requireAuth(request).workspaceId, request.params.id),
  );

  r.get(
    "/api/lead-scoring/predictions",
    { config: read, schema: { tags, querystring: LeadPredictionsQuery, response: { 200: LeadPredictionPage } } },
    async (request) => scoring.predictions(ctx, requireAuth(request).workspaceId, request.query),
  );

  r.get(
    "/api/lead-scoring/leads/:id",
    { config: read, schema: { tags, params: IdParams, response: { 200: LeadScoreExplanation } } },
    async (request) => scoring.explain(ctx, requireAuth(request).workspaceId, request.params.id),
  );
}
