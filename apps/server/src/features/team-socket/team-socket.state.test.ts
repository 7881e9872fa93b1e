import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createFallbackState, createMemoryState, createRedisState, type RealtimeState } from "./team-socket.state.ts";

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
    expect((await state.lock("w1", "lead:1", { connId: "c1", userId: "u1", name: "u1" }))?.connId).toBe("c1");
    expect((await state.lock("w1", "lead:1", { connId: "c2", userId: "u2", name: "u2" }))?.connId).toBe("c1");

    clock += 60_000;
    await state.putPresence("w1", entry("c2", "u2", clock)); // c2 pings, c1 stays silent
    clock += 31_000;
    expect((await state.listPresence("w1")).map((e) => e.connId)).toEqual(["c2"]);
    expect(await state.followers("w1", "lead:1")).toEqual([]);
    expect(await state.lockHolder("w1", "lead:1")).toBeNull();
    expect((await state.lock("w1", "lead:1", { connId: "c2", userId: "u2", name: "u2" }))?.connId).toBe("c2");
    // Only the holder can unlock.
    expect(await state.unlock("w1", "lead:1", "c1")).toBe(false);
    expect(await state.unlock("w1", "lead:1", "c2")).toBe(true);
    expect(await state.lockHolder("w1", "lead:1")).toBeNull();
  });

  it.skipIf(!make)("refuses a user's lock beyond the limit, counting only live locks they still hold", async () => {
    let clock = 1_000_000;
    const state = make!(() => clock);
    const u1a = { connId: "a", userId: "u1", name: "u1" };
    const u1b = { connId: "b", userId: "u1", name: "u1" };
    await state.putPresence("w1", entry("a", "u1", clock));
    await state.putPresence("w2", entry("b", "u1", clock));
    expect(await state.lock("w1", "lead:1", u1a, 2)).toMatchObject({ connId: "a" });
    expect(await state.lock("w2", "lead:2", u1b, 2)).toMatchObject({ connId: "b" });
    // Two live locks across two workspaces and two connections: a third is refused…
    expect(await state.lock("w1", "lead:3", u1a, 2)).toBeNull();
    // …while re-locking one already held, or another user locking, is not affected.
    expect(await state.lock("w1", "lead:1", u1a, 2)).toMatchObject({ connId: "a" });
    await state.putPresence("w1", entry("z", "u2", clock));
    expect(await state.lock("w1", "lead:3", { connId: "z", userId: "u2", name: "u2" }, 2)).toMatchObject({ connId: "z" });
    // An unlock frees a slot.
    expect(await state.unlock("w1", "lead:1", "a")).toBe(true);
    expect(await state.lock("w1", "lead:4", u1a, 2)).toMatchObject({ connId: "a" });
    expect(await state.lock("w1", "lead:5", u1a, 2)).toBeNull();
    // A connection that went silent no longer holds anything: its lock stops counting.
    clock += 60_000;
    await state.putPresence("w1", entry("a", "u1", clock));
    clock += 31_000;
    expect(await state.lock("w1", "lead:5", u1a, 2)).toMatchObject({ connId: "a" });
  });

  it.skipIf(!make)("counts a user's live connections against the limit", async () => {
    let clock = 1_000_000;
    const state = make!(() => clock);
    expect(await state.addConnection("u1", "c1", 2)).toBe(true);
    expect(await state.addConnection("u1", "c2", 2)).toBe(true);
    expect(await state.addConnection("u1", "c3", 2)).toBe(false);
    expect(await state.addConnection("u1", "c1", 2)).toBe(true); // already counted
    expect(await state.addConnection("u2", "d1", 2)).toBe(true);
    await state.removeConnection("u1", "c2");
    expect(await state.addConnection("u1", "c3", 2)).toBe(true);
    // c3 keeps talking, c1 goes silent past the TTL (its process died): its slot comes back.
    clock += 60_000;
    await state.touchConnection("u1", "c3");
    clock += 31_000;
    expect(await state.addConnection("u1", "c4", 2)).toBe(true);
    expect(await state.addConnection("u1", "c5", 2)).toBe(false);
    // Touching a removed connection does not count it again.
    await state.removeConnection("u1", "c4");
    await state.touchConnection("u1", "c4");
    expect(await state.addConnection("u1", "c5", 2)).toBe(true);
  });

  it.skipIf(!make)("keeps rooms apart", async () => {
    const state = make!(() => Date.now());
    await state.putPresence("wA", entry("c1", "u1", Date.now()));
    expect(await state.listPresence("wB")).toEqual([]);
    await state.removePresence("wA", "c1");
    expect(await state.listPresence("wA")).toEqual([]);
  });
});

describe("realtime state with a fallback (Redis lost and back)", () => {
  const entry = (connId: string, userId: string) => ({
    connId,
    userId,
    name: userId,
    status: "online" as const,
    currentResource: null,
    lastActivity: Date.now(),
  });
  const ids = (list: { connId: string }[]) => list.map((e) => e.connId).sort();

  it("uses the shared state while up, this process's memory while lost, and the shared state again once back", async () => {
    const sharedStore = createMemoryState();
    let broken = false;
    // The shared state as Redis behaves when lost: every call fails.
    const shared = new Proxy(sharedStore, {
      get:
        (target, prop) =>
        (...args: unknown[]) => {
          if (broken) return Promise.reject(new Error("Connection is closed."));
          return (target[prop as keyof RealtimeState] as (...a: unknown[]) => unknown)(...args);
        },
    }) as RealtimeState;
    let up = true;
    const errors: string[] = [];
    const state = createFallbackState(shared, createMemoryState(), { up: () => up, onError: (e) => errors.push(e.message) });
    // Someone on another process, known only to the shared state.
    await sharedStore.putPresence("ws", entry("elsewhere", "u0"));
    await state.putPresence("ws", entry("c1", "u1"));
    expect(ids(await state.listPresence("ws"))).toEqual(["c1", "elsewhere"]);
    expect(await state.addConnection("u1", "c1", 1)).toBe(true);

    // Lost, known from the client's events: straight to memory, which already knows c1.
    broken = true;
    up = false;
    await state.putPresence("ws", entry("c2", "u2"));
    expect(ids(await state.listPresence("ws"))).toEqual(["c1", "c2"]);
    expect(await state.lock("ws", "lead:1", { connId: "c2", userId: "u2", name: "u2" })).toMatchObject({ connId: "c2" });
    // The per-user connection limit still holds, in this process.
    expect(await state.addConnection("u1", "c3", 1)).toBe(false);
    expect(errors).toEqual([]);

    // Lost but not yet noticed: a failing call falls back too, and is reported.
    up = true;
    expect(ids(await state.listPresence("ws"))).toEqual(["c1", "c2"]);
    expect(errors).toEqual(["Connection is closed."]);

    // Back: the shared view again; c2 reaches it with its next heartbeat.
    broken = false;
    expect(ids(await state.listPresence("ws"))).toEqual(["c1", "elsewhere"]);
    await state.putPresence("ws", entry("c2", "u2"));
    expect(ids(await state.listPresence("ws"))).toEqual(["c1", "c2", "elsewhere"]);
  });
});
