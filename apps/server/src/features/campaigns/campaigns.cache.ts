/**
 * Short-lived caches for campaign reads (outreach-core §9: metrics 30 s, lists 2 min): in Redis when
 * configured, so every API process shares them, else in this process. Lists are keyed by a
 * per-workspace generation that every campaign write bumps, so a change shows at once.
 */
import type { Redis } from "ioredis";

export const METRICS_TTL_MS = 30_000;
/** Bus channel: campaigns of a workspace changed outside a campaign route (the sender completing them). */
export const CAMPAIGNS_CHANGED = "campaigns.changed";
export const LIST_TTL_MS = 120_000;
const MAX_LOCAL_ENTRIES = 5_000;

export interface CampaignCache {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown, ttlMs: number): Promise<void>;
  del(key: string): Promise<void>;
  /** The workspace's list generation (part of list keys). */
  generation(workspaceId: string): Promise<number>;
  bump(workspaceId: string): Promise<void>;
}

declare module "../../context.ts" {
  interface AppContext {
    /** Campaign lists and figures, cached per app (built by campaigns' register). */
    campaignCache: CampaignCache;
  }
}

export function createCampaignCache(redis: Redis | null): CampaignCache {
  return redis ? redisCache(redis) : memoryCache();
}

function memoryCache(): CampaignCache {
  const entries = new Map<string, { value: unknown; expires: number }>();
  const generations = new Map<string, number>();
  return {
    async get<T>(key: string) {
      const e = entries.get(key);
      if (!e) return undefined;
      if (e.expires <= Date.now()) {
        entries.delete(key);
        return undefined;
      }
      return e.value as T;
    },
    async set(key, value, ttlMs) {
      // Oldest first out: Map keeps insertion order.
      if (entries.size >= MAX_LOCAL_ENTRIES) entries.delete(entries.keys().next().value as string);
      entries.set(key, { value, expires: Date.now() + ttlMs });
    },
    async del(key) {
      entries.delete(key);
    },
    async generation(ws) {
      return generations.get(ws) ?? 0;
    },
    async bump(ws) {
      generations.set(ws, (generations.get(ws) ?? 0) + 1);
    },
  };
}

/** A cache that cannot be reached is a miss, never a failed request. */
function redisCache(redis: Redis): CampaignCache {
  const prefix = "campaigns:cache:";
  return {
    async get<T>(key: string) {
      try {
        const raw = await redis.get(prefix + key);
        return raw === null ? undefined : (JSON.parse(raw) as T);
      } catch {
        return undefined;
      }
    },
    async set(key, value, ttlMs) {
      await redis.set(prefix + key, JSON.stringify(value), "PX", ttlMs).catch(() => {});
    },
    async del(key) {
      await redis.del(prefix + key).catch(() => {});
    },
    async generation(ws) {
      try {
        return Number((await redis.get(`campaigns:gen:${ws}`)) ?? 0);
      } catch {
        // Unknown generation: a fresh value means a miss rather than a stale hit.
        return Date.now();
      }
    },
    async bump(ws) {
      await redis.incr(`campaigns:gen:${ws}`).catch(() => {});
    },
  };
}
