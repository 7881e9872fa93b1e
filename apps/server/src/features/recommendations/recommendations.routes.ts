/**
 * HTTP for /api/playbooks and /api/recommendations. Reading needs analytics:read; applying needs
 * the permission of the change itself (checked in the service: campaigns:update for every rule so
 * far), dismiss and snooze need campaigns:update (they change what the team is advised).
 */
import {
  PlaybookQuery,
  Playbooks,
  PlaybookTemplateDetail,
  PlaybookTemplateUsed,
  PlaybookUseTemplate,
  Recommendation,
  RecommendationApplicationPage,
  RecommendationApplicationQuery,
  RecommendationListQuery,
  RecommendationPage,
  RecommendationRun,
  RecommendationSnooze,
} from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import * as playbook from "./recommendations.playbooks.ts";
import * as service from "./recommendations.service.ts";

const Id = z.object({ id: z.string() });
const Hash = z.object({ hash: z.string() });

export function recommendationsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["recommendations"];
  const read = { access: "analytics:read" as const };

  r.get("/api/playbooks", { config: read, schema: { tags, querystring: PlaybookQuery, response: { 200: Playbooks } } }, async (request) =>
    playbook.playbooks(ctx, requireAuth(request).workspaceId, request.query),
  );

  r.get(
    "/api/playbooks/templates/:hash",
    { config: read, schema: { tags, params: Hash, querystring: PlaybookQuery, response: { 200: PlaybookTemplateDetail } } },
    async (request) => playbook.templateDetail(ctx, requireAuth(request).workspaceId, request.params.hash, request.query.days),
  );

  r.post(
    "/api/playbooks/templates/:hash/use",
    {
      config: { access: "campaigns:update" },
      schema: { tags, params: Hash, body: PlaybookUseTemplate, response: { 200: PlaybookTemplateUsed } },
    },
    async (request) => playbook.useTemplate(ctx, requireAuth(request), request.params.hash, request.body),
  );

  r.get(
    "/api/recommendations",
    { config: read, schema: { tags, querystring: RecommendationListQuery, response: { 200: RecommendationPage } } },
    async (request) => service.listRecommendations(ctx, requireAuth(request).workspaceId, request.query),
  );

  r.get(
    "/api/recommendations/applications",
    { config: read, schema: { tags, querystring: RecommendationApplicationQuery, response: { 200: RecommendationApplicationPage } } },
    async (request) => service.listApplications(ctx, requireAuth(request).workspaceId, request.query),
  );

  // Generating changes no data of the workspace, only the advice: whoever may read it may ask.
  r.post(
    "/api/recommendations/runs",
    { config: read, schema: { tags, response: { 200: RecommendationRun, 202: RecommendationRun } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { run, created } = await service.requestGeneration(ctx, auth.workspaceId, auth.userId);
      reply.code(created ? 202 : 200);
      return run;
    },
  );

  r.get(
    "/api/recommendations/runs/latest",
    { config: read, schema: { tags, response: { 200: RecommendationRun.nullable() } } },
    async (request) => service.latestRun(ctx, requireAuth(request).workspaceId),
  );

  r.get(
    "/api/recommendations/runs/:id",
    { config: read, schema: { tags, params: Id, response: { 200: RecommendationRun } } },
    async (request) => service.getRun(ctx, requireAuth(request).workspaceId, request.params.id),
  );

  r.get("/api/recommendations/:id", { config: read, schema: { tags, params: Id, response: { 200: Recommendation } } }, async (request) =>
    service.getRecommendation(ctx, requireAuth(request).workspaceId, request.params.id),
  );

  // The route lets readers in; the service demands the permission of the change itself (403 otherwise).
  r.post(
    "/api/recommendations/:id/apply",
    { config: read, schema: { tags, params: Id, response: { 200: Recommendation } } },
    async (request) => service.apply(ctx, requireAuth(request), request.params.id),
  );

  r.post(
    "/api/recommendations/:id/dismiss",
    { config: { access: "campaigns:update" }, schema: { tags, params: Id, response: { 200: Recommendation } } },
    async (request) => service.dismiss(ctx, requireAuth(request).workspaceId, request.params.id),
  );

  r.post(
    "/api/recommendations/:id/snooze",
    { config: { access: "campaigns:update" }, schema: { tags, params: Id, body: RecommendationSnooze, response: { 200: Recommendation } } },
    async (request) => service.snooze(ctx, requireAuth(request).workspaceId, request.params.id, request.body.days),
  );
}
