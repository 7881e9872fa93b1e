/**
 * Request counting for API keys without a database write per request: counts build up in memory
 * and are flushed in one batch every few seconds (and on shutdown, and before usage is read).
 */
import type { Db } from "../../db/client.ts";
import { addKeyTotals, addUsage } from "./api-keys.repository.ts";

const FLUSH_MS = 5_000;

export interface UsageRecorder {
  record(keyId: string, endpoint: string, at?: Date): void;
  flush(): Promise<void>;
  close(): Promise<void>;
}

export function createUsageRecorder(db: Db, log: { warn(obj: object, msg: string): void }): UsageRecorder {
  let byEndpoint = new Map<string, number>();
  let byKey = new Map<string, { n: number; last: Date }>();
  let flushing: Promise<void> | null = null;

  async function write(endpoints: Map<string, number>, keys: Map<string, { n: number; last: Date }>) {
    await addUsage(
      db,
      [...endpoints].map(([k, count]) => {
        const [apiKeyId, day, ...rest] = k.split("|");
        return { apiKeyId: apiKeyId as string, day: day as string, endpoint: rest.join("|"), count };
      }),
    );
    for (const [id, { n, last }] of keys) await addKeyTotals(db, id, n, last);
  }

  async function flush(): Promise<void> {
    if (flushing) await flushing;
    if (byEndpoint.size === 0 && byKey.size === 0) return;
    const endpoints = byEndpoint;
    const keys = byKey;
    byEndpoint = new Map();
    byKey = new Map();
    flushing = write(endpoints, keys)
      .catch((err) => log.warn({ err }, "api key usage flush failed"))
      .finally(() => {
        flushing = null;
      });
    await flushing;
  }

  const timer = setInterval(() => void flush(), FLUSH_MS);
  timer.unref();

  return {
    record(keyId, endpoint, at = new Date()) {
      const k = `${keyId}|${at.toISOString().slice(0, 10)}|${endpoint}`;
      byEndpoint.set(k, (byEndpoint.get(k) ?? 0) + 1);
      const cur = byKey.get(keyId);
      byKey.set(keyId, { n: (cur?.n ?? 0) + 1, last: at });
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
