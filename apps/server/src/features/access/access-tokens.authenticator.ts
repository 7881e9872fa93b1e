/**
 * Authenticates `Authorization: Bearer pat_…` (scoped access tokens) as the token's owner in the
 * token's workspace, with the token's scopes: like an API key, the request can do at most what
 * both the scopes and the owner allow, and routes that refuse API keys refuse tokens too.
 * Lookups are cached for 30 s; revocation and anything that invalidates the owner drop them, and
 * expiry is checked on every request.
 */
import { ACCESS_TOKEN_PREFIX, RoleId } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { hashSecretToken } from "../../platform/crypto.ts";
import { AUTH_INVALIDATE } from "../identity/index.ts";
import { ACCESS_INVALIDATE } from "./access.engine.ts";
import * as repo from "./access-tokens.repository.ts";
import { ACCESS_TOKENS_INVALIDATE } from "./access-tokens.service.ts";

const CACHE_TTL_MS = 30_000;
const CACHE_MAX = 10_000;
/** last_used_at is written at most this often per token. */
const TOUCH_EVERY_MS = 60_000;

interface Entry {
  auth: AuthContext | null;
  tokenId: string | null;
  expiresAt: number;
  until: number;
}

export async function registerAccessTokenAuthentication(
  ctx: Pick<AppContext, "db" | "bus" | "authenticator" | "log">,
): Promise<{ forget(tokenHash: string): void }> {
  const cache = new Map<string, Entry>();
  const touched = new Map<string, number>();
  const dropUser = (userId?: string) => {
    if (!userId) return cache.clear();
    for (const [k, v] of cache) if (v.auth?.userId === userId) cache.delete(k);
  };
  await ctx.bus.subscribe(ACCESS_TOKENS_INVALIDATE, (msg) => cache.delete((msg as { tokenHash?: string }).tokenHash ?? ""));
  await ctx.bus.subscribe(AUTH_INVALIDATE, (msg) => dropUser((msg as { userId?: string } | null)?.userId));
  // A role change or suspension reaches the token's context (role → rate limit) at once.
  await ctx.bus.subscribe(ACCESS_INVALIDATE, (msg) => dropUser((msg as { userId?: string } | null)?.userId));

  async function lookup(tokenHash: string): Promise<Entry> {
    const hit = cache.get(tokenHash);
    if (hit && hit.until > Date.now()) return hit;
    const row = await repo.credentialByHash(ctx.db, tokenHash);
    let entry: Entry = { auth: null, tokenId: null, expiresAt: 0, until: Date.now() + CACHE_TTL_MS };
    if (row && !row.token.revokedAt && row.userActive && row.memberStatus === "active") {
      const role = RoleId.safeParse(row.role);
      entry = {
        tokenId: row.token.id,
        expiresAt: row.token.expiresAt.getTime(),
        until: Date.now() + CACHE_TTL_MS,
        auth: {
          userId: row.token.userId,
          email: row.email,
          name: row.name,
          organizationId: row.organizationId,
          workspaceId: row.token.workspaceId,
          role: role.success ? role.data : "viewer",
          isInstanceAdmin: row.isInstanceAdmin,
          sessionId: null,
          // Treated as an API key by the access hook: scoped, and refused where keys are.
          via: "api_key",
          scopes: row.token.scopes,
        },
      };
    }
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
    cache.set(tokenHash, entry);
    return entry;
  }

  ctx.authenticator.addResolver(
    async (token) => {
      const entry = await lookup(hashSecretToken(token));
      if (!entry.auth || !entry.tokenId) return null;
      const now = Date.now();
      if (entry.expiresAt <= now) return null;
      if ((touched.get(entry.tokenId) ?? 0) + TOUCH_EVERY_MS <= now) {
        if (touched.size >= CACHE_MAX) touched.clear();
        touched.set(entry.tokenId, now);
        repo.touchToken(ctx.db, entry.tokenId, new Date(now)).catch((err) => ctx.log.warn({ err }, "access token last_used_at not saved"));
      }
      return entry.auth;
    },
    { prefix: ACCESS_TOKEN_PREFIX },
  );
  return { forget: (tokenHash) => void cache.delete(tokenHash) };
}
