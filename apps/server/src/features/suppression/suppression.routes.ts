/**
 * /api/suppression: the workspace's do-not-email list. Reading needs campaigns:read, changing it
 * campaigns:update (the role table has no suppression resource; docs/sending.md).
 */
import { ErrorBody, SuppressionCreate, SuppressionCreateResult, SuppressionList, SuppressionListQuery } from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import * as service from "./suppression.service.ts";

export function suppressionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["suppression"];

  r.get(
    "/api/suppression",
    {
      config: { access: "campaigns:read" },
      schema: {
        tags,
        summary: "Addresses never emailed again, newest first",
        querystring: SuppressionListQuery,
        response: { 200: SuppressionList },
      },
    },
    async (request) => service.listSuppressions(ctx, requireAuth(request).workspaceId, request.query),
  );

  r.post(
    "/api/suppression",
    {
      config: { access: "campaigns:update" },
      schema: {
        tags,
        summary: "Add addresses to the list",
        body: SuppressionCreate,
        response: { 200: SuppressionCreateResult, 422: ErrorBody },
      },
    },
    async (request) => service.addSuppressions(ctx, requireAuth(request).workspaceId, request.body),
  );

  r.delete(
    "/api/suppression/:email",
    {
      config: { access: "campaigns:update" },
      schema: {
        tags,
        summary: "Take an address off the list (it can be emailed again)",
        params: z.object({ email: z.string().max(320) }),
        response: { 204: z.null(), 404: ErrorBody },
      },
    },
    async (request, reply) => {
      await service.removeSuppression(ctx, requireAuth(request).workspaceId, request.params.email);
      return reply.status(204).send(null);
    },
  );
}
