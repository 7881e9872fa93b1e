/** HTTP for the analytics engine: the catalogue, a report query, and the aggregates' refresh. */
import {
  AnalyticsCatalog,
  AnalyticsRefreshRequest,
  AnalyticsRefreshStatus,
  DIMENSION_LABELS,
  DimensionKey,
  METRICS,
  MetricKey,
  ReportQuery,
  ReportResult,
} from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import { runReport } from "./analytics.engine.ts";
import { refreshStatus, requestRefresh } from "./engine.refresh.ts";

const CATALOG: AnalyticsCatalog = {
  metrics: MetricKey.options.map((key) => {
    const m = METRICS[key];
    return { key, label: m.label, kind: m.kind, source: m.source, dimensions: [...m.dimensions] };
  }),
  dimensions: DimensionKey.options.map((key) => ({ key, label: DIMENSION_LABELS[key] })),
};

export function engineRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["analytics"];
  const read = { access: "analytics:read" as const };

  r.get("/api/analytics/catalog", { config: read, schema: { tags, response: { 200: AnalyticsCatalog } } }, async () => CATALOG);

  r.post("/api/analytics/query", { config: read, schema: { tags, body: ReportQuery, response: { 200: ReportResult } } }, async (request) =>
    runReport(ctx, requireAuth(request).workspaceId, request.body),
  );

  r.get("/api/analytics/refresh", { config: read, schema: { tags, response: { 200: AnalyticsRefreshStatus } } }, async (request) =>
    refreshStatus(ctx, requireAuth(request).workspaceId),
  );

  // Refreshing recomputes what the workspace's data already says: whoever may read it may ask.
  r.post(
    "/api/analytics/refresh",
    { config: read, schema: { tags, body: AnalyticsRefreshRequest, response: { 202: AnalyticsRefreshStatus } } },
    async (request, reply) => {
      const status = await requestRefresh(ctx, requireAuth(request).workspaceId, request.body.full);
      reply.code(202);
      return status;
    },
  );
}
