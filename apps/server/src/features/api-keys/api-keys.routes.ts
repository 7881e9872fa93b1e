/** API keys under /api/user-settings/api-keys, and the key authentication they enable. */
import { ApiKey, ApiKeyCreate, ApiKeyCreated, ApiKeyUpdate, ApiKeyUsage, ApiPermission } from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import { registerApiKeyAuthentication } from "./api-keys.authenticator.ts";
import { createMemoryKeyRateLimiter, createRedisKeyRateLimiter } from "./api-keys.rate-limit.ts";
import { createApiKeysService } from "./api-keys.service.ts";
import { createUsageRecorder } from "./api-keys.usage.ts";

const BASE = "/api/user-settings/api-keys";
const IdParams = z.object({ id: z.string() });

export async function apiKeysRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const usage = createUsageRecorder(ctx.db, ctx.log);
  const limiter = ctx.redis ? createRedisKeyRateLimiter(ctx.redis) : createMemoryKeyRateLimiter();
  const authentication = await registerApiKeyAuthentication(ctx, { limiter, usage });
  const keys = createApiKeysService(ctx, { usage, invalidate: authentication.invalidate });
  // Counts still in memory are written before the database closes.
  app.addHook("onClose", () => usage.close());
  const tags = ["api-keys"];
  // Keys never see or manage keys (the service refuses writes too).
  const sessionOnly = { access: "authenticated" as const, apiKeyScope: false as const };

  app.get(BASE, { config: sessionOnly, schema: { tags, response: { 200: z.array(ApiKey) } } }, (req) => keys.list(requireAuth(req)));
  app.get(`${BASE}/permissions`, { config: sessionOnly, schema: { tags, response: { 200: z.array(ApiPermission) } } }, () =>
    keys.permissions(),
  );
  app.get(`${BASE}/usage`, { config: sessionOnly, schema: { tags, response: { 200: ApiKeyUsage } } }, (req) =>
    keys.usage(requireAuth(req)),
  );
  app.post(BASE, { config: sessionOnly, schema: { tags, body: ApiKeyCreate, response: { 201: ApiKeyCreated } } }, async (req, reply) =>
    reply.status(201).send(await keys.create(requireAuth(req), req.body)),
  );
  app.get(`${BASE}/:id/usage`, { config: sessionOnly, schema: { tags, params: IdParams, response: { 200: ApiKeyUsage } } }, (req) =>
    keys.usage(requireAuth(req), req.params.id),
  );
  app.put(
    `${BASE}/:id`,
    { config: sessionOnly, schema: { tags, params: IdParams, body: ApiKeyUpdate, response: { 200: ApiKey } } },
    (req) => keys.update(requireAuth(req), req.params.id, req.body),
  );
  app.delete(`${BASE}/:id`, { config: sessionOnly, schema: { tags, params: IdParams } }, async (req, reply) => {
    await keys.remove(requireAuth(req), req.params.id);
    return reply.status(204).send();
  });
}
