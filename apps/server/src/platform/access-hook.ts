/**
 * Enforces that every /api route declares `config.access` (start-up fails otherwise), and on each
 * request resolves the caller, applies the per-role rate limit, then asks the access engine.
 * Order (outreach-core §4): 401; a suspended membership is 403 "User not found or inactive"; then
 * 429; then 403 carrying `requiredPermission`. Denials are audited off the hot
 * path (the engine's audit writer batches them).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AuthContext, Authenticator } from "./auth-context.ts";
import { AppError } from "./errors.ts";

const ACCESS_PATTERN = /^(\*|[a-z_]+):(\*|[a-z_]+)$/;

type RateResult = { allowed: boolean; retryAfterSeconds: number; limit: number; remaining: number; count: number };
type Decision = { allowed: boolean; reason: string };
type Environment = { ip?: string | null; country?: string | null; requests?: number | null };

/** What the hook needs from the access engine (the engine satisfies it). */
export interface AccessGate {
  consumeRate(auth: AuthContext): Promise<RateResult>;
  evaluate(auth: AuthContext, resource: string, action: string, resourceId?: string, env?: Environment): Promise<Decision>;
  /** The caller is still an active member of the workspace (cached; dropped on change). */
  isActive(auth: AuthContext): Promise<boolean>;
  /**
   * The same three answers without awaiting, when all they need is cached here; else null.
   * `decides`: the route needs a permission decision (not just a signed-in caller).
   */
  cached?(
    auth: AuthContext,
    decides: boolean,
  ): { active: boolean; consumeRate(): RateResult; evaluate(resource: string, action: string, env?: Environment): Decision } | null;
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

  // Each step below is one rule of the order above; the two paths apply the same steps.
  const requireSignedIn = (auth: AuthContext | null): AuthContext => {
    if (!auth) throw new AppError("UNAUTHENTICATED");
    return auth;
  };
  const requireActive = (active: boolean) => {
    if (!active) throw new AppError("USER_INACTIVE");
  };
  const applyRate = (request: FastifyRequest, reply: FastifyReply, auth: AuthContext, access: string, rate: RateResult) => {
    reply.header("x-ratelimit-limit", String(rate.limit));
    reply.header("x-ratelimit-remaining", String(rate.remaining));
    if (rate.allowed) return;
    // Once per window is enough to see who hit the limit; recording every refusal would let a
    // flood of requests flood the audit too.
    if (rate.count === rate.limit + 1) deps.access.audit.record(denial(auth, request, access, "rate_limited", "Rate limit exceeded"));
    throw new AppError("RATE_LIMITED", "Rate limit exceeded", { retryAfter: rate.retryAfterSeconds });
  };
  const environment = (request: FastifyRequest, rate: RateResult): Environment => ({
    ip: request.ip,
    country: clientCountry(request),
    requests: rate.count,
  });
  const applyDecision = (request: FastifyRequest, auth: AuthContext, access: string, decision: Decision) => {
    if (decision.allowed) return;
    deps.access.audit.record(denial(auth, request, access, "access_denied", decision.reason));
    throw new AppError("FORBIDDEN", undefined, { requiredPermission: access });
  };
  const unavailable = (request: FastifyRequest, err: unknown) => {
    request.log.error({ err }, "access check failed");
    return new AppError("PERMISSION_SYSTEM_UNAVAILABLE");
  };

  /** The asynchronous path: whatever is not cached is loaded. */
  async function check(request: FastifyRequest, reply: FastifyReply, access: string): Promise<void> {
    const resolved = await deps.authenticator.authenticate(request);
    request.auth = resolved;
    if (access === "public") return;
    const auth = requireSignedIn(resolved);
    let active: boolean;
    try {
      active = await deps.access.isActive(auth);
    } catch (err) {
      throw unavailable(request, err);
    }
    requireActive(active);
    const rate = await deps.access.consumeRate(auth);
    applyRate(request, reply, auth, access, rate);
    if (access === "authenticated") return;
    const [resource, action] = access.split(":") as [string, string];
    let decision: Decision;
    try {
      decision = await deps.access.evaluate(auth, resource, action, undefined, environment(request, rate));
    } catch (err) {
      throw unavailable(request, err);
    }
    applyDecision(request, auth, access, decision);
  }

  /**
   * The synchronous path, for a caller whose session, membership, grants and policies are cached
   * and whose rate window is counted in this process (the steady state): no promise is made.
   * Returns false, having changed nothing, when something must be loaded first.
   */
  function checkCached(request: FastifyRequest, reply: FastifyReply, access: string): boolean {
    const resolved = deps.authenticator.cached?.(request);
    if (resolved === undefined) return false;
    if (access === "public") {
      request.auth = resolved;
      return true;
    }
    const auth = requireSignedIn(resolved);
    const state = deps.access.cached?.(auth, access !== "authenticated");
    if (!state) return false;
    request.auth = auth;
    requireActive(state.active);
    const rate = state.consumeRate();
    applyRate(request, reply, auth, access, rate);
    if (access === "authenticated") return true;
    const [resource, action] = access.split(":") as [string, string];
    let decision: Decision;
    try {
      decision = state.evaluate(resource, action, environment(request, rate));
    } catch (err) {
      throw unavailable(request, err);
    }
    applyDecision(request, auth, access, decision);
    return true;
  }

  app.addHook("onRequest", (request, reply, done) => {
    const access = request.routeOptions.config?.access;
    if (!access) return done(); // static files, 404s
    let decided: boolean;
    try {
      decided = checkCached(request, reply, access);
    } catch (err) {
      return done(err as Error);
    }
    if (decided) return done();
    check(request, reply, access).then(() => done(), done);
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
