/**
 * Every /api route declares who may call it: `config.access` (`public`, `authenticated` or
 * `resource:action`) and, optionally, `config.apiKeyScope`. The server refuses to start with a
 * route that does not (checked as each route is added, so this is registered before any route),
 * and keeps the table of declarations (`accessTable`) for tests and docs. The access feature's
 * request hook (features/access/access.hook.ts) enforces the declarations.
 */
import type { FastifyInstance } from "fastify";
import type { Access, ApiKeyScope } from "./auth-context.ts";

const ACCESS_PATTERN = /^(\*|[a-z_]+):(\*|[a-z_]+)$/;

/** One row of the route table: what a route needs from a session and from an API key. */
export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
  /** The scope an API key needs here; null when keys are refused (and on public routes). */
  apiKeyScope: `${string}:${string}` | null;
}

type RouteDeclaration = { method: string | string[]; url: string; config?: { access?: string; apiKeyScope?: unknown } };

/** Throws when a route under /api has no (or a malformed) access declaration. */
export function assertAccessDeclared(route: RouteDeclaration): void {
  if (!route.url.startsWith("/api")) return;
  const access = route.config?.access;
  const name = `${[route.method].flat().join(",")} ${route.url}`;
  if (!access) throw new Error(`Route ${name} must declare config.access ("public", "authenticated" or "resource:action")`);
  if (access !== "public" && access !== "authenticated" && !ACCESS_PATTERN.test(access)) {
    throw new Error(`Route ${name} has an invalid access declaration "${access}"`);
  }
  const scope = route.config?.apiKeyScope;
  if (scope !== undefined && scope !== false && !(typeof scope === "string" && ACCESS_PATTERN.test(scope))) {
    throw new Error(`Route ${name} has an invalid apiKeyScope "${String(scope)}" (use "resource:action" or false)`);
  }
}

/** The scope an API key needs on a route, or null when the route refuses keys. */
export function apiKeyScopeOf(access: Access, declared: ApiKeyScope | undefined): `${string}:${string}` | null {
  if (declared === false || access === "public") return null;
  if (declared) return declared;
  return access === "authenticated" ? null : access;
}

const tables = new WeakMap<FastifyInstance, RouteAccess[]>();

/** Every /api route with its access declaration, in registration order (tests and docs read it). */
export function accessTable(app: FastifyInstance): readonly RouteAccess[] {
  return tables.get(app) ?? [];
}

/** Checks every route added from now on and records it in the table: call before adding routes. */
export function registerRouteAccess(app: FastifyInstance): void {
  const table: RouteAccess[] = [];
  tables.set(app, table);
  app.addHook("onRoute", (route) => {
    const r = route as RouteDeclaration;
    assertAccessDeclared(r);
    if (!r.url.startsWith("/api")) return;
    const access = r.config?.access as Access;
    const apiKeyScope = apiKeyScopeOf(access, r.config?.apiKeyScope as ApiKeyScope | undefined);
    for (const method of [r.method].flat()) if (method !== "HEAD") table.push({ method, url: r.url, access, apiKeyScope });
  });
}
