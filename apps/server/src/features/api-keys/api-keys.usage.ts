/**
 * Request counting for API keys without a database write per request: counts build up in memory
 * and are flushed in one batch every few seconds (and on shutdown, and before usage is read).
 */
import type { Db } from "../../db/client.ts";
import { addActivity, addKeyTotals, addUsage } from "./api-keys.repository.ts";

const FLUSH_MS = 5_000;
const HOUR_MS = 3_600_000;

export interface UsageRecorder {
  /** A recognised key's request; `ip` also counts it per hour and address (api_key_activity). */
  record(keyId: string, endpoint: string, at?: Date, ip?: string): void;
  /** A recognised key's request that was refused (401/403): counted per hour and address. */
  recordDenied(keyId: string, ip: string, at?: Date): void;
  flush(): Promise<void>;
  close(): Promise<void>;
}

export function createUsageRecorder(db: Db, log: { warn(obj: object, msg: string): void }): UsageRecorder {
  let byEndpoint = new Map<string, number>();
  let byKey = new Map<string, { n: number; last: Date }>();
  let byAddress = new Map<string, { requests: number; denied: number }>();
  let flushing: Promise<void> | null = null;

  async function write(
    endpoints: Map<string, number>,
    keys: Map<string, { n: number; last: Date }>,
    addresses: Map<string, { requests: number; denied: number }>,
  ) {
    await addUsage(
      db,
      [...endpoints].map(([k, count]) => {
        const [apiKeyId, day, ...rest] = k.split("|");
        return { apiKeyId: apiKeyId as string, day: day as string, endpoint: rest.join("|"), count };
      }),
    );
    for (const [id, { n, last }] of keys) await addKeyTotals(db, id, n, last);
    await addActivity(
      db,
      [...addresses].map(([k, v]) => {
        const [apiKeyId, hour, ...ip] = k.split("|");
        return { apiKeyId: apiKeyId as string, hour: new Date(Number(hour)), ip: ip.join("|"), ...v };
      }),
    );
  }

  const address = (keyId: string, ip: string, at: Date) => {
    const k = `${keyId}|${Math.floor(at.getTime() / HOUR_MS) * HOUR_MS}|${ip}`;
    let cur = byAddress.get(k);
    if (!cur) {
      cur = { requests: 0, denied: 0 };
      byAddress.set(k, cur);
    }
    return cur;
  };

  async function flush(): Promise<void> {
    if (flushing) await flushing;
    if (byEndpoint.size === 0 && byKey.size === 0 && byAddress.size === 0) return;
    const endpoints = byEndpoint;
    const keys = byKey;
    const addresses = byAddress;
    byEndpoint = new Map();
    byKey = new Map();
    byAddress = new Map();
    flushing = write(endpoints, keys, addresses)
      .catch((err) => log.warn({ err }, "api key usage flush failed"))
      .finally(() => {
        flushing = null;
      });
    await flushing;
  }

  const timer = setInterval(() => void flush(), FLUSH_MS);
  timer.unref();

  return {
    record(keyId, endpoint, at = new Date(), ip) {
      if (ip) address(keyId, ip, at).requests++;
      const k = `${keyId}|${at.toISOString().slice(0, 10)}|${endpoint}`;
      byEndpoint.set(k, (byEndpoint.get(k) ?? 0) + 1);
      const cur = byKey.get(keyId);
      byKey.set(keyId, { n: (cur?.n ?? 0) + 1, last: at });
    },
    recordDenied(keyId, ip, at = new Date()) {
      address(keyId, ip, at).denied++;
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
