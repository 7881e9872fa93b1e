/**
 * Enforces that every /api route declares `config.access` (start-up fails otherwise), and on each
 * request resolves the caller, applies the per-role rate limit, then asks the access engine.
 * Order (outreach-core §4): 401; a suspended membership is 403 "User not found or inactive"; then
 * 429; then 403 carrying `requiredPermission`. Denials are audited off the hot
 * path (the engine's audit writer batches them).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AuthContext, Authenticator } from "./auth-context.ts";
import { AppError } from "./errors.ts";

const ACCESS_PATTERN = /^(\*|[a-z_]+):(\*|[a-z_]+)$/;

/** What the hook needs from the access engine (the engine satisfies it). */
export interface AccessGate {
  consumeRate(auth: AuthContext): Promise<{ allowed: boolean; retryAfterSeconds: number; limit: number; remaining: number; count: number }>;
  evaluate(
    auth: AuthContext,
    resource: string,
    action: string,
    resourceId?: string,
    env?: { ip?: string | null; country?: string | null; requests?: number | null },
  ): Promise<{ allowed: boolean; reason: string }>;
  /** The caller is still an active member of the workspace (cached; dropped on change). */
  isActive(auth: AuthContext): Promise<boolean>;
  audit: { record(entry: AccessAuditEntry): void };
}

export interface AccessAuditEntry {
  workspaceId: string | null;
  userId: string | null;
  event: string;
  resource?: string | null;
  action?: string | null;
  resourceId?: string | null;
  result?: string | null;
  reason?: string | null;
  detail?: Record<string, unknown> | null;
}

/** Throws when a route under /api has no (or a malformed) access declaration. */
export function assertAccessDeclared(route: { method: string | string[]; url: string; config?: { access?: string } }): void {
  if (!route.url.startsWith("/api")) return;
  const access = route.config?.access;
  const name = `${[route.method].flat().join(",")} ${route.url}`;
  if (!access) throw new Error(`Route ${name} must declare config.access ("public", "authenticated" or "resource:action")`);
  if (access !== "public" && access !== "authenticated" && !ACCESS_PATTERN.test(access)) {
    throw new Error(`Route ${name} has an invalid access declaration "${access}"`);
  }
}

/** The country a trusted proxy or CDN resolved for the client, for location conditions. */
export function clientCountry(request: FastifyRequest): string | null {
  const h = request.headers["cf-ipcountry"] ?? request.headers["x-country-code"];
  return typeof h === "string" && /^[A-Za-z]{2}$/.test(h) ? h.toUpperCase() : null;
}

export function registerAccessHook(app: FastifyInstance, deps: { authenticator: Authenticator; access: AccessGate }): void {
  app.decorateRequest("auth", null);

  app.addHook("onRoute", (route) => assertAccessDeclared(route as Parameters<typeof assertAccessDeclared>[0]));

  app.addHook("onRequest", async (request, reply) => {
    const access = request.routeOptions.config?.access;
    if (!access) return; // static files, 404s
    const auth = await deps.authenticator.authenticate(request);
    request.auth = auth;
    if (access === "public") return;
    if (!auth) throw new AppError("UNAUTHENTICATED");
    let active: boolean;
    try {
      active = await deps.access.isActive(auth);
    } catch (err) {
      request.log.error({ err }, "access check failed");
      throw new AppError("PERMISSION_SYSTEM_UNAVAILABLE");
    }
    if (!active) throw new AppError("USER_INACTIVE");

    const rate = await deps.access.consumeRate(auth);
    reply.header("x-ratelimit-limit", String(rate.limit));
    reply.header("x-ratelimit-remaining", String(rate.remaining));
    if (!rate.allowed) {
      // Once per window is enough to see who hit the limit; recording every refusal would let a
      // flood of requests flood the audit too.
      if (rate.count === rate.limit + 1) {
        deps.access.audit.record(denial(auth, request, access, "rate_limited", "Rate limit exceeded"));
      }
      throw new AppError("RATE_LIMITED", "Rate limit exceeded", { retryAfter: rate.retryAfterSeconds });
    }
    if (access === "authenticated") return;

    const [resource, action] = access.split(":") as [string, string];
    let decision: { allowed: boolean; reason: string };
    try {
      decision = await deps.access.evaluate(auth, resource, action, undefined, {
        ip: request.ip,
        country: clientCountry(request),
        requests: rate.count,
      });
    } catch (err) {
      request.log.error({ err }, "access check failed");
      throw new AppError("PERMISSION_SYSTEM_UNAVAILABLE");
    }
    if (!decision.allowed) {
      deps.access.audit.record(denial(auth, request, access, "access_denied", decision.reason));
      throw new AppError("FORBIDDEN", undefined, { requiredPermission: access });
    }
  });
}

function denial(auth: AuthContext, request: FastifyRequest, access: string, event: string, reason: string): AccessAuditEntry {
  const [resource, action] = access.includes(":") ? (access.split(":") as [string, string]) : [null, null];
  return {
    workspaceId: auth.workspaceId,
    userId: auth.userId,
    event,
    resource,
    action,
    result: "denied",
    reason,
    detail: { method: request.method, route: request.routeOptions.url ?? null, ip: request.ip },
  };
}
