/**
 * /api/v1/rbac/tokens: scoped, expiring access tokens. Managed signed in only (API keys and
 * tokens themselves are refused), so a token can never mint or widen another.
 */
import {
  AccessTokenCreate,
  AccessTokenCreated,
  AccessTokenPage,
  AccessTokenQuery,
  TokenValidateRequest,
  TokenValidateResult,
} from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import * as tokens from "./access-tokens.service.ts";

const RBAC = "/api/v1/rbac";
const tags = ["access control"];

export function accessTokensRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    `${RBAC}/tokens`,
    {
      config: { access: "authenticated", apiKeyScope: false },
      schema: { tags, body: AccessTokenCreate, response: { 201: AccessTokenCreated } },
    },
    async (request, reply) => reply.status(201).send(await tokens.createToken(ctx, requireAuth(request), request.body)),
  );
  app.get(
    `${RBAC}/tokens`,
    {
      config: { access: "authenticated", apiKeyScope: false },
      schema: { tags, querystring: AccessTokenQuery, response: { 200: AccessTokenPage } },
    },
    async (request) => tokens.listTokens(ctx, requireAuth(request), request.query),
  );
  app.post(
    `${RBAC}/tokens/validate`,
    {
      config: { access: "authenticated", apiKeyScope: false },
      schema: { tags, body: TokenValidateRequest, response: { 200: TokenValidateResult } },
    },
    async (request) => tokens.validateToken(ctx, request.body.token),
  );
  app.delete(
    `${RBAC}/tokens/:id`,
    { config: { access: "authenticated", apiKeyScope: false }, schema: { tags, params: z.object({ id: z.string() }) } },
    async (request, reply) => {
      await tokens.revokeToken(ctx, requireAuth(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
