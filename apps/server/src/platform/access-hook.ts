/**
 * Enforces that every /api route declares `config.access`, and on each request resolves the
 * caller, applies the per-role rate limit, then asks the access engine. Order: 401, 429, 403.
 */
import type { FastifyInstance } from "fastify";
import type { AccessChecker, Authenticator } from "./auth-context.ts";
import { AppError } from "./errors.ts";

export function registerAccessHook(app: FastifyInstance, deps: { authenticator: Authenticator; access: AccessChecker }): void {
  app.decorateRequest("auth", null);

  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api")) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} must declare config.access`);
    if (access !== "public" && access !== "authenticated" && !/^(\*|[a-z_]+):(\*|[a-z_]+)$/.test(access)) {
      throw new Error(`Route ${route.method} ${route.url} has an invalid access declaration "${access}"`);
    }
  });

  app.addHook("onRequest", async (request, reply) => {
    const access = request.routeOptions.config?.access;
    if (!access) return; // static files, 404s
    const auth = await deps.authenticator.authenticate(request);
    request.auth = auth;
    if (access === "public") return;
    if (!auth) throw new AppError("UNAUTHENTICATED");
    const rate = await deps.access.consumeRate(auth);
    reply.header("x-ratelimit-limit", String(rate.limit));
    reply.header("x-ratelimit-remaining", String(Math.max(0, rate.remaining)));
    if (!rate.allowed) throw new AppError("RATE_LIMITED", "Rate limit exceeded", { retryAfter: rate.retryAfterSeconds });
    if (access === "authenticated") return;
    const [resource, action] = access.split(":") as [string, string];
    const decision = await deps.access.check(auth, resource, action);
    if (!decision.allowed) {
      throw new AppError("FORBIDDEN", undefined, { requiredPermission: access });
    }
  });
}
