/**
 * The one rate limiter of the server: hits counted per key in fixed windows that start at the
 * key's first hit, in this process's memory or, when REDIS_URL is set, in Redis with one atomic
 * script (INCR, and PEXPIRE when the key has no expiry yet), so every API process sees one count.
 * If Redis stops answering, a Redis store falls back to its own memory rather than letting every
 * request through or refusing them all: at once while the connection is known to be lost (no wait
 * on reconnect attempts), and back to Redis as soon as the client is ready again. The store also keeps short-lived flags (the sign-in lockout).
 *
 * Its users keep their own rules on top: the per-role limit of the access engine
 * (features/access/access.rate-limit.ts), the minute/hour/day budget of an API key (clock-aligned
 * windows: the window number is part of the key), the sign-in limits, and `perClientLimit` for
 * public endpoints throttled per client address.
 */
import type { onRequestHookHandler } from "fastify";
import type { Redis } from "ioredis";
import { AppError } from "./errors.ts";
import { redisAvailability } from "./redis-availability.ts";

/** Hits in the key's current window, this one included, and the time left in the window. */
export interface WindowCount {
  count: number;
  msLeft: number;
}

export interface RateStore {
  readonly kind: "memory" | "redis";
  /** Counts one hit on `key` in its window of `windowMs` (started by the key's first hit). */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** Counts one hit on each key, all in one step (one round trip, atomic in Redis). */
  hitAll(windows: readonly { key: string; windowMs: number }[]): Promise<WindowCount[]>;
  /** The same count without a promise: only a store that keeps its windows in this process has it. */
  hitSync?(key: string, windowMs: number): WindowCount;
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  del(key: string): Promise<void>;
}

/** A count held against a limit: what a caller answers with (429, Retry-After, X-RateLimit-*). */
export interface RateVerdict {
  allowed: boolean;
  retryAfterSeconds: number;
  limit: number;
  remaining: number;
  /** Hits counted in the current window, this one included. */
  count: number;
}

export function verdict(w: WindowCount, limit: number): RateVerdict {
  return {
    allowed: w.count <= limit,
    retryAfterSeconds: Math.max(1, Math.ceil(w.msLeft / 1000)),
    limit,
    remaining: Math.max(0, limit - w.count),
    count: w.count,
  };
}

const MEMORY_MAX_KEYS = 100_000;
const SWEEP_MS = 60_000;

export function createMemoryRateStore(opts: { now?: () => number; maxKeys?: number } = {}): RateStore & {
  hitSync(key: string, windowMs: number): WindowCount;
} {
  const now = opts.now ?? Date.now;
  const maxKeys = opts.maxKeys ?? MEMORY_MAX_KEYS;
  const entries = new Map<string, { value: string; count: number; expiresAt: number }>();
  let lastSweep = now();

  function sweep(t: number): void {
    if (t - lastSweep >= SWEEP_MS) {
      for (const [k, e] of entries) if (e.expiresAt <= t) entries.delete(k);
      lastSweep = t;
    }
    // Full of live keys (a flood of callers): drop the oldest rather than grow without end.
    while (entries.size >= maxKeys) entries.delete(entries.keys().next().value as string);
  }
  function live(key: string, t: number) {
    const e = entries.get(key);
    if (!e) return undefined;
    if (e.expiresAt > t) return e;
    entries.delete(key);
    return undefined;
  }
  function hitSync(key: string, windowMs: number): WindowCount {
    const t = now();
    sweep(t);
    let e = live(key, t);
    if (!e) {
      e = { value: "", count: 0, expiresAt: t + windowMs };
      entries.set(key, e);
    }
    e.count++;
    return { count: e.count, msLeft: e.expiresAt - t };
  }

  return {
    kind: "memory",
    hitSync,
    hit: async (key, windowMs) => hitSync(key, windowMs),
    hitAll: async (windows) => windows.map((w) => hitSync(w.key, w.windowMs)),
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

/** KEYS: the counters; ARGV: each one's window in ms. Returns count and ms left for each key. */
const HIT_SCRIPT = `
local out = {}
for i = 1, #KEYS do
  local n = redis.call('INCR', KEYS[i])
  local ttl = redis.call('PTTL', KEYS[i])
  if ttl < 0 then
    redis.call('PEXPIRE', KEYS[i], ARGV[i])
    ttl = tonumber(ARGV[i])
  end
  out[#out + 1] = n
  out[#out + 1] = ttl
end
return out`;

type WithHitCommand = Redis & { prospectorRateHit(numKeys: number, ...keysThenWindows: (string | number)[]): Promise<number[]> };

/** The script as a command of this client (EVALSHA, loading the script when Redis does not have it). */
function withHitCommand(redis: Redis): WithHitCommand {
  const r = redis as WithHitCommand;
  if (typeof r.prospectorRateHit !== "function") redis.defineCommand("prospectorRateHit", { lua: HIT_SCRIPT });
  return r;
}

export function createRedisRateStore(
  redis: Redis,
  opts: { prefix: string; fallback?: RateStore; onError?: (err: Error) => void },
): RateStore {
  const { prefix } = opts;
  const client = withHitCommand(redis);
  const fallback = opts.fallback ?? createMemoryRateStore();
  const up = redisAvailability(redis);
  async function guarded<T>(run: () => Promise<T>, otherwise: () => Promise<T>): Promise<T> {
    // Connection lost: this process's own count at once, rather than each request waiting out reconnects.
    if (!up()) return otherwise();
    try {
      return await run();
    } catch (err) {
      opts.onError?.(err as Error);
      return otherwise();
    }
  }
  const hitAll = (windows: readonly { key: string; windowMs: number }[]) =>
    guarded(
      async () => {
        const res = await client.prospectorRateHit(
          windows.length,
          ...windows.map((w) => prefix + w.key),
          ...windows.map((w) => w.windowMs),
        );
        return windows.map((w, i) => {
          const ttl = Number(res[i * 2 + 1] ?? w.windowMs);
          return { count: Number(res[i * 2] ?? 0), msLeft: ttl > 0 ? ttl : w.windowMs };
        });
      },
      () => fallback.hitAll(windows),
    );
  return {
    kind: "redis",
    hitAll,
    hit: async (key, windowMs) => (await hitAll([{ key, windowMs }]))[0] as WindowCount,
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

/** Redis when the process has a connection (shared by every process), memory otherwise. */
export function createRateStore(redis: Redis | null, opts: { prefix: string; onError?: (err: Error) => void }): RateStore {
  return redis ? createRedisRateStore(redis, opts) : createMemoryRateStore();
}

/**
 * A per-client-address limit for a public route, as its `onRequest` hook: X-RateLimit-Limit,
 * -Remaining and -Reset on every answer, and 429 RATE_LIMITED with Retry-After once the address
 * goes over `max` in its window. The address is `request.ip` (TRUST_PROXY decides what it is).
 */
export function perClientLimit(
  store: RateStore,
  opts: { max: number; windowMs: number; message: (wait: string) => string },
): onRequestHookHandler {
  return async (request, reply) => {
    const rate = verdict(await store.hit(request.ip, opts.windowMs), opts.max);
    reply.header("x-ratelimit-limit", String(rate.limit));
    reply.header("x-ratelimit-remaining", String(rate.remaining));
    reply.header("x-ratelimit-reset", String(rate.retryAfterSeconds));
    if (rate.allowed) return;
    const s = rate.retryAfterSeconds;
    const wait = s < 90 ? `${s} second${s === 1 ? "" : "s"}` : `${Math.ceil(s / 60)} minutes`;
    throw new AppError("RATE_LIMITED", opts.message(wait), { retryAfter: s });
  };
}
