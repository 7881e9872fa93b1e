/**
 * Per-caller requests-per-minute by role (outreach-core §6), fixed 60 s windows. In memory for one
 * process; Redis (INCR + PEXPIRE) when REDIS_URL is set, so the limit holds across processes.
 */
import { FALLBACK_RATE_LIMIT, ROLE_RATE_LIMITS, RoleId } from "@prospector/contracts";
import type { Redis } from "ioredis";
import type { AuthContext } from "../../platform/auth-context.ts";

export interface RateResult {
  allowed: boolean;
  retryAfterSeconds: number;
  limit: number;
  remaining: number;
}

export interface RateLimiter {
  consume(auth: Pick<AuthContext, "userId" | "role"> & { apiKeyId?: string }): Promise<RateResult>;
}

export const WINDOW_MS = 60_000;

export function limitFor(role: string): number {
  const r = RoleId.safeParse(role);
  return r.success ? ROLE_RATE_LIMITS[r.data] : FALLBACK_RATE_LIMIT;
}

export function createMemoryRateLimiter(opts: { now?: () => number } = {}): RateLimiter {
  const now = opts.now ?? Date.now;
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = now();
  return {
    async consume(auth) {
      const t = now();
      if (t - lastSweep > WINDOW_MS) {
        for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
        lastSweep = t;
      }
      const limit = limitFor(auth.role);
      const key = auth.userId;
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + WINDOW_MS };
        windows.set(key, w);
      }
      w.count++;
      const retryAfterSeconds = Math.max(1, Math.ceil((w.resetAt - t) / 1000));
      return { allowed: w.count <= limit, retryAfterSeconds, limit, remaining: limit - w.count };
    },
  };
}

export function createRedisRateLimiter(redis: Redis, prefix = "prospector:rl:"): RateLimiter {
  return {
    async consume(auth) {
      const limit = limitFor(auth.role);
      const key = `${prefix}${auth.userId}`;
      const res = await redis.multi().incr(key).pexpire(key, WINDOW_MS, "NX").pttl(key).exec();
      const count = Number(res?.[0]?.[1] ?? 0);
      const ttl = Number(res?.[2]?.[1] ?? WINDOW_MS);
      return { allowed: count <= limit, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)), limit, remaining: limit - count };
    },
  };
}
