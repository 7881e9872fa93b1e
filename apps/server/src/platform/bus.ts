/**
 * Fan-out of events between processes: in memory for one process, Redis pub/sub when REDIS_URL is
 * set, so every API process's sockets see events published by any other process or worker.
 */
import { Redis } from "ioredis";
import { redisAvailability } from "./redis-availability.ts";

export type BusHandler = (message: unknown) => void;

export interface Bus {
  publish(channel: string, message: unknown): Promise<void>;
  subscribe(channel: string, handler: BusHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export function createMemoryBus(): Bus {
  const handlers = new Map<string, Set<BusHandler>>();
  return {
    async publish(channel, message) {
      for (const h of handlers.get(channel) ?? []) queueMicrotask(() => h(message));
    },
    async subscribe(channel, handler) {
      const set = handlers.get(channel) ?? new Set<BusHandler>();
      handlers.set(channel, set);
      set.add(handler);
      return async () => {
        set.delete(handler);
        if (set.size === 0) handlers.delete(channel);
      };
    },
    async close() {
      handlers.clear();
    },
  };
}

export function createRedisBus(url: string, prefix = "prospector:"): Bus {
  const pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const sub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
  // Connection errors are retried by ioredis; logging them here keeps the process alive.
  pub.on("error", () => {});
  sub.on("error", () => {});
  const local = createMemoryBus();
  const counts = new Map<string, number>();
  // Redis lost: messages reach this process's subscribers only, and joining a channel does not wait
  // on Redis; once the subscriber connection is ready again it subscribes to every channel in use.
  const pubUp = redisAvailability(pub);
  const subUp = redisAvailability(sub);
  sub.on("ready", () => {
    if (counts.size > 0) sub.subscribe(...[...counts.keys()].map((c) => prefix + c)).catch(() => {});
  });
  sub.on("message", (channel: string, raw: string) => {
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch {
      return;
    }
    void local.publish(channel.slice(prefix.length), message);
  });
  return {
    async publish(channel, message) {
      if (!pubUp()) return local.publish(channel, message);
      await pub.publish(prefix + channel, JSON.stringify(message));
    },
    async subscribe(channel, handler) {
      const n = counts.get(channel) ?? 0;
      counts.set(channel, n + 1);
      if (n === 0 && subUp()) await sub.subscribe(prefix + channel);
      const off = await local.subscribe(channel, handler);
      return async () => {
        await off();
        const left = (counts.get(channel) ?? 1) - 1;
        counts.set(channel, left);
        if (left === 0) {
          counts.delete(channel);
          if (subUp()) await sub.unsubscribe(prefix + channel);
        }
      };
    },
    async close() {
      await local.close();
      pub.disconnect();
      sub.disconnect();
    },
  };
}
