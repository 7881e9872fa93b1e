import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createMemoryState, createRedisState, type RealtimeState } from "./realtime-state.ts";

const TTL = 90_000;
const redis = process.env.REDIS_URL ? new Redis(process.env.REDIS_URL) : null;
afterAll(() => redis?.disconnect());

const kinds: [string, ((now: () => number) => RealtimeState) | null][] = [
  ["memory", (now) => createMemoryState({ now, ttlMs: TTL })],
  ["redis", redis ? (now) => createRedisState(redis, { now, ttlMs: TTL, prefix: `test:${Date.now()}:${Math.random()}:` }) : null],
];

describe.each(kinds)("realtime state (%s)", (_name, make) => {
  const entry = (connId: string, userId: string, lastActivity: number) => ({
    connId,
    userId,
    name: userId,
    status: "online" as const,
    currentResource: null,
    lastActivity,
  });

  it.skipIf(!make)("forgets a connection that has sent nothing for 90 s, and its lock with it", async () => {
    let clock = 1_000_000;
    const state = make!(() => clock);
    await state.putPresence("w1", entry("c1", "u1", clock));
    await state.putPresence("w1", entry("c2", "u2", clock));
    await state.follow("w1", "lead:1", { connId: "c1", userId: "u1", name: "u1" });
    expect((await state.lock("w1", "lead:1", { connId: "c1", userId: "u1", name: "u1" })).connId).toBe("c1");
    expect((await state.lock("w1", "lead:1", { connId: "c2", userId: "u2", name: "u2" })).connId).toBe("c1");

    clock += 60_000;
    await state.putPresence("w1", entry("c2", "u2", clock)); // c2 pings, c1 stays silent
    clock += 31_000;
    expect((await state.listPresence("w1")).map((e) => e.connId)).toEqual(["c2"]);
    expect(await state.followers("w1", "lead:1")).toEqual([]);
    expect(await state.lockHolder("w1", "lead:1")).toBeNull();
    expect((await state.lock("w1", "lead:1", { connId: "c2", userId: "u2", name: "u2" })).connId).toBe("c2");
    // Only the holder can unlock.
    expect(await state.unlock("w1", "lead:1", "c1")).toBe(false);
    expect(await state.unlock("w1", "lead:1", "c2")).toBe(true);
    expect(await state.lockHolder("w1", "lead:1")).toBeNull();
  });

  it.skipIf(!make)("keeps rooms apart", async () => {
    const state = make!(() => Date.now());
    await state.putPresence("wA", entry("c1", "u1", Date.now()));
    expect(await state.listPresence("wB")).toEqual([]);
    await state.removePresence("wA", "c1");
    expect(await state.listPresence("wA")).toEqual([]);
  });
});
