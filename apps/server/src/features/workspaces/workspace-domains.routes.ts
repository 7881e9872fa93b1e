/** HTTP for domain verification under /api/v1/workspaces/:id/domain(s) (workspaces:update in the path's workspace). */
import { DomainVerification, DomainVerificationList, DomainVerifyRequest } from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import * as service from "./workspace-domains.service.ts";

const Ws = z.object({ id: z.string() });

export function domainsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["workspaces"];
  // Signed in here (never an API key: the catalogue has no workspaces:update scope); the permission
  // is decided in the workspace of the path.
  const update = { access: "authenticated", apiKeyScope: false } as const;

  r.post(
    "/api/v1/workspaces/:id/domain/verify",
    {
      config: update,
      schema: { tags, params: Ws, body: DomainVerifyRequest, response: { 200: DomainVerification, 201: DomainVerification } },
    },
    async (request, reply) => {
      const { verification, created } = await service.startVerification(ctx, requireAuth(request), request.params.id, request.body);
      return reply.status(created ? 201 : 200).send(verification);
    },
  );
  r.get(
    "/api/v1/workspaces/:id/domain/verify/:verificationId",
    { config: update, schema: { tags, params: Ws.extend({ verificationId: z.string() }), response: { 200: DomainVerification } } },
    async (request) => service.checkVerification(ctx, requireAuth(request), request.params.id, request.params.verificationId),
  );
  r.delete(
    "/api/v1/workspaces/:id/domain/:domain",
    { config: update, schema: { tags, params: Ws.extend({ domain: z.string().max(253) }) } },
    async (request, reply) => {
      await service.deleteVerification(ctx, requireAuth(request), request.params.id, request.params.domain);
      return reply.status(204).send();
    },
  );
  r.get(
    "/api/v1/workspaces/:id/domains",
    { config: update, schema: { tags, params: Ws, response: { 200: DomainVerificationList } } },
    async (request) => service.listVerifications(ctx, requireAuth(request), request.params.id),
  );
}
