import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createMemoryRateLimiter, createRedisRateLimiter, limitFor, type RateLimiter } from "./access.rate-limit.ts";

async function burst(limiter: RateLimiter, userId: string, role: "viewer" | "admin" | "manager", n: number) {
  const results = [];
  for (let i = 0; i < n; i++) results.push(await limiter.consume({ userId, role }));
  return results;
}

describe("rate limits per role", () => {
  it("uses the spec's per-minute limits, and 100 for anything else", () => {
    expect([limitFor("admin"), limitFor("manager"), limitFor("sales_rep"), limitFor("viewer"), limitFor("robot")]).toEqual([
      1000, 500, 200, 100, 100,
    ]);
  });
});

describe("memory rate limiter", () => {
  it("allows a viewer 100 requests a minute, refuses the 101st with a retry time, and resets after the window", async () => {
    let t = 1_000_000;
    const limiter = createMemoryRateLimiter({ now: () => t });
    const results = await burst(limiter, "u1", "viewer", 101);
    expect(results.slice(0, 100).every((r) => r.allowed)).toBe(true);
    expect(results[100]).toMatchObject({ allowed: false, limit: 100, remaining: 0, count: 101, retryAfterSeconds: 60 });
    t += 30_000;
    expect((await limiter.consume({ userId: "u1", role: "viewer" })).retryAfterSeconds).toBe(30);
    // Another caller has their own window.
    expect((await limiter.consume({ userId: "u2", role: "viewer" })).allowed).toBe(true);
    t += 30_001;
    expect(await limiter.consume({ userId: "u1", role: "viewer" })).toMatchObject({ allowed: true, count: 1 });
  });
});

describe.skipIf(!process.env.REDIS_URL)("Redis rate limiter", () => {
  const redis = new Redis(process.env.REDIS_URL as string);
  const prefix = `test:rl:${randomUUID()}:`;
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it("shares one window between processes (two limiters on one Redis)", async () => {
    const a = createRedisRateLimiter(redis, { prefix });
    const b = createRedisRateLimiter(redis, { prefix });
    const results = [...(await burst(a, "u1", "viewer", 60)), ...(await burst(b, "u1", "viewer", 41))];
    expect(results.filter((r) => r.allowed)).toHaveLength(100);
    const last = results.at(-1)!;
    expect(last).toMatchObject({ allowed: false, count: 101, limit: 100 });
    expect(last.retryAfterSeconds).toBeGreaterThan(0);
    expect(last.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(await redis.pttl(`${prefix}u1`)).toBeGreaterThan(0);
  });

  it("falls back to a memory window when Redis fails", async () => {
    const broken = new Redis("redis://127.0.0.1:1", { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false });
    broken.on("error", () => {});
    const errors: Error[] = [];
    const limiter = createRedisRateLimiter(broken, { prefix, onError: (e) => errors.push(e) });
    const results = await burst(limiter, "u9", "viewer", 101);
    expect(results[99]?.allowed).toBe(true);
    expect(results[100]?.allowed).toBe(false);
    expect(errors.length).toBeGreaterThan(0);
    broken.disconnect();
  });
});
