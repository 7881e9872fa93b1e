import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { type AuthLimitStore, createMemoryAuthLimitStore, createRedisAuthLimitStore } from "./auth-rate-limit.store.ts";

async function behavesAsAWindowStore(store: AuthLimitStore, key: string): Promise<void> {
  expect(await store.hit(key, 60_000)).toMatchObject({ count: 1 });
  const second = await store.hit(key, 60_000);
  expect(second.count).toBe(2);
  expect(second.msLeft).toBeGreaterThan(55_000);
  expect(second.msLeft).toBeLessThanOrEqual(60_000);
  await store.set(`${key}:flag`, "123", 60_000);
  expect(await store.get(`${key}:flag`)).toBe("123");
  await store.del(`${key}:flag`);
  expect(await store.get(`${key}:flag`)).toBeNull();
}

describe("sign-in limit store", () => {
  it("counts in fixed windows that start at the first hit, and forgets expired keys (memory)", async () => {
    let now = 1_000_000;
    const store = createMemoryAuthLimitStore({ now: () => now });
    await behavesAsAWindowStore(store, "k");
    now += 60_001;
    expect(await store.hit("k", 60_000)).toMatchObject({ count: 1, msLeft: 60_000 });
    await store.set("lock", "1", 1000);
    now += 1000;
    expect(await store.get("lock")).toBeNull();
  });

  it.runIf(process.env.REDIS_URL)("keeps the same counts in Redis", async () => {
    const redis = new Redis(process.env.REDIS_URL as string);
    try {
      await behavesAsAWindowStore(createRedisAuthLimitStore(redis, { prefix: `test:authrl:${Date.now()}:` }), "k");
    } finally {
      redis.disconnect();
    }
  });

  it("falls back to this process's memory when Redis does not answer, rather than letting every attempt through", async () => {
    const dead = new Redis("redis://127.0.0.1:1", { maxRetriesPerRequest: 0, enableOfflineQueue: false, lazyConnect: true });
    dead.on("error", () => {});
    const errors: string[] = [];
    const store = createRedisAuthLimitStore(dead, { onError: (err) => errors.push(err.message) });
    try {
      await behavesAsAWindowStore(store, "k");
      expect(errors.length).toBeGreaterThan(0);
    } finally {
      dead.disconnect();
    }
  });
});
