/**
 * Per-key request limits (outreach-core §9: 100 a minute, 1000 an hour, 10000 a day) in fixed
 * clock-aligned windows (the window's number is part of the counter's key), counted by the
 * platform's rate limiter (platform/rate-limit.ts): in memory for one process, in Redis when
 * REDIS_URL is set so the limits hold across processes.
 */
import { API_KEY_RATE_LIMITS } from "@prospector/contracts";
import type { Redis } from "ioredis";
import { createMemoryRateStore, createRedisRateStore, type RateStore } from "../../platform/rate-limit.ts";

export interface KeyLimits {
  perMinute: number;
  perHour: number;
  perDay: number;
}

export interface KeyRateResult {
  allowed: boolean;
  /** The window that refused the request. */
  window: "minute" | "hour" | "day" | null;
  limit: number;
  retryAfterSeconds: number;
}

export interface KeyRateLimiter {
  consume(keyId: string): Promise<KeyRateResult>;
}

export const KEY_RATE_LIMIT_PREFIX = "prospector:akrl:";

const WINDOWS = [
  { name: "minute", ms: 60_000, limit: (l: KeyLimits) => l.perMinute },
  { name: "hour", ms: 3_600_000, limit: (l: KeyLimits) => l.perHour },
  { name: "day", ms: 86_400_000, limit: (l: KeyLimits) => l.perDay },
] as const;
/** A counter outlives its clock window a little, so a late hit never starts it afresh. */
const GRACE_MS = 5_000;

function decide(counts: number[], limits: KeyLimits, t: number): KeyRateResult {
  for (const [i, w] of WINDOWS.entries()) {
    const limit = w.limit(limits);
    if ((counts[i] ?? 0) > limit) {
      const resetAt = (Math.floor(t / w.ms) + 1) * w.ms;
      return { allowed: false, window: w.name, limit, retryAfterSeconds: Math.max(1, Math.ceil((resetAt - t) / 1000)) };
    }
  }
  return { allowed: true, window: null, limit: limits.perMinute, retryAfterSeconds: 0 };
}

/** The three windows of a key over a store, counted together (one round trip to Redis). */
export function createKeyRateLimiter(store: RateStore, opts: { limits?: KeyLimits; now?: () => number } = {}): KeyRateLimiter {
  const limits = opts.limits ?? API_KEY_RATE_LIMITS;
  const now = opts.now ?? Date.now;
  return {
    async consume(keyId) {
      const t = now();
      const counts = await store.hitAll(
        WINDOWS.map((w) => ({ key: `${keyId}:${w.name}:${Math.floor(t / w.ms)}`, windowMs: w.ms + GRACE_MS })),
      );
      return decide(
        counts.map((c) => c.count),
        limits,
        t,
      );
    },
  };
}

export function createMemoryKeyRateLimiter(opts: { limits?: KeyLimits; now?: () => number } = {}): KeyRateLimiter {
  return createKeyRateLimiter(createMemoryRateStore({ now: opts.now }), opts);
}

export function createRedisKeyRateLimiter(redis: Redis, opts: { limits?: KeyLimits; prefix?: string } = {}): KeyRateLimiter {
  return createKeyRateLimiter(createRedisRateStore(redis, { prefix: opts.prefix ?? KEY_RATE_LIMIT_PREFIX }), opts);
}
