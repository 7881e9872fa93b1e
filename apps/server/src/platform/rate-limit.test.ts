import { randomUUID } from "node:crypto";
import Fastify from "fastify";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../../test/processes.ts";
import { hasRedisServer, redisServer } from "../../test/redis-server.ts";
import { registerErrorHandling } from "./errors.ts";
import { createMemoryRateStore, createRedisRateStore, perClientLimit, type RateStore, verdict } from "./rate-limit.ts";

async function countsSeveralWindowsInOneStep(store: RateStore): Promise<void> {
  const windows = [
    { key: "k:minute", windowMs: 60_000 },
    { key: "k:hour", windowMs: 3_600_000 },
  ];
  await store.hitAll(windows);
  const [minute, hour] = await store.hitAll(windows);
  expect(minute?.count).toBe(2);
  expect(hour?.count).toBe(2);
  expect(minute?.msLeft).toBeLessThanOrEqual(60_000);
  expect(hour?.msLeft).toBeGreaterThan(60_000);
  expect((await store.hit("k:minute", 60_000)).count).toBe(3);
}

describe("the rate limiter", () => {
  it("holds a count against a limit", () => {
    expect(verdict({ count: 3, msLeft: 1500 }, 3)).toEqual({ allowed: true, retryAfterSeconds: 2, limit: 3, remaining: 0, count: 3 });
    expect(verdict({ count: 4, msLeft: 10 }, 3)).toMatchObject({ allowed: false, retryAfterSeconds: 1, remaining: 0 });
  });

  it("counts in memory, windows starting at the first hit, and bounds the number of keys", async () => {
    let now = 0;
    const store = createMemoryRateStore({ now: () => now, maxKeys: 3 });
    await countsSeveralWindowsInOneStep(store);
    expect(store.hitSync("a", 1000)).toEqual({ count: 1, msLeft: 1000 });
    now += 400;
    expect(store.hitSync("a", 1000)).toEqual({ count: 2, msLeft: 600 });
    now += 600;
    expect(store.hitSync("a", 1000)).toEqual({ count: 1, msLeft: 1000 });
    // A fourth key pushes out the oldest: "k:minute" starts afresh.
    store.hitSync("b", 1000);
    expect(store.hitSync("k:minute", 60_000).count).toBe(1);
  });

  describe.skipIf(!process.env.REDIS_URL)("in Redis", () => {
    const redis = new Redis(process.env.REDIS_URL as string);
    const prefix = `test:ratelimit:${randomUUID()}:`;
    afterAll(async () => {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    });

    it("counts several windows in one atomic script, shared by every store on the same Redis", async () => {
      await countsSeveralWindowsInOneStep(createRedisRateStore(redis, { prefix }));
      const other = createRedisRateStore(redis, { prefix });
      expect((await other.hit("k:hour", 3_600_000)).count).toBe(3);
      expect(await redis.pttl(`${prefix}k:hour`)).toBeGreaterThan(60_000);
    });
  });

  it("falls back to memory when Redis does not answer", async () => {
    const dead = new Redis("redis://127.0.0.1:1", { maxRetriesPerRequest: 0, enableOfflineQueue: false, lazyConnect: true });
    dead.on("error", () => {});
    const errors: string[] = [];
    try {
      await countsSeveralWindowsInOneStep(createRedisRateStore(dead, { prefix: "x:", onError: (err) => errors.push(err.message) }));
      expect(errors.length).toBeGreaterThan(0);
    } finally {
      dead.disconnect();
    }
  });

  it("throttles a route per client address with 429, Retry-After and the X-RateLimit headers", async () => {
    const app = Fastify();
    registerErrorHandling(app);
    const onRequest = perClientLimit(createMemoryRateStore(), {
      max: 2,
      windowMs: 60_000,
      message: (wait) => `Slow down. Try again in ${wait}.`,
    });
    app.get("/thing", { onRequest }, async () => ({ ok: true }));
    const from = (remoteAddress: string) => app.inject({ url: "/thing", remoteAddress });
    const first = await from("198.51.100.1");
    expect(first.headers).toMatchObject({ "x-ratelimit-limit": "2", "x-ratelimit-remaining": "1" });
    await from("198.51.100.1");
    const third = await from("198.51.100.1");
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: "RATE_LIMITED", detail: expect.stringMatching(/^Slow down\. Try again in \d+ seconds\.$/) });
    expect(Number(third.headers["retry-after"])).toBeGreaterThan(0);
    expect((await from("198.51.100.2")).statusCode).toBe(200);
    await app.close();
  });
});

describe.skipIf(!hasRedisServer())("a Redis store when its Redis is lost and comes back", () => {
  it("counts in this process's memory at once while the connection is lost, and in Redis again once it is back", async () => {
    const server = redisServer(await freePort());
    await server.start();
    // As runtime.ts makes it: ioredis' reconnect backoff and offline queue, three tries per command.
    const redis = new Redis(server.url, { maxRetriesPerRequest: 3 });
    redis.on("error", () => {});
    const other = new Redis(server.url, { maxRetriesPerRequest: 0 });
    other.on("error", () => {});
    const prefix = `lost:${randomUUID()}:`;
    const store = createRedisRateStore(redis, { prefix });
    try {
      expect((await store.hit("k", 60_000)).count).toBe(1);
      await server.kill();
      // Long enough for the reconnect backoff to grow: a command that waited on it would take seconds.
      await new Promise((r) => setTimeout(r, 2_000));
      const t0 = Date.now();
      const local = [];
      for (let i = 0; i < 5; i++) local.push((await store.hit("k", 60_000)).count);
      expect(Date.now() - t0).toBeLessThan(250);
      expect(local).toEqual([1, 2, 3, 4, 5]);

      await server.start();
      await new Promise<void>((resolve) => (redis.status === "ready" ? resolve() : redis.once("ready", () => resolve())));
      expect((await store.hit("k2", 60_000)).count).toBe(1);
      expect(await other.get(`${prefix}k2`)).toBe("1");
    } finally {
      redis.disconnect();
      other.disconnect();
      await server.kill();
    }
  }, 30_000);
});
