/**
 * The access engine (outreach-core §4, §6): gathers the grants that apply to a caller (direct
 * user, role and team permissions), and decides: any matching deny wins, else any matching allow,
 * else denied. Decisions are cached (10,000 entries, 5 minutes) per user and workspace.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { AccessChecker, AccessDecision, AuthContext } from "../../platform/auth-context.ts";
import type { Bus } from "../../platform/bus.ts";
import { createMemoryRateLimiter, type RateLimiter } from "./access.rate-limit.ts";
import { rolePermissions, teamMembers, teamPermissions, teams, userPermissions } from "./access.table.ts";

export interface Grant {
  resource: string;
  action: string;
  effect: "allow" | "deny";
  resourceId?: string | null;
}

export const matches = (pattern: string, value: string) => pattern === "*" || pattern === value;

/** Pure decision over a set of grants; deny beats allow, no match is denied. */
export function decide(grants: Grant[], resource: string, action: string, resourceId?: string): AccessDecision {
  let allowed = false;
  for (const g of grants) {
    if (!matches(g.resource, resource) || !matches(g.action, action)) continue;
    if (g.resourceId && g.resourceId !== resourceId) continue;
    if (g.effect === "deny") return { allowed: false, reason: `Denied by ${g.resource}:${g.action}` };
    allowed = true;
  }
  return allowed ? { allowed: true, reason: "Allowed" } : { allowed: false, reason: "No matching permissions found" };
}

export const ACCESS_INVALIDATE = "access.invalidate";
const CACHE_TTL_MS = 5 * 60_000;
const CACHE_MAX = 10_000;

export interface AccessEngine extends AccessChecker {
  grantsFor(auth: Pick<AuthContext, "userId" | "workspaceId" | "organizationId" | "role">): Promise<Grant[]>;
  /** Drop cached grants (for an organization, or everything), in every process. */
  invalidate(organizationId?: string): Promise<void>;
  cacheSize(): number;
  close(): void;
}

export async function createAccessEngine(deps: { db: Db; bus: Bus; rateLimiter?: RateLimiter; now?: () => number }): Promise<AccessEngine> {
  const { db, bus } = deps;
  const now = deps.now ?? Date.now;
  const rateLimiter = deps.rateLimiter ?? createMemoryRateLimiter({ now });
  const cache = new Map<string, { grants: Grant[]; orgId: string; expires: number }>();

  await bus.subscribe(ACCESS_INVALIDATE, (msg) => {
    const orgId = (msg as { organizationId?: string }).organizationId;
    if (!orgId) return cache.clear();
    for (const [k, v] of cache) if (v.orgId === orgId) cache.delete(k);
  });
  const sweep = setInterval(() => {
    const t = now();
    for (const [k, v] of cache) if (v.expires <= t) cache.delete(k);
  }, 60_000);
  sweep.unref();

  async function loadGrants(auth: Pick<AuthContext, "userId" | "workspaceId" | "organizationId" | "role">): Promise<Grant[]> {
    const [direct, byRole, byTeam] = await Promise.all([
      db
        .select({
          resource: userPermissions.resource,
          action: userPermissions.action,
          effect: userPermissions.effect,
          resourceId: userPermissions.resourceId,
        })
        .from(userPermissions)
        .where(and(eq(userPermissions.workspaceId, auth.workspaceId), eq(userPermissions.userId, auth.userId))),
      db
        .select({ resource: rolePermissions.resource, action: rolePermissions.action, effect: rolePermissions.effect })
        .from(rolePermissions)
        .where(and(eq(rolePermissions.organizationId, auth.organizationId), eq(rolePermissions.role, auth.role))),
      db
        .select({ resource: teamPermissions.resource, action: teamPermissions.action, effect: teamPermissions.effect })
        .from(teamPermissions)
        .innerJoin(teams, eq(teams.id, teamPermissions.teamId))
        .innerJoin(teamMembers, eq(teamMembers.teamId, teams.id))
        .where(and(eq(teams.workspaceId, auth.workspaceId), eq(teamMembers.userId, auth.userId))),
    ]);
    return [...direct, ...byRole, ...byTeam];
  }

  async function grantsFor(auth: Pick<AuthContext, "userId" | "workspaceId" | "organizationId" | "role">): Promise<Grant[]> {
    // The key holds every input of the decision, so a cached entry can never answer for another user.
    const key = `${auth.userId}|${auth.workspaceId}|${auth.organizationId}|${auth.role}`;
    const hit = cache.get(key);
    if (hit && hit.expires > now()) return hit.grants;
    const grants = await loadGrants(auth);
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
    cache.set(key, { grants, orgId: auth.organizationId, expires: now() + CACHE_TTL_MS });
    return grants;
  }

  return {
    grantsFor,
    async check(auth, resource, action, resourceId) {
      const decision = decide(await grantsFor(auth), resource, action, resourceId);
      if (!decision.allowed || !auth.scopes) return decision;
      // An API key can do at most what both its scopes and its owner allow.
      const scoped = decide(
        auth.scopes.map((s) => toGrant(s)),
        resource,
        action,
        resourceId,
      );
      return scoped.allowed ? decision : { allowed: false, reason: "Not allowed for this API key" };
    },
    consumeRate: (auth) => rateLimiter.consume(auth),
    async invalidate(organizationId) {
      await bus.publish(ACCESS_INVALIDATE, { organizationId });
    },
    cacheSize: () => cache.size,
    close() {
      clearInterval(sweep);
    },
  };
}

export function toGrant(permission: string, effect: "allow" | "deny" = "allow"): Grant {
  const [resource = "", action = ""] = permission.split(":");
  return { resource, action, effect };
}
