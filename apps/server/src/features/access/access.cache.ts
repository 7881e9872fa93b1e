/**
 * The access engine's cache (outreach-core §9): at most 10,000 entries, 5 minutes each, expired
 * entries swept every 60 s; the oldest entry makes room when full. A generation counter stops a
 * load that started before an invalidation from storing what it read.
 */
export const CACHE_TTL_MS = 5 * 60_000;
export const CACHE_MAX = 10_000;
export const CACHE_SWEEP_MS = 60_000;

export interface TtlCache<V> {
  get(key: string): V | undefined;
  /** Loads through the cache; concurrent misses for one key share a single load. */
  load(key: string, loader: () => Promise<V>): Promise<V>;
  delete(key: string): void;
  /** Drops every entry whose value satisfies the predicate (or all), and voids loads in flight. */
  drop(predicate?: (value: V) => boolean): void;
  size(): number;
  close(): void;
}

export function createTtlCache<V>(opts: { ttlMs?: number; max?: number; sweepMs?: number; now?: () => number } = {}): TtlCache<V> {
  const ttl = opts.ttlMs ?? CACHE_TTL_MS;
  const max = opts.max ?? CACHE_MAX;
  const now = opts.now ?? Date.now;
  const entries = new Map<string, { value: V; expires: number }>();
  const inflight = new Map<string, Promise<V>>();
  let generation = 0;

  const sweep = setInterval(() => {
    const t = now();
    for (const [k, e] of entries) if (e.expires <= t) entries.delete(k);
  }, opts.sweepMs ?? CACHE_SWEEP_MS);
  sweep.unref();

  function get(key: string): V | undefined {
    const e = entries.get(key);
    if (!e) return undefined;
    if (e.expires <= now()) {
      entries.delete(key);
      return undefined;
    }
    return e.value;
  }

  function set(key: string, value: V): void {
    entries.delete(key);
    while (entries.size >= max) entries.delete(entries.keys().next().value as string);
    entries.set(key, { value, expires: now() + ttl });
  }

  return {
    get,
    async load(key, loader) {
      const hit = get(key);
      if (hit !== undefined) return hit;
      const pending = inflight.get(key);
      if (pending) return pending;
      const started = generation;
      const p = loader()
        .then((value) => {
          if (generation === started) set(key, value);
          return value;
        })
        .finally(() => {
          if (inflight.get(key) === p) inflight.delete(key);
        });
      inflight.set(key, p);
      return p;
    },
    delete(key) {
      entries.delete(key);
    },
    drop(predicate) {
      generation++;
      inflight.clear();
      if (!predicate) {
        entries.clear();
        return;
      }
      for (const [k, e] of entries) if (predicate(e.value)) entries.delete(k);
    },
    size: () => entries.size,
    close() {
      clearInterval(sweep);
    },
  };
}
