/**
 * Per-caller requests-per-minute by role (outreach-core §6, §9), fixed 60 s windows. In memory for
 * one process; Redis (INCR + PEXPIRE NX) when REDIS_URL is set, so the limit holds across
 * processes. If Redis stops answering, the process falls back to its own memory window rather
 * than letting every request through or refusing them all.
 */
import { FALLBACK_RATE_LIMIT, ROLE_RATE_LIMITS, type RoleId } from "@prospector/contracts";
import type { Redis } from "ioredis";
import type { AuthContext } from "../../platform/auth-context.ts";

export interface RateResult {
  allowed: boolean;
  retryAfterSeconds: number;
  limit: number;
  remaining: number;
  /** Requests counted in the current window, this one included. */
  count: number;
}

export interface RateLimiter {
  consume(auth: Pick<AuthContext, "userId" | "role">): Promise<RateResult>;
  /** The same count without a promise, for a limiter that keeps its windows in this process. */
  consumeSync?(auth: Pick<AuthContext, "userId" | "role">): RateResult;
}

export const WINDOW_MS = 60_000;

export function limitFor(role: string): number {
  // A plain own-key lookup: this runs on every request.
  return Object.hasOwn(ROLE_RATE_LIMITS, role) ? ROLE_RATE_LIMITS[role as RoleId] : FALLBACK_RATE_LIMIT;
}

function result(count: number, limit: number, msLeft: number): RateResult {
  return {
    allowed: count <= limit,
    retryAfterSeconds: Math.max(1, Math.ceil(msLeft / 1000)),
    limit,
    remaining: Math.max(0, limit - count),
    count,
  };
}

export function createMemoryRateLimiter(opts: { now?: () => number } = {}): RateLimiter {
  const now = opts.now ?? Date.now;
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = now();
  function consumeSync(auth: Pick<AuthContext, "userId" | "role">): RateResult {
    const t = now();
    if (t - lastSweep > WINDOW_MS) {
      for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
      lastSweep = t;
    }
    let w = windows.get(auth.userId);
    if (!w || w.resetAt <= t) {
      w = { count: 0, resetAt: t + WINDOW_MS };
      windows.set(auth.userId, w);
    }
    w.count++;
    return result(w.count, limitFor(auth.role), w.resetAt - t);
  }
  return { consumeSync, consume: async (auth) => consumeSync(auth) };
}

export function createRedisRateLimiter(
  redis: Redis,
  opts: { prefix?: string; fallback?: RateLimiter; onError?: (err: Error) => void } = {},
): RateLimiter {
  const prefix = opts.prefix ?? "prospector:rl:";
  const fallback = opts.fallback ?? createMemoryRateLimiter();
  return {
    async consume(auth) {
      const limit = limitFor(auth.role);
      const key = `${prefix}${auth.userId}`;
      try {
        const res = await redis.multi().incr(key).pexpire(key, WINDOW_MS, "NX").pttl(key).exec();
        if (!res || res.some(([err]) => err)) throw res?.find(([err]) => err)?.[0] ?? new Error("redis transaction aborted");
        const count = Number(res[0]?.[1] ?? 0);
        const ttl = Number(res[2]?.[1] ?? WINDOW_MS);
        return result(count, limit, ttl > 0 ? ttl : WINDOW_MS);
      } catch (err) {
        opts.onError?.(err as Error);
        return fallback.consume(auth);
      }
    },
  };
}
