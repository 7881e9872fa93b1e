/**
 * The store behind the sign-in limits: the platform's rate limiter (platform/rate-limit.ts), whose
 * windows start at the first hit, with its short-lived flags for the lockout. In memory for one
 * process; Redis when REDIS_URL is set, so every API process sees one count (falling back to
 * memory if Redis stops answering, rather than letting every attempt through or refusing them all).
 */
import type { Redis } from "ioredis";
import { createMemoryRateStore, createRedisRateStore, type RateStore } from "../../platform/rate-limit.ts";

export type { WindowCount } from "../../platform/rate-limit.ts";

export type AuthLimitStore = Pick<RateStore, "hit" | "get" | "set" | "del">;

export const AUTH_RATE_LIMIT_PREFIX = "prospector:authrl:";

export function createMemoryAuthLimitStore(opts: { now?: () => number } = {}): AuthLimitStore {
  return createMemoryRateStore(opts);
}

export function createRedisAuthLimitStore(
  redis: Redis,
  opts: { prefix?: string; fallback?: RateStore; onError?: (err: Error) => void } = {},
): AuthLimitStore {
  return createRedisRateStore(redis, { ...opts, prefix: opts.prefix ?? AUTH_RATE_LIMIT_PREFIX });
}
