/** HTTP for /api/analytics/intelligence: insights (runs), competitive benchmarks, lead sources. */
import {
  Benchmark,
  BenchmarkInput,
  BenchmarkList,
  BenchmarkListQuery,
  CompetitiveAnswer,
  CompetitiveQuery,
  InsightRun,
  InsightsAnswer,
  InsightsRecomputeBody,
  LeadSourceAnswer,
  LeadSourceQuery,
} from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import * as svc from "./intelligence.service.ts";

const Id = z.object({ id: z.uuid("Not a valid id") });

export function intelligenceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["analytics-intelligence"];
  const read = { access: "analytics:read" as const };
  // Benchmarks are shared reference figures of the workspace: changing them is an admin's call.
  const write = { access: "analytics:update" as const };

  r.get("/api/analytics/intelligence/insights", { config: read, schema: { tags, response: { 200: InsightsAnswer } } }, async (request) =>
    svc.getInsights(ctx, requireAuth(request).workspaceId),
  );

  // A recompute changes no data: whoever may read the insights may ask (202 queued, 200 already under way).
  r.post(
    "/api/analytics/intelligence/insights/recompute",
    { config: read, schema: { tags, body: InsightsRecomputeBody.optional(), response: { 200: InsightRun, 202: InsightRun } } },
    async (request, reply) => {
      const { run, created } = await svc.requestInsights(ctx, requireAuth(request), request.body ?? {});
      reply.code(created ? 202 : 200);
      return run;
    },
  );

  r.get(
    "/api/analytics/intelligence/insights/runs/:id",
    { config: read, schema: { tags, params: Id, response: { 200: InsightRun } } },
    async (request) => svc.getInsightRun(ctx, requireAuth(request).workspaceId, request.params.id),
  );

  r.get(
    "/api/analytics/intelligence/competitive",
    { config: read, schema: { tags, querystring: CompetitiveQuery, response: { 200: CompetitiveAnswer } } },
    async (request) => svc.competitive(ctx, requireAuth(request).workspaceId, request.query),
  );

  r.get(
    "/api/analytics/intelligence/benchmarks",
    { config: read, schema: { tags, querystring: BenchmarkListQuery, response: { 200: BenchmarkList } } },
    async (request) => svc.listBenchmarks(ctx, requireAuth(request).workspaceId, request.query),
  );

  r.post(
    "/api/analytics/intelligence/benchmarks",
    { config: write, schema: { tags, body: BenchmarkInput, response: { 201: Benchmark } } },
    async (request, reply) => {
      reply.code(201);
      return svc.createBenchmark(ctx, requireAuth(request), request.body);
    },
  );

  r.put(
    "/api/analytics/intelligence/benchmarks/:id",
    { config: write, schema: { tags, params: Id, body: BenchmarkInput, response: { 200: Benchmark } } },
    async (request) => svc.updateBenchmark(ctx, requireAuth(request).workspaceId, request.params.id, request.body),
  );

  r.delete("/api/analytics/intelligence/benchmarks/:id", { config: write, schema: { tags, params: Id } }, async (request, reply) => {
    await svc.deleteBenchmark(ctx, requireAuth(request).workspaceId, request.params.id);
    reply.code(204);
  });

  r.get(
    "/api/analytics/intelligence/lead-sources",
    { config: read, schema: { tags, querystring: LeadSourceQuery, response: { 200: LeadSourceAnswer } } },
    async (request) => svc.leadSources(ctx, requireAuth(request).workspaceId, request.query),
  );
}
