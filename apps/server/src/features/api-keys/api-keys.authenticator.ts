/**
 * Authenticates `Authorization: Bearer psk_…` and `X-API-Key: psk_…` as the key's owner in the
 * key's workspace, with the key's permissions as scopes (the access engine allows what both the
 * scopes and the owner allow). Applies the per-key rate limits and counts usage. Lookups are
 * cached briefly; changing or deleting a key, or anything that invalidates its owner, drops it.
 */
import { API_KEY_PREFIX, RoleId } from "@prospector/contracts";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../context.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { hashSecretToken } from "../../platform/crypto.ts";
import { AppError } from "../../platform/errors.ts";
import { AUTH_INVALIDATE } from "../identity/index.ts";
import type { KeyRateLimiter } from "./api-keys.rate-limit.ts";
import { createApiKeysRepository } from "./api-keys.repository.ts";
import { API_KEYS_INVALIDATE } from "./api-keys.service.ts";
import type { UsageRecorder } from "./api-keys.usage.ts";

const CACHE_TTL_MS = 30_000;
const CACHE_MAX = 10_000;

interface Entry {
  auth: AuthContext | null;
  keyId: string | null;
  expiresAt: Date | null;
  until: number;
}

export interface ApiKeyAuthentication {
  /** Forget a key's cached lookup here at once and in every other process via the bus. */
  invalidate(keyHash: string): Promise<void>;
}

export async function registerApiKeyAuthentication(
  ctx: AppContext,
  deps: { limiter: KeyRateLimiter; usage: UsageRecorder },
): Promise<ApiKeyAuthentication> {
  const repo = createApiKeysRepository(ctx.db);
  const cache = new Map<string, Entry>();
  await ctx.bus.subscribe(API_KEYS_INVALIDATE, (msg) => cache.delete((msg as { keyHash?: string }).keyHash ?? ""));
  await ctx.bus.subscribe(AUTH_INVALIDATE, (msg) => {
    const userId = (msg as { userId?: string }).userId;
    if (!userId) return cache.clear();
    for (const [k, v] of cache) if (v.auth?.userId === userId) cache.delete(k);
  });

  async function lookup(keyHash: string): Promise<Entry> {
    const hit = cache.get(keyHash);
    if (hit && hit.until > Date.now()) return hit;
    const row = await repo.byHash(keyHash);
    let entry: Entry = { auth: null, keyId: null, expiresAt: null, until: Date.now() + CACHE_TTL_MS };
    if (row?.key.isActive && row.userActive && row.memberStatus === "active") {
      const role = RoleId.safeParse(row.role);
      entry = {
        keyId: row.key.id,
        expiresAt: row.key.expiresAt,
        until: Date.now() + CACHE_TTL_MS,
        auth: {
          userId: row.key.userId,
          email: row.email,
          name: row.name,
          organizationId: row.organizationId,
          workspaceId: row.key.workspaceId,
          role: role.success ? role.data : "viewer",
          isInstanceAdmin: row.isInstanceAdmin,
          sessionId: null,
          via: "api_key",
          scopes: row.key.permissions,
          apiKeyId: row.key.id,
          workspaceArchived: row.workspaceArchivedAt !== null,
        },
      };
    }
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
    cache.set(keyHash, entry);
    return entry;
  }

  ctx.authenticator.addResolver(
    async (token: string, request: FastifyRequest) => {
      const entry = await lookup(hashSecretToken(token));
      if (!entry.auth || !entry.keyId) return null;
      // Checked on every request, cached or not: an expired key stops at its expiry, not up to a TTL later.
      if (entry.expiresAt && entry.expiresAt.getTime() <= Date.now()) return null;
      const rate = await deps.limiter.consume(entry.keyId);
      if (!rate.allowed) {
        throw new AppError("RATE_LIMITED", `API key rate limit exceeded: ${rate.limit} requests per ${rate.window}`, {
          retryAfter: rate.retryAfterSeconds,
        });
      }
      deps.usage.record(entry.keyId, `${request.method} ${request.routeOptions.url ?? request.url.split("?")[0]}`, new Date(), request.ip);
      return entry.auth;
    },
    { prefix: API_KEY_PREFIX },
  );

  return {
    async invalidate(keyHash) {
      // Redis delivers the bus message to this process later too; the next request must not wait for it.
      cache.delete(keyHash);
      await ctx.bus.publish(API_KEYS_INVALIDATE, { keyHash });
    },
  };
}
