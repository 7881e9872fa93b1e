/**
 * Per-key request limits (outreach-core §9: 100 a minute, 1000 an hour, 10000 a day) in fixed
 * clock-aligned windows. In memory for one process; Redis INCR per window when REDIS_URL is set,
 * so the limits hold across processes.
 */
import { API_KEY_RATE_LIMITS } from "@prospector/contracts";
import type { Redis } from "ioredis";

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

const WINDOWS = [
  { name: "minute", ms: 60_000, limit: (l: KeyLimits) => l.perMinute },
  { name: "hour", ms: 3_600_000, limit: (l: KeyLimits) => l.perHour },
  { name: "day", ms: 86_400_000, limit: (l: KeyLimits) => l.perDay },
] as const;

function verdict(counts: number[], limits: KeyLimits, t: number): KeyRateResult {
  for (const [i, w] of WINDOWS.entries()) {
    const limit = w.limit(limits);
    if ((counts[i] ?? 0) > limit) {
      const resetAt = (Math.floor(t / w.ms) + 1) * w.ms;
      return { allowed: false, window: w.name, limit, retryAfterSeconds: Math.max(1, Math.ceil((resetAt - t) / 1000)) };
    }
  }
  return { allowed: true, window: null, limit: limits.perMinute, retryAfterSeconds: 0 };
}

export function createMemoryKeyRateLimiter(opts: { limits?: KeyLimits; now?: () => number } = {}): KeyRateLimiter {
  const limits = opts.limits ?? API_KEY_RATE_LIMITS;
  const now = opts.now ?? Date.now;
  const counters = new Map<string, number>();
  let sweptDay = -1;
  return {
    async consume(keyId) {
      const t = now();
      const day = Math.floor(t / 86_400_000);
      // Buckets carry their window number, so old ones can be dropped once a day.
      if (day !== sweptDay) {
        for (const k of counters.keys()) if (!k.endsWith(`:day:${day}`)) counters.delete(k);
        sweptDay = day;
      }
      const counts = WINDOWS.map((w) => {
        const k = `${keyId}:${w.name}:${Math.floor(t / w.ms)}`;
        const n = (counters.get(k) ?? 0) + 1;
        counters.set(k, n);
        return n;
      });
      return verdict(counts, limits, t);
    },
  };
}

export function createRedisKeyRateLimiter(redis: Redis, opts: { limits?: KeyLimits; prefix?: string } = {}): KeyRateLimiter {
  const limits = opts.limits ?? API_KEY_RATE_LIMITS;
  const prefix = opts.prefix ?? "prospector:akrl:";
  return {
    async consume(keyId) {
      const t = Date.now();
      const multi = redis.multi();
      for (const w of WINDOWS) {
        const k = `${prefix}${keyId}:${w.name}:${Math.floor(t / w.ms)}`;
        multi.incr(k).pexpire(k, w.ms + 5_000);
      }
      const res = await multi.exec();
      const counts = WINDOWS.map((_, i) => Number(res?.[i * 2]?.[1] ?? 0));
      return verdict(counts, limits, t);
    },
  };
}
