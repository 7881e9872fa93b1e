/** API keys under /api/user-settings/api-keys (key authentication is set up by the feature's register). */
import { ApiKey, ApiKeyCreate, ApiKeyCreated, ApiKeyUpdate, ApiKeyUsage, ApiPermission } from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import * as keys from "./api-keys.service.ts";

const BASE = "/api/user-settings/api-keys";
const IdParams = z.object({ id: z.string() });

export function apiKeysRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ["api-keys"];
  // Keys never see or manage keys (the service refuses writes too).
  const sessionOnly = { access: "authenticated" as const, apiKeyScope: false as const };

  app.get(BASE, { config: sessionOnly, schema: { tags, response: { 200: z.array(ApiKey) } } }, (req) =>
    keys.listApiKeys(ctx, requireAuth(req)),
  );
  app.get(`${BASE}/permissions`, { config: sessionOnly, schema: { tags, response: { 200: z.array(ApiPermission) } } }, () =>
    keys.apiKeyPermissions(),
  );
  app.get(`${BASE}/usage`, { config: sessionOnly, schema: { tags, response: { 200: ApiKeyUsage } } }, (req) =>
    keys.usageOfApiKeys(ctx, requireAuth(req)),
  );
  app.post(BASE, { config: sessionOnly, schema: { tags, body: ApiKeyCreate, response: { 201: ApiKeyCreated } } }, async (req, reply) =>
    reply.status(201).send(await keys.createApiKey(ctx, requireAuth(req), req.body)),
  );
  app.get(`${BASE}/:id/usage`, { config: sessionOnly, schema: { tags, params: IdParams, response: { 200: ApiKeyUsage } } }, (req) =>
    keys.usageOfApiKeys(ctx, requireAuth(req), req.params.id),
  );
  app.put(
    `${BASE}/:id`,
    { config: sessionOnly, schema: { tags, params: IdParams, body: ApiKeyUpdate, response: { 200: ApiKey } } },
    (req) => keys.updateApiKey(ctx, requireAuth(req), req.params.id, req.body),
  );
  app.delete(`${BASE}/:id`, { config: sessionOnly, schema: { tags, params: IdParams } }, async (req, reply) => {
    await keys.removeApiKey(ctx, requireAuth(req), req.params.id);
    return reply.status(204).send();
  });
}
