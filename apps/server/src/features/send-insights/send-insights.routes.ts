/** HTTP for /api/send-insights: the send-time optimizer, apply-to-campaign, and provider intelligence. */
import {
  InsightsCache,
  InsightsRecompute,
  MxLookupJob,
  MxRefresh,
  ProviderDomainPage,
  ProviderDomainsQuery,
  ProviderInsights,
  ProviderQuery,
  SendTimeApplied,
  SendTimeApply,
  SendTimeInsights,
  SendTimePreview,
  SendTimeQuery,
} from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import * as providers from "./send-insights.provider-service.ts";
import * as sendTime from "./send-insights.send-time.ts";

const Id = z.object({ id: z.string() });

export function sendInsightsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["send-insights"];
  const read = { access: "analytics:read" as const };

  r.get(
    "/api/send-insights/send-time",
    { config: read, schema: { tags, querystring: SendTimeQuery, response: { 200: SendTimeInsights } } },
    async (request) => sendTime.sendTimeInsights(ctx, requireAuth(request).workspaceId, request.query),
  );

  // Recomputing a stored answer changes no data: whoever may read it may ask (202 queued, 200 already under way).
  r.post(
    "/api/send-insights/send-time/recompute",
    { config: read, schema: { tags, body: InsightsRecompute, response: { 200: InsightsCache, 202: InsightsCache } } },
    async (request, reply) => {
      const { cache, queued } = await sendTime.recomputeSendTime(ctx, requireAuth(request).workspaceId, request.body);
      reply.code(queued ? 202 : 200);
      return cache;
    },
  );

  // A preview changes nothing; whoever may read the insights and the campaign may see it.
  r.post(
    "/api/send-insights/send-time/preview",
    { config: { access: "campaigns:read" }, schema: { tags, body: SendTimeApply, response: { 200: SendTimePreview } } },
    async (request) => sendTime.previewApply(ctx, requireAuth(request).workspaceId, request.body),
  );

  r.post(
    "/api/send-insights/send-time/apply",
    { config: { access: "campaigns:update" }, schema: { tags, body: SendTimeApply, response: { 200: SendTimeApplied } } },
    async (request) => sendTime.applyToCampaign(ctx, requireAuth(request), request.body),
  );

  r.get(
    "/api/send-insights/providers",
    { config: read, schema: { tags, querystring: ProviderQuery, response: { 200: ProviderInsights } } },
    async (request) => providers.providerInsights(ctx, requireAuth(request).workspaceId, request.query),
  );

  r.post(
    "/api/send-insights/providers/recompute",
    { config: read, schema: { tags, body: InsightsRecompute, response: { 200: InsightsCache, 202: InsightsCache } } },
    async (request, reply) => {
      const { cache, queued } = await providers.recomputeProviders(ctx, requireAuth(request).workspaceId, request.body);
      reply.code(queued ? 202 : 200);
      return cache;
    },
  );

  r.get(
    "/api/send-insights/providers/domains",
    { config: read, schema: { tags, querystring: ProviderDomainsQuery, response: { 200: ProviderDomainPage } } },
    async (request) => providers.providerDomains(ctx, requireAuth(request).workspaceId, request.query),
  );

  r.post(
    "/api/send-insights/providers/refresh",
    { config: { access: "leads:update" }, schema: { tags, body: MxRefresh, response: { 200: MxLookupJob, 202: MxLookupJob } } },
    async (request, reply) => {
      const { job, created } = await providers.startLookup(ctx, requireAuth(request), request.body.force);
      reply.code(created ? 202 : 200);
      return job;
    },
  );

  r.get(
    "/api/send-insights/providers/lookup-jobs/latest",
    { config: read, schema: { tags, response: { 200: MxLookupJob.nullable() } } },
    async (request) => providers.latestLookupJob(ctx, requireAuth(request).workspaceId),
  );

  r.get(
    "/api/send-insights/providers/lookup-jobs/:id",
    { config: read, schema: { tags, params: Id, response: { 200: MxLookupJob } } },
    async (request) => providers.getLookupJob(ctx, requireAuth(request).workspaceId, request.params.id),
  );
}
