/**
 * Resolves `Authorization: Bearer <session token>` (or `?token=` on the team socket) to an
 * AuthContext. Contexts are cached per process for a short time; anything that changes who a
 * caller is (sign-out, revoke, role change, deactivation) publishes `auth.invalidate` on the bus,
 * so every process drops its copy at once.
 */
import { RoleId } from "@prospector/contracts";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../context.ts";
import type { AuthContext, Authenticator } from "../../platform/auth-context.ts";
import { isUuid } from "../../platform/ids.ts";
import type { Membership } from "./identity.hooks.ts";
import { findSignedInSession, setSessionExpiry } from "./identity.repository.ts";

const CACHE_TTL_MS = 60_000;
const CACHE_MAX = 10_000;
const SLIDE_STEP_MS = 60_000;
export const AUTH_INVALIDATE = "auth.invalidate";

/** Extra ways to authenticate (API keys) plug in here. */
export type CredentialResolver = (token: string, request: FastifyRequest) => Promise<AuthContext | null | undefined>;

export interface SessionAuthenticator extends Authenticator {
  /** Drop cached contexts of a user (or all when omitted), here and in every other process. */
  invalidate(userId?: string): Promise<void>;
  resolveToken(token: string, workspaceId?: string): Promise<AuthContext | null>;
  /** `prefix`: the resolver only sees tokens that start with it (API keys), so session calls skip it. */
  addResolver(resolver: CredentialResolver, opts: { prefix: string }): void;
  /** Called with the user id (or undefined for everyone) whenever cached identity data must go. */
  onInvalidate(listener: (userId?: string) => void): void;
}

function credentials(request: FastifyRequest): { bearer: string | null; token: string | null } {
  const bearer = bearerToken(request);
  // X-API-Key carries API keys only: resolvers may claim it, session tokens are not accepted there.
  const apiKey = request.headers["x-api-key"];
  return { bearer, token: bearer ?? (typeof apiKey === "string" && apiKey.trim() ? apiKey.trim() : null) };
}

function workspaceHeader(request: FastifyRequest): string | undefined {
  const ws = request.headers["x-workspace-id"];
  return typeof ws === "string" ? ws : undefined;
}

export function bearerToken(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (h?.startsWith("Bearer ")) return h.slice(7).trim() || null;
  const q = (request.query as Record<string, unknown> | undefined)?.token;
  if (typeof q === "string" && request.url.startsWith("/ws/")) return q;
  return null;
}

/**
 * The session authenticator of a process, built by identity's register and kept on `ctx`. The
 * caller's workspace membership comes from the "identity.membership" hook (organizations answers
 * it), asked only when a context is not cached.
 */
export async function createSessionAuthenticator(ctx: Pick<AppContext, "config" | "db" | "bus" | "hooks">): Promise<SessionAuthenticator> {
  const { db, bus, hooks } = ctx;
  /** Sliding sessions: a session in use is pushed this far ahead (at most once a minute). */
  const sessionTimeoutSeconds = ctx.config.SESSION_TIMEOUT_SECONDS;
  /** Absolute lifetime: however much it is used, a session ends this long after it was created. */
  const sessionMaxAgeSeconds = ctx.config.SESSION_MAX_AGE_SECONDS;
  const cache = new Map<string, { ctx: AuthContext; expires: number }>();
  const resolvers: { prefix: string; resolve: CredentialResolver }[] = [];

  const listeners: ((userId?: string) => void)[] = [];
  const drop = (userId?: string) => {
    for (const l of listeners) l(userId);
    if (!userId) return cache.clear();
    for (const [k, v] of cache) if (v.ctx.userId === userId) cache.delete(k);
  };
  await bus.subscribe(AUTH_INVALIDATE, (msg) => drop((msg as { userId?: string }).userId));

  // better-auth cookies carry `token.signature`; the bearer form is the raw token.
  const rawToken = (token: string) => (token.includes(".") ? token.slice(0, token.indexOf(".")) : token);
  const cacheKey = (raw: string, workspaceId?: string) => (workspaceId ? `${raw}|${workspaceId}` : raw);

  async function membershipOf(userId: string, workspaceId: string): Promise<Membership | null> {
    for (const answer of await hooks.run("identity.membership", { userId, workspaceId })) if (answer) return answer;
    return null;
  }

  function cachedContext(key: string, now: number): AuthContext | undefined {
    const hit = cache.get(key);
    if (!hit) return undefined;
    if (hit.expires > now) return hit.ctx;
    cache.delete(key);
    return undefined;
  }

  async function resolveToken(token: string, workspaceId?: string): Promise<AuthContext | null> {
    const raw = rawToken(token);
    const key = cacheKey(raw, workspaceId);
    const now = Date.now();
    const hit = cachedContext(key, now);
    if (hit) return hit;

    const row = await findSignedInSession(
      db,
      raw,
      new Date(now),
      sessionMaxAgeSeconds ? new Date(now - sessionMaxAgeSeconds * 1000) : null,
    );
    if (!row?.user.isActive) return null;
    const wsId = workspaceId && isUuid(workspaceId) ? workspaceId : row.user.defaultWorkspaceId;
    if (!wsId) return null;
    const member = await membershipOf(row.user.id, wsId);
    if (!member) return null;
    const end = sessionMaxAgeSeconds ? row.session.createdAt.getTime() + sessionMaxAgeSeconds * 1000 : Number.POSITIVE_INFINITY;
    let expiresAt = row.session.expiresAt;
    if (sessionTimeoutSeconds) {
      const slid = new Date(Math.min(now + sessionTimeoutSeconds * 1000, end));
      if (slid.getTime() - expiresAt.getTime() >= SLIDE_STEP_MS) {
        await setSessionExpiry(db, row.session.id, slid);
        expiresAt = slid;
      }
    }
    const role = RoleId.safeParse(member.role);
    const caller: AuthContext = {
      userId: row.user.id,
      email: row.user.email,
      name: row.user.name,
      organizationId: member.organizationId,
      workspaceId: wsId,
      role: role.success ? role.data : "viewer",
      isInstanceAdmin: row.user.isInstanceAdmin,
      sessionId: row.session.id,
      via: "session",
      scopes: null,
      workspaceArchived: Boolean(member.workspaceArchived),
    };
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
    // Never cache past the session's own expiry.
    cache.set(key, { ctx: caller, expires: Math.min(now + CACHE_TTL_MS, expiresAt.getTime(), end) });
    return caller;
  }

  return {
    resolveToken,
    addResolver(resolve, opts) {
      resolvers.push({ prefix: opts.prefix, resolve });
    },
    async authenticate(request) {
      const { bearer, token } = credentials(request);
      if (!token) return null;
      for (const r of resolvers) {
        if (!token.startsWith(r.prefix)) continue;
        const ctx = await r.resolve(token, request);
        if (ctx !== undefined) return ctx;
      }
      if (!bearer) return null;
      return resolveToken(token, workspaceHeader(request));
    },
    cached(request) {
      const { bearer, token } = credentials(request);
      if (!token) return null;
      for (const r of resolvers) if (token.startsWith(r.prefix)) return undefined;
      if (!bearer) return null;
      return cachedContext(cacheKey(rawToken(token), workspaceHeader(request)), Date.now());
    },
    onInvalidate(listener) {
      listeners.push(listener);
    },
    async invalidate(userId) {
      // This process drops its copy at once; the others when the bus message arrives (Redis).
      drop(userId);
      await bus.publish(AUTH_INVALIDATE, { userId });
    },
  };
}
