/**
 * API keys: in every process, key authentication (a credential resolver on the session
 * authenticator, with the per-key rate limits and usage counting) and the revocation of a user's
 * keys on a password reset; in the API, the key management routes.
 */
import type { Feature } from "../../platform/feature.ts";
import { createRateStore } from "../../platform/rate-limit.ts";
import { registerApiKeyAuthentication } from "./api-keys.authenticator.ts";
import { createKeyRateLimiter, KEY_RATE_LIMIT_PREFIX } from "./api-keys.rate-limit.ts";
import { apiKeysRoutes } from "./api-keys.routes.ts";
import { revokeAllApiKeys } from "./api-keys.service.ts";
import { createUsageRecorder, type UsageRecorder } from "./api-keys.usage.ts";

export interface ApiKeysEngine {
  /** Request counts per key, written in batches. */
  usage: UsageRecorder;
  /** Forget a key's cached lookup here at once and in every other process via the bus. */
  invalidate(keyHash: string): Promise<void>;
}

declare module "../../context.ts" {
  interface AppContext {
    /** API key usage counting and cache invalidation (the api-keys feature). */
    apiKeys: ApiKeysEngine;
  }
}

export const apiKeysFeature: Feature = {
  name: "api-keys",
  async register(ctx) {
    const usage = createUsageRecorder(ctx.db, ctx.log);
    const limiter = createKeyRateLimiter(createRateStore(ctx.redis, { prefix: KEY_RATE_LIMIT_PREFIX }));
    const authentication = await registerApiKeyAuthentication(ctx, { limiter, usage });
    ctx.apiKeys = { usage, invalidate: authentication.invalidate };
    // Whoever needed a password reset may have lost control of the account: its keys go too.
    ctx.hooks.on("identity.passwordReset", ({ userId }) => revokeAllApiKeys(ctx.db, userId));
  },
  routes(app, ctx) {
    // A recognised key refused by scope or permission (401/403): one in-memory count, flushed with the usage.
    app.addHook("onResponse", (request, reply, done) => {
      const keyId = request.auth?.apiKeyId;
      if (keyId && (reply.statusCode === 401 || reply.statusCode === 403)) ctx.apiKeys.usage.recordDenied(keyId, request.ip);
      done();
    });
    apiKeysRoutes(app, ctx);
  },
  async close(ctx) {
    // Counts still in memory are written before the database closes.
    await ctx.apiKeys.usage.close();
  },
};
