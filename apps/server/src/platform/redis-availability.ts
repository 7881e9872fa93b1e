/**
 * Whether a Redis connection is usable right now, from the client's own events: down from the
 * moment the connection closes (Redis stopped, network gone) until it is ready again. Callers with
 * a local fallback (rate limits, team presence) use it to go straight to the fallback during an
 * outage instead of waiting on each command for ioredis' reconnect attempts (seconds each), and
 * to go back to the shared state as soon as the client has reconnected, without a restart.
 * Before the first connection the client counts as up: commands wait in ioredis' offline queue.
 */
import type { Redis } from "ioredis";

const known = new WeakMap<Redis, () => boolean>();

export function redisAvailability(redis: Redis): () => boolean {
  let probe = known.get(redis);
  if (!probe) {
    let up = true;
    redis.on("close", () => {
      up = false;
    });
    redis.on("end", () => {
      up = false;
    });
    redis.on("ready", () => {
      up = true;
    });
    probe = () => up;
    known.set(redis, probe);
  }
  return probe;
}
