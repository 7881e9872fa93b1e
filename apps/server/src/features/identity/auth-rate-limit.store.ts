/**
 * Counters and short-lived flags behind the sign-in limits: fixed windows that start at the first
 * hit. In memory for one process; Redis (INCR + PEXPIRE NX, the same technique as the per-role
 * limiter in access.rate-limit.ts) when REDIS_URL is set, so every API process sees one count. If
 * Redis stops answering, the process falls back to its own memory rather than letting every
 * attempt through or refusing them all.
 */
import type { Redis } from "ioredis";

export interface WindowCount {
  /** Hits in the current window, this one included. */
  count: number;
  msLeft: number;
}

export interface AuthLimitStore {
  hit(key: string, windowMs: number): Promise<WindowCount>;
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  del(key: string): Promise<void>;
}

const MEMORY_MAX_KEYS = 100_000;

export function createMemoryAuthLimitStore(opts: { now?: () => number } = {}): AuthLimitStore {
  const now = opts.now ?? Date.now;
  const entries = new Map<string, { value: string; count: number; expiresAt: number }>();
  let lastSweep = now();

  function live(key: string, t: number) {
    const e = entries.get(key);
    if (!e) return undefined;
    if (e.expiresAt > t) return e;
    entries.delete(key);
    return undefined;
  }
  function sweep(t: number): void {
    if (t - lastSweep < 60_000 && entries.size < MEMORY_MAX_KEYS) return;
    for (const [k, e] of entries) if (e.expiresAt <= t) entries.delete(k);
    // Still full of live keys (a flood of addresses): drop the oldest rather than grow without end.
    while (entries.size >= MEMORY_MAX_KEYS) entries.delete(entries.keys().next().value as string);
    lastSweep = t;
  }

  return {
    async hit(key, windowMs) {
      const t = now();
      sweep(t);
      let e = live(key, t);
      if (!e) {
        e = { value: "", count: 0, expiresAt: t + windowMs };
        entries.set(key, e);
      }
      e.count++;
      return { count: e.count, msLeft: e.expiresAt - t };
    },
    async get(key) {
      return live(key, now())?.value ?? null;
    },
    async set(key, value, ttlMs) {
      const t = now();
      sweep(t);
      entries.set(key, { value, count: 0, expiresAt: t + ttlMs });
    },
    async del(key) {
      entries.delete(key);
    },
  };
}

export function createRedisAuthLimitStore(
  redis: Redis,
  opts: { prefix?: string; fallback?: AuthLimitStore; onError?: (err: Error) => void } = {},
): AuthLimitStore {
  const prefix = opts.prefix ?? "prospector:authrl:";
  const fallback = opts.fallback ?? createMemoryAuthLimitStore();
  async function guarded<T>(run: () => Promise<T>, otherwise: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      opts.onError?.(err as Error);
      return otherwise();
    }
  }
  return {
    hit: (key, windowMs) =>
      guarded(
        async () => {
          const k = prefix + key;
          const res = await redis.multi().incr(k).pexpire(k, windowMs, "NX").pttl(k).exec();
          if (!res || res.some(([err]) => err)) throw res?.find(([err]) => err)?.[0] ?? new Error("redis transaction aborted");
          const ttl = Number(res[2]?.[1] ?? windowMs);
          return { count: Number(res[0]?.[1] ?? 0), msLeft: ttl > 0 ? ttl : windowMs };
        },
        () => fallback.hit(key, windowMs),
      ),
    get: (key) =>
      guarded(
        () => redis.get(prefix + key),
        () => fallback.get(key),
      ),
    set: (key, value, ttlMs) =>
      guarded(
        async () => {
          await redis.set(prefix + key, value, "PX", Math.max(1, Math.ceil(ttlMs)));
        },
        () => fallback.set(key, value, ttlMs),
      ),
    del: (key) =>
      guarded(
        async () => {
          await redis.del(prefix + key);
        },
        () => fallback.del(key),
      ),
  };
}
