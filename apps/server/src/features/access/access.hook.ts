/**
 * The access check of every request (the access feature adds it in its routes()): resolves the
 * caller, applies the per-role rate limit, then asks the access engine. Every /api route declares
 * `config.access` (platform/route-access.ts refuses to start otherwise).
 * Order (outreach-core §4): 401; a suspended membership is 403 "User not found or inactive"; then
 * 429; then 403 for an API key outside its scopes or on a route that takes no keys; then 403
 * carrying `requiredPermission`. Denials are audited off the hot path (the engine's audit writer
 * batches them).
 */
import proxyAddr from "@fastify/proxy-addr";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Access, ApiKeyScope, AuthContext, Authenticator } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { apiKeyScopeOf } from "../../platform/route-access.ts";

type RateResult = { allowed: boolean; retryAfterSeconds: number; limit: number; remaining: number; count: number };
type Decision = { allowed: boolean; reason: string };
type Environment = { ip?: string | null; country?: string | null; requests?: number | null };
/** Policy conditions are the only readers of the environment: it is built only when one asks. */
type EnvironmentSource = Environment | (() => Environment);

/** What the hook needs from the access engine (the engine satisfies it). */
export interface AccessGate {
  consumeRate(auth: AuthContext): Promise<RateResult>;
  evaluate(auth: AuthContext, resource: string, action: string, resourceId?: string, env?: EnvironmentSource): Promise<Decision>;
  /** The caller is still an active member of the workspace (cached; dropped on change). */
  isActive(auth: AuthContext): Promise<boolean>;
  /**
   * The same three answers without awaiting, when all they need is cached here; else null.
   * `decides`: the route needs a permission decision (not just a signed-in caller).
   */
  cached?(
    auth: AuthContext,
    decides: boolean,
  ): {
    active: boolean;
    consumeRate(): RateResult;
    evaluate(resource: string, action: string, env?: EnvironmentSource, permission?: string): Decision;
  } | null;
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

/** Whether the connecting address is one of the proxies TRUST_PROXY names (Fastify's own rule for request.ip). */
export function proxyTrust(trustProxy: boolean | string[]): (request: FastifyRequest) => boolean {
  if (trustProxy === true) return () => true;
  if (trustProxy === false || trustProxy.length === 0) return () => false;
  const trusted = proxyAddr.compile(trustProxy);
  return (request) => {
    const addr = request.raw.socket?.remoteAddress;
    return typeof addr === "string" && trusted(addr, 0);
  };
}

/**
 * The country a proxy or CDN resolved for the client, for location conditions. The headers are
 * only believed from a trusted proxy: anyone else could send them to pass a country condition.
 */
export function clientCountry(request: FastifyRequest, fromTrustedProxy: (request: FastifyRequest) => boolean): string | null {
  const h = request.headers["cf-ipcountry"] ?? request.headers["x-country-code"];
  if (typeof h !== "string" || !/^[A-Za-z]{2}$/.test(h) || !fromTrustedProxy(request)) return null;
  return h.toUpperCase();
}

/** Scopes as grants, once per key's scope list (the lists live as long as the key's cached lookup). */
const scopeGrants = new WeakMap<readonly string[], { resource: string; action: string }[]>();

/** Whether an API key's scopes cover `resource:action` (scopes may use `*`). */
export function scopesCover(scopes: readonly string[], permission: string): boolean {
  let grants = scopeGrants.get(scopes);
  if (!grants) {
    grants = scopes.map((p) => {
      const [resource = "", action = ""] = p.split(":");
      return { resource, action };
    });
    scopeGrants.set(scopes, grants);
  }
  const [resource, action] = permission.split(":") as [string, string];
  return grants.some((g) => (g.resource === "*" || g.resource === resource) && (g.action === "*" || g.action === action));
}

/** The refusal for an API key on a route, or null when the key may go on to the permission check. */
function apiKeyRefusal(auth: AuthContext, access: Access, declared: ApiKeyScope | undefined): AppError | null {
  if (auth.via !== "api_key") return null;
  const scope = apiKeyScopeOf(access, declared);
  if (!scope) return new AppError("API_KEY_NOT_ACCEPTED");
  if (scopesCover(auth.scopes ?? [], scope)) return null;
  return new AppError("API_KEY_SCOPE_MISSING", `This API key does not have the "${scope}" scope this request needs`, {
    requiredPermission: scope,
  });
}

export function registerAccessHook(
  app: FastifyInstance,
  deps: { authenticator: Authenticator; access: AccessGate; trustProxy?: boolean | string[] },
): void {
  app.decorateRequest("auth", null);
  const fromTrustedProxy = proxyTrust(deps.trustProxy ?? false);

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
  const environment =
    (request: FastifyRequest, rate: RateResult): (() => Environment) =>
    () => ({
      ip: request.ip,
      country: clientCountry(request, fromTrustedProxy),
      requests: rate.count,
    });
  /** `resource:action` split once per declaration, not on every request. */
  const parsed = new Map<string, readonly [string, string]>();
  const parse = (access: string): readonly [string, string] => {
    let p = parsed.get(access);
    if (!p) {
      p = access.split(":") as [string, string];
      parsed.set(access, p);
    }
    return p;
  };
  const applyApiKeyScope = (request: FastifyRequest, auth: AuthContext, access: Access) => {
    const refusal = apiKeyRefusal(auth, access, request.routeOptions.config.apiKeyScope);
    if (!refusal) return;
    deps.access.audit.record(denial(auth, request, access, "access_denied", refusal.message));
    throw refusal;
  };
  const applyDecision = (request: FastifyRequest, auth: AuthContext, access: string, decision: Decision) => {
    if (decision.allowed) return;
    deps.access.audit.record(denial(auth, request, access, "access_denied", decision.reason));
    throw new AppError("FORBIDDEN", undefined, { requiredPermission: access });
  };
  /**
   * An archived workspace is read-only: a change (POST, PUT, PATCH, DELETE) on a permission-checked
   * route in its context is refused, unless the route says it still works there. Reads, the
   * caller's own account (`authenticated` routes) and the workspace service's own routes go on.
   */
  const applyArchived = (request: FastifyRequest, auth: AuthContext) => {
    if (!auth.workspaceArchived || request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return;
    if (request.routeOptions.config.allowArchived) return;
    throw new AppError("WORKSPACE_ARCHIVED");
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
    applyApiKeyScope(request, auth, access as Access);
    if (access === "authenticated") return;
    const [resource, action] = parse(access);
    let decision: Decision;
    try {
      decision = await deps.access.evaluate(auth, resource, action, undefined, environment(request, rate));
    } catch (err) {
      throw unavailable(request, err);
    }
    applyDecision(request, auth, access, decision);
    applyArchived(request, auth);
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
    if (auth.via === "api_key") applyApiKeyScope(request, auth, access as Access);
    if (access === "authenticated") return true;
    const [resource, action] = parse(access);
    let decision: Decision;
    try {
      decision = state.evaluate(resource, action, environment(request, rate), access);
    } catch (err) {
      throw unavailable(request, err);
    }
    applyDecision(request, auth, access, decision);
    applyArchived(request, auth);
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
