/** HTTP for /api/campaign-intelligence: the six pages' reads (docs/analytics/campaign-intelligence.md). */
import {
  AgentsState,
  AttentionCenter,
  AutomationEffect,
  AutomationEffectQuery,
  CiPerformancePage,
  CiPerformanceQuery,
  CiReplyIntel,
  CiReplyIntelQuery,
  CiReplyLatestPage,
  CiReplyLatestQuery,
  CiSequenceQuery,
  CiSequenceReport,
} from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import * as insights from "./campaign-intelligence.insights.ts";
import * as ci from "./campaign-intelligence.service.ts";

export function campaignIntelligenceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["campaign-intelligence"];
  const config = { access: "analytics:read" as const };
  const base = "/api/campaign-intelligence";

  r.get(`${base}/center`, { config, schema: { tags, response: { 200: AttentionCenter } } }, async (request) =>
    ci.attentionCenter(ctx, requireAuth(request).workspaceId),
  );
  r.get(
    `${base}/performance`,
    { config, schema: { tags, querystring: CiPerformanceQuery, response: { 200: CiPerformancePage } } },
    async (request) => ci.performance(ctx, requireAuth(request).workspaceId, request.query),
  );
  r.get(
    `${base}/automation`,
    { config, schema: { tags, querystring: AutomationEffectQuery, response: { 200: AutomationEffect } } },
    async (request) => insights.automationEffect(ctx, requireAuth(request).workspaceId, request.query),
  );
  r.get(
    `${base}/sequences`,
    { config, schema: { tags, querystring: CiSequenceQuery, response: { 200: CiSequenceReport } } },
    async (request) => insights.sequences(ctx, requireAuth(request).workspaceId, request.query),
  );
  r.get(`${base}/replies`, { config, schema: { tags, querystring: CiReplyIntelQuery, response: { 200: CiReplyIntel } } }, async (request) =>
    insights.replyIntel(ctx, requireAuth(request).workspaceId, request.query),
  );
  r.get(
    `${base}/replies/latest`,
    { config, schema: { tags, querystring: CiReplyLatestQuery, response: { 200: CiReplyLatestPage } } },
    async (request) => insights.latestReplies(ctx, requireAuth(request).workspaceId, request.query),
  );
  r.get(`${base}/agents`, { config, schema: { tags, response: { 200: AgentsState } } }, async (request) =>
    insights.agents(ctx, requireAuth(request).workspaceId),
  );
}
