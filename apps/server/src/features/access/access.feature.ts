/**
 * The access feature: builds the access engine (ctx.access) in every process, seeds a new
 * organization's role permissions, answers /me's grants, and in the API checks every request
 * (access.hook.ts) and serves /api/v1/rbac.
 */
import type { Feature } from "../../platform/feature.ts";
import { type AccessEngine, createAccessEngine } from "./access.engine.ts";
import { registerAccessHook } from "./access.hook.ts";
import { createRedisRateLimiter } from "./access.rate-limit.ts";
import { accessRoutes } from "./access.routes.ts";
import { seedRolePermissions } from "./access.service.ts";
import { registerAccessTokenAuthentication } from "./access-tokens.authenticator.ts";

declare module "../../context.ts" {
  interface AppContext {
    /** Access decisions, grants and the per-role rate limit, cached per process (the access feature). */
    access: AccessEngine;
    /** This process's cache of `pat_` token lookups (access-tokens.authenticator.ts). */
    accessTokenCache: { forget(tokenHash: string): void };
  }
}

export const accessFeature: Feature = {
  name: "access",
  async register(ctx) {
    ctx.access = await createAccessEngine({
      db: ctx.db,
      bus: ctx.bus,
      log: ctx.log,
      rateLimiter: ctx.redis ? createRedisRateLimiter(ctx.redis) : undefined,
    });
    ctx.hooks.on("organizations.created", ({ tx, organizationId }) => seedRolePermissions(tx, organizationId));
    ctx.hooks.on("identity.grants", (auth) => ctx.access.grantsFor(auth));
    // Every process (API and worker) resolves `pat_` bearer tokens.
    ctx.accessTokenCache = await registerAccessTokenAuthentication(ctx);
  },
  routes(app, ctx) {
    // Added after the lower features' routes, it still runs for every route: Fastify attaches a
    // root hook to all routes when the app gets ready.
    registerAccessHook(app, { authenticator: ctx.authenticator, access: ctx.access, trustProxy: ctx.config.trustProxy });
    accessRoutes(app, ctx);
  },
  async close(ctx) {
    await ctx.access.close();
  },
};
