/**
 * The access engine's cache (outreach-core §9): at most 10,000 entries, 5 minutes each, expired
 * entries swept every 60 s; the oldest entry makes room when full. A generation counter stops a
 * load that started before an invalidation from storing what it read.
 */
export const CACHE_TTL_MS = 5 * 60_000;
export const CACHE_MAX = 10_000;
export const CACHE_SWEEP_MS = 60_000;

/**
 * A stored entry. `live` turns false the moment the entry leaves the cache (replaced, deleted,
 * evicted, dropped), so a caller holding the record can tell without looking the key up again.
 */
export interface CacheRecord<V> {
  readonly value: V;
  readonly expires: number;
  live: boolean;
}

export interface TtlCache<V> {
  get(key: string): V | undefined;
  /** The live record behind `get`, to hold on to (see CacheRecord.live); undefined when absent or expired. */
  record(key: string): CacheRecord<V> | undefined;
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
  const entries = new Map<string, CacheRecord<V>>();
  const remove = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    e.live = false;
    entries.delete(key);
  };
  const inflight = new Map<string, Promise<V>>();
  let generation = 0;

  const sweep = setInterval(() => {
    const t = now();
    for (const [k, e] of entries) if (e.expires <= t) remove(k);
  }, opts.sweepMs ?? CACHE_SWEEP_MS);
  sweep.unref();

  function record(key: string): CacheRecord<V> | undefined {
    const e = entries.get(key);
    if (!e) return undefined;
    if (e.expires <= now()) {
      remove(key);
      return undefined;
    }
    return e;
  }

  function set(key: string, value: V): void {
    remove(key);
    while (entries.size >= max) remove(entries.keys().next().value as string);
    entries.set(key, { value, expires: now() + ttl, live: true });
  }

  return {
    get: (key) => record(key)?.value,
    record,
    async load(key, loader) {
      const hit = record(key)?.value;
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
      remove(key);
    },
    drop(predicate) {
      generation++;
      inflight.clear();
      for (const [k, e] of entries) if (!predicate || predicate(e.value)) remove(k);
    },
    size: () => entries.size,
    close() {
      clearInterval(sweep);
    },
  };
}
