/** HTTP for /api/pipeline and /api/deal-insights (outreach-core §7 "Pipeline"). */
import {
  Alert,
  AlertsQuery,
  BottlenecksAnswer,
  BottlenecksQuery,
  DataQuality,
  DealHealth,
  DealInsights,
  Forecast,
  ForecastQuery,
  HealthAction,
  HealthActionResult,
  HealthOverview,
  HealthOverviewQuery,
  ScopeQuery,
} from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import * as pipeline from "./pipeline.service.ts";

const Id = z.object({ id: z.string() });

export function pipelineRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["pipeline"];
  // The pipeline is the CRM's deals: whoever may read them may read its health (a sales rep, own deals).
  const read = { access: "crm:read" as const };

  r.get(
    "/api/pipeline/health/overview",
    { config: read, schema: { tags, querystring: HealthOverviewQuery, response: { 200: HealthOverview } } },
    async (request) => {
      const auth = requireAuth(request);
      return pipeline.overview(ctx, pipeline.scopeOf(auth, request.query.role), request.query);
    },
  );

  r.get(
    "/api/pipeline/bottlenecks",
    { config: read, schema: { tags, querystring: BottlenecksQuery, response: { 200: BottlenecksAnswer } } },
    async (request) => {
      const auth = requireAuth(request);
      return pipeline.bottlenecks(ctx, pipeline.scopeOf(auth, request.query.role), request.query);
    },
  );

  r.get(
    "/api/pipeline/forecasts/precomputed",
    { config: read, schema: { tags, querystring: ForecastQuery, response: { 200: Forecast } } },
    async (request) => {
      const auth = requireAuth(request);
      return pipeline.forecast(ctx, pipeline.scopeOf(auth, request.query.role), request.query);
    },
  );

  r.get("/api/pipeline/health/deal/:id", { config: read, schema: { tags, params: Id, response: { 200: DealHealth } } }, async (request) =>
    pipeline.dealHealth(ctx, requireAuth(request).workspaceId, request.params.id),
  );

  r.get(
    "/api/pipeline/health/data-quality",
    { config: read, schema: { tags, querystring: ScopeQuery, response: { 200: DataQuality } } },
    async (request) => {
      const auth = requireAuth(request);
      return pipeline.dataQuality(ctx, pipeline.scopeOf(auth, request.query.role));
    },
  );

  r.get(
    "/api/pipeline/health/alerts",
    { config: read, schema: { tags, querystring: AlertsQuery, response: { 200: z.array(Alert) } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { alerts, total } = await pipeline.alerts(ctx, pipeline.scopeOf(auth, request.query.role), request.query);
      reply.header("x-total-count", String(total));
      return alerts;
    },
  );

  r.post(
    "/api/pipeline/health/actions",
    { config: { access: "crm:update" }, schema: { tags, body: HealthAction, response: { 200: HealthActionResult } } },
    async (request) => pipeline.runAction(ctx, requireAuth(request), request.body),
  );

  r.get("/api/deal-insights/:id", { config: read, schema: { tags, params: Id, response: { 200: DealInsights } } }, async (request) =>
    pipeline.dealInsights(ctx, requireAuth(request).workspaceId, request.params.id),
  );
}
