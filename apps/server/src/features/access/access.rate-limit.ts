/**
 * Per-caller requests-per-minute by role (outreach-core §6, §9), in fixed 60 s windows counted by
 * the platform's rate limiter (platform/rate-limit.ts): in memory for one process, in Redis when
 * REDIS_URL is set so the limit holds across processes (falling back to memory if Redis stops
 * answering).
 */
import { FALLBACK_RATE_LIMIT, ROLE_RATE_LIMITS, type RoleId } from "@prospector/contracts";
import type { Redis } from "ioredis";
import type { AuthContext } from "../../platform/auth-context.ts";
import { createMemoryRateStore, createRedisRateStore, type RateStore, type RateVerdict, verdict } from "../../platform/rate-limit.ts";

export type RateResult = RateVerdict;

export interface RateLimiter {
  consume(auth: Pick<AuthContext, "userId" | "role">): Promise<RateResult>;
  /** The same count without a promise, for a limiter that keeps its windows in this process. */
  consumeSync?(auth: Pick<AuthContext, "userId" | "role">): RateResult;
}

export const WINDOW_MS = 60_000;
export const RATE_LIMIT_PREFIX = "prospector:rl:";

export function limitFor(role: string): number {
  // A plain own-key lookup: this runs on every request.
  return Object.hasOwn(ROLE_RATE_LIMITS, role) ? ROLE_RATE_LIMITS[role as RoleId] : FALLBACK_RATE_LIMIT;
}

/** The per-role limit over a store: one window per user. */
export function createRoleRateLimiter(store: RateStore): RateLimiter {
  const { hitSync } = store;
  return {
    consumeSync: hitSync ? (auth) => verdict(hitSync(auth.userId, WINDOW_MS), limitFor(auth.role)) : undefined,
    consume: async (auth) => verdict(await store.hit(auth.userId, WINDOW_MS), limitFor(auth.role)),
  };
}

export function createMemoryRateLimiter(opts: { now?: () => number } = {}): RateLimiter {
  return createRoleRateLimiter(createMemoryRateStore(opts));
}

export function createRedisRateLimiter(redis: Redis, opts: { prefix?: string; onError?: (err: Error) => void } = {}): RateLimiter {
  return createRoleRateLimiter(createRedisRateStore(redis, { prefix: opts.prefix ?? RATE_LIMIT_PREFIX, onError: opts.onError }));
}
