/**
 * HTTP for /api/ai/explain (docs/ai/explainability.md): the transparency picker and one output's
 * why, a lead's, a reply's and a recommendation's why, the models overview, the patterns, the
 * recommendations with their effect and the models' performance. Reading needs analytics:read.
 */
import {
  AiOutputExplanation,
  AiOutputPage,
  AiOutputsQuery,
  LeadWhy,
  ModelPerformanceQuery,
  ModelPerformanceResult,
  ModelsOverview,
  PatternsQuery,
  PatternsResult,
  RecommendationWhy,
  RecommendationWhyPage,
  RecommendationWhyQuery,
  ReplyWhy,
} from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import * as patterns from "./explain.patterns.ts";
import * as explain from "./explain.service.ts";

const IdParams = z.object({ id: z.uuid("id must be a UUID") });

export function explainRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["ai-explain"];
  const config = { access: "analytics:read" as const };
  const ws = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).workspaceId;

  r.get(
    "/api/ai/explain/outputs",
    { config, schema: { tags, querystring: AiOutputsQuery, response: { 200: AiOutputPage } } },
    async (request) => explain.outputs(ctx, ws(request), request.query),
  );
  r.get(
    "/api/ai/explain/actions/:id",
    { config, schema: { tags, params: IdParams, response: { 200: AiOutputExplanation } } },
    async (request) => explain.action(ctx, ws(request), request.params.id),
  );
  r.get("/api/ai/explain/leads/:id", { config, schema: { tags, params: IdParams, response: { 200: LeadWhy } } }, async (request) =>
    explain.leadWhy(ctx, ws(request), request.params.id),
  );
  r.get("/api/ai/explain/replies/:id", { config, schema: { tags, params: IdParams, response: { 200: ReplyWhy } } }, async (request) =>
    explain.replyWhy(ctx, ws(request), request.params.id),
  );
  r.get(
    "/api/ai/explain/recommendations",
    { config, schema: { tags, querystring: RecommendationWhyQuery, response: { 200: RecommendationWhyPage } } },
    async (request) => explain.recommendationsWhy(ctx, ws(request), request.query),
  );
  r.get(
    "/api/ai/explain/recommendations/:id",
    { config, schema: { tags, params: IdParams, response: { 200: RecommendationWhy } } },
    async (request) => explain.recommendationWhy(ctx, ws(request), request.params.id),
  );
  r.get("/api/ai/explain/models", { config, schema: { tags, response: { 200: ModelsOverview } } }, async (request) =>
    explain.models(ctx, ws(request)),
  );
  r.get(
    "/api/ai/explain/patterns",
    { config, schema: { tags, querystring: PatternsQuery, response: { 200: PatternsResult } } },
    async (request) => patterns.patterns(ctx, ws(request), request.query),
  );
  r.get(
    "/api/ai/explain/performance",
    { config, schema: { tags, querystring: ModelPerformanceQuery, response: { 200: ModelPerformanceResult } } },
    async (request) => explain.performance(ctx, ws(request), request.query),
  );
}
