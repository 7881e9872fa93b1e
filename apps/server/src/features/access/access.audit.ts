/**
 * The access audit writer: denials are recorded on the request's hot path, so entries are queued
 * and written in batches (every second, or at 200 entries) instead of one insert per request.
 * Retention (90 days, outreach-core §9) is applied by the same timer, once an hour.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { type AuditInsert, insertAudit, purgeAudit } from "./access.repository.ts";

export const AUDIT_RETENTION_DAYS = 90;
const FLUSH_MS = 1000;
const BATCH = 200;
/** Beyond this the writer is not keeping up (database down): drop rather than grow without bound. */
const MAX_QUEUE = 20_000;
const PURGE_EVERY_MS = 60 * 60_000;

export interface AuditWriter {
  record(entry: AuditInsert): void;
  flush(): Promise<void>;
  close(): Promise<void>;
}

export function createAuditWriter(deps: { db: Db; log?: Pick<FastifyBaseLogger, "warn">; now?: () => number }): AuditWriter {
  const now = deps.now ?? Date.now;
  let queue: AuditInsert[] = [];
  let flushing: Promise<void> | null = null;
  let dropped = 0;
  let lastPurge = 0;

  async function writeOut(): Promise<void> {
    while (queue.length) {
      const batch = queue.slice(0, BATCH);
      try {
        await insertAudit(deps.db, batch);
        queue = queue.slice(batch.length);
      } catch (err) {
        deps.log?.warn({ err: (err as Error).message, pending: queue.length }, "access audit write failed; will retry");
        return;
      }
    }
    if (now() - lastPurge > PURGE_EVERY_MS) {
      lastPurge = now();
      await purgeAudit(deps.db, new Date(now() - AUDIT_RETENTION_DAYS * 86_400_000)).catch(() => {});
    }
  }

  function flush(): Promise<void> {
    flushing ??= writeOut().finally(() => {
      flushing = null;
    });
    return flushing;
  }

  const timer = setInterval(() => {
    if (queue.length || now() - lastPurge > PURGE_EVERY_MS) void flush();
    if (dropped) {
      deps.log?.warn({ dropped }, "access audit queue full; entries dropped");
      dropped = 0;
    }
  }, FLUSH_MS);
  timer.unref();

  return {
    record(entry) {
      if (queue.length >= MAX_QUEUE) {
        dropped++;
        return;
      }
      queue.push({ ...entry, createdAt: entry.createdAt ?? new Date(now()) });
      if (queue.length >= BATCH) void flush();
    },
    async flush() {
      await flush();
      // A flush already running when called may have started before the latest entries.
      if (queue.length) await flush();
    },
    async close() {
      clearInterval(timer);
      await this.flush();
    },
  };
}
