import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../../test/processes.ts";
import { hasRedisServer, redisServer } from "../../test/redis-server.ts";
import { waitFor } from "../../test/wait.ts";
import { type Bus, createRedisBus } from "./bus.ts";

describe.skipIf(!hasRedisServer())("the Redis bus when Redis is lost and comes back", () => {
  const buses: Bus[] = [];
  afterAll(async () => {
    for (const b of buses) await b.close();
  });

  it("delivers within the process without waiting on Redis while it is lost, and across processes again once it is back", async () => {
    const server = redisServer(await freePort());
    await server.start();
    try {
      const a = createRedisBus(server.url, "bus-test:");
      const b = createRedisBus(server.url, "bus-test:");
      buses.push(a, b);
      const seen: unknown[] = [];
      await a.subscribe("room", (m) => void seen.push(m));
      await b.publish("room", { n: 1 });
      await waitFor(() => seen.length === 1, { what: "the message across buses" });

      await server.kill();
      await new Promise((r) => setTimeout(r, 1_500));
      // Joining a new channel and publishing do not hang on the lost connection.
      const t0 = Date.now();
      const local: unknown[] = [];
      await a.subscribe("later", (m) => void local.push(m));
      await a.publish("later", { n: 2 });
      expect(Date.now() - t0).toBeLessThan(250);
      expect(local).toEqual([{ n: 2 }]);

      await server.start();
      // The channel joined during the outage is subscribed in Redis once the connection is back.
      await waitFor(
        async () => {
          await b.publish("later", { n: 3 });
          return local.some((m) => (m as { n: number }).n === 3);
        },
        { what: "delivery across buses after Redis came back", timeoutMs: 15_000, intervalMs: 200 },
      );
    } finally {
      await server.kill();
    }
  }, 40_000);
});
