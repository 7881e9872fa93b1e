/** HTTP for campaign analytics (outreach-core §7): metrics, trends, real-time, refresh; the workspace summary and trends. */
import {
  AnalyticsSummary,
  AnalyticsSummaryQuery,
  CampaignMetrics,
  CampaignRealTime,
  CampaignTrends,
  CampaignTrendsQuery,
  WorkspaceTrends,
  WorkspaceTrendsQuery,
} from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireAuth } from "../../platform/auth-context.ts";
import {
  analyticsSummary,
  campaignMetrics,
  campaignRealTime,
  campaignTrends,
  refreshMetrics,
  workspaceTrends,
} from "./campaigns.analytics.service.ts";
import type { CampaignCtx } from "./campaigns.service.ts";

const Id = z.object({ id: z.string() });
const tags = ["campaigns"];

export function campaignAnalyticsRoutes(app: FastifyInstance, ctx: CampaignCtx): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ws = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).workspaceId;

  r.get(
    "/api/campaigns/:id/metrics",
    { config: { access: "campaigns:read" }, schema: { tags, params: Id, response: { 200: CampaignMetrics } } },
    async (request) => campaignMetrics(ctx, ws(request), request.params.id),
  );

  // Recomputing busts cached figures only; reading access is enough.
  r.post(
    "/api/campaigns/:id/metrics/refresh",
    { config: { access: "campaigns:read" }, schema: { tags, params: Id, response: { 200: CampaignMetrics } } },
    async (request) => refreshMetrics(ctx, ws(request), request.params.id),
  );

  r.get(
    "/api/campaigns/:id/trends",
    {
      config: { access: "campaigns:read" },
      schema: { tags, params: Id, querystring: CampaignTrendsQuery, response: { 200: CampaignTrends } },
    },
    async (request) => campaignTrends(ctx, ws(request), request.params.id, request.query),
  );

  r.get(
    "/api/campaigns/:id/real-time",
    { config: { access: "campaigns:read" }, schema: { tags, params: Id, response: { 200: CampaignRealTime } } },
    async (request) => campaignRealTime(ctx, ws(request), request.params.id),
  );
}

/**
 * Across campaigns: the analytics permission, so analysts (analytics:read, no campaigns:read) see
 * them. Registered before any /api/campaigns/:id route, so "analytics" is never read as an id.
 */
export function workspaceAnalyticsRoutes(app: FastifyInstance, ctx: CampaignCtx): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/campaigns/analytics/summary",
    { config: { access: "analytics:read" }, schema: { tags, querystring: AnalyticsSummaryQuery, response: { 200: AnalyticsSummary } } },
    async (request) => analyticsSummary(ctx, requireAuth(request).workspaceId, request.query.days),
  );

  r.get(
    "/api/campaigns/analytics/trends",
    {
      config: { access: "analytics:read" },
      schema: {
        tags,
        summary: "Daily series across the workspace's campaigns and the most active campaigns' totals in the range",
        querystring: WorkspaceTrendsQuery,
        response: { 200: WorkspaceTrends },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return workspaceTrends(ctx, { workspaceId: auth.workspaceId, userId: auth.userId }, request.query);
    },
  );
}
