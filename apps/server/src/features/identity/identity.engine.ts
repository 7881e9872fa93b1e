/**
 * What identity keeps for the life of a process, on ctx (built by identity's register): the session
 * authenticator (`ctx.authenticator`), and `ctx.identity` with the better-auth instance, the limits
 * of the public sign-in endpoints and the /me profile cache.
 */
import crypto from "node:crypto";
import type { Me } from "@prospector/contracts";
import type { Config } from "../../config.ts";
import type { AppContext } from "../../context.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { createIdentityAuth, type IdentityAuth } from "./auth.ts";
import { createMemoryAuthLimitStore, createRedisAuthLimitStore } from "./auth-rate-limit.store.ts";
import { createSessionAuthenticator, type SessionAuthenticator } from "./identity.authenticator.ts";
import type { IdentityGrant, WorkspacePlace } from "./identity.hooks.ts";
import { type AuthLimiter, createAuthLimiter } from "./identity.rate-limit.ts";
import type { UserRow } from "./identity.table.ts";

/** A cached /me profile: the user and workspace rows, and the last answer built from them. */
export interface ProfileEntry {
  user: UserRow;
  place: WorkspacePlace;
  expires: number;
  /** The last answer built from this entry, reused while the grants and role are the same. */
  answer?: { me: Me; grants: readonly IdentityGrant[]; role: AuthContext["role"] };
}

export interface IdentityEngine {
  auth: IdentityAuth;
  /** Per-address limits of the public sign-in endpoints (the two-factor step uses them too). */
  limiter: AuthLimiter;
  /** GET /api/auth/me profiles by `userId|workspaceId`, dropped whenever the user is invalidated. */
  profiles: Map<string, ProfileEntry>;
}

declare module "../../context.ts" {
  interface AppContext {
    /** Resolves bearer session tokens (and, through resolvers, API keys) to an AuthContext. */
    authenticator: SessionAuthenticator;
    identity: IdentityEngine;
  }
}

/**
 * Redis keys of the sign-in limits carry the instance: every process of one instance (one database)
 * shares the counts, while two instances on one Redis (staging and production, or test databases)
 * never count each other's requests. The database name, not the whole URL: hosts may differ.
 */
export function authLimitPrefix(config: Config): string {
  const instance = config.DATABASE_URL ? new URL(config.DATABASE_URL).pathname : config.dataDir;
  return `prospector:authrl:${crypto.createHash("sha256").update(instance).digest("base64url").slice(0, 12)}:`;
}

/** Builds the authenticator and the identity engine and puts both on ctx. */
export async function startIdentity(ctx: AppContext): Promise<void> {
  ctx.authenticator = await createSessionAuthenticator(ctx);
  const store = ctx.redis
    ? createRedisAuthLimitStore(ctx.redis, {
        prefix: authLimitPrefix(ctx.config),
        onError: (err) => ctx.log.warn({ err: err.message }, "sign-in limits: redis failed, using memory"),
      })
    : createMemoryAuthLimitStore();
  const profiles = new Map<string, ProfileEntry>();
  ctx.authenticator.onInvalidate((userId) => {
    if (!userId) return profiles.clear();
    for (const k of profiles.keys()) if (k.startsWith(`${userId}|`)) profiles.delete(k);
  });
  ctx.identity = {
    auth: createIdentityAuth(ctx),
    limiter: createAuthLimiter({ config: ctx.config, store }),
    profiles,
  };
}
